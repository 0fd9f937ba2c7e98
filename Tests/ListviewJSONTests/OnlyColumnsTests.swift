import ListviewBatches
import ListviewInput
@testable import ListviewJSON
import ListviewTestSupport
import ListviewValues
import XCTest

/// A JSON read that keeps only some columns' cells (`onlyColumns`, a count's projection) against
/// the read that keeps them all: the same batches, rows, field orders and errors; the kept
/// columns in the same order with their cells byte for byte, and no column for the others (as a
/// CSV reader leaves a header's other columns out).
final class OnlyColumnsTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
        super.tearDown()
    }

    /// What a read gave: each batch's columns, field orders and rows, and the error that ended it.
    private struct Reading {
        var batches: [CellTable] = []
        var error: String?
    }

    private func read(_ path: String, lines: Bool, onlyColumns: Set<String>?, chunkSize: Int, whole: Bool) throws -> Reading {
        let source = JSONRecordSource(input: try ByteInput(path: path, chunkSize: chunkSize), lines: lines, schema: RecordSchema(),
                                      onlyColumns: onlyColumns)
        var reading = Reading()
        do {
            if whole {
                source.parallelThreshold = 1
                if let table = try source.cellTable() { reading.batches.append(table) }
            } else {
                while let batch = try source.nextBatch(schema: RecordSchema()) { reading.batches.append(batch) }
            }
        } catch {
            reading.error = "\(error)"
        }
        return reading
    }

    /// The columns of `table` in `kept` (nil: all) and their cells as text, with each row's kept
    /// fields in their record's order. With `columns`, the columns' names and order too (read
    /// whole, parts whose columns differ join row by row, in the order of the first part's).
    private static func dump(_ table: CellTable, kept: Set<String>?, columns: Bool) -> String {
        let keptColumns = table.columns.indices.filter { kept?.contains(table.columns[$0]) ?? true }
        let names = keptColumns.map { table.columns[$0] }
        var text = columns ? "columns \(names) rows \(table.rowCount)\n" : "rows \(table.rowCount)\n"
        let shapes = RecordShapeCache()
        table.withCells { cells in
            for row in 0..<table.rowCount {
                text += "\(table.record(at: row, shapes: shapes).names.filter { kept?.contains($0) ?? true }): "
                for column in (columns ? keptColumns : keptColumns.sorted { table.columns[$0] < table.columns[$1] }) {
                    let cell = cells.cell(row: row, column: column)
                    text += "\(table.columns[column])=\(cell.kind):\(String(decoding: cell.text, as: UTF8.self))\t"
                }
                text += "\n"
            }
        }
        return text
    }

    func testRandomDocumentsKeepTheirChosenColumnsOnly() throws {
        var random = seededRandom()
        var passedOver = 0
        for _ in 0..<80 {
            let lines = random.next(2) == 0
            let records = (0..<(1 + random.next(200))).map { _ in
                random.next(15) == 0 ? RandomJSON.value(&random, depth: 0) : RandomJSON.object(&random, depth: 0)
            }
            var text = lines ? records.joined(separator: "\n") + "\n" : "[" + records.joined(separator: ",\n") + "]\n"
            if random.next(4) == 0 {
                var bytes = Array(text.utf8)
                bytes[random.next(bytes.count)] = random.element(of: Array("{}[],:\"\\x1 ".utf8)) ?? 0x20
                text = String(decoding: bytes, as: UTF8.self)
            }
            let path = try files.write(text, extension: lines ? "jsonl" : "json")
            let kept = Set(["id", "a", "value", "é", "missing"].filter { _ in random.next(2) == 0 })
            let chunkSize = 64 + random.next(8_000)
            for whole in [false, true] {
                let all = try read(path, lines: lines, onlyColumns: nil, chunkSize: chunkSize, whole: whole)
                let some = try read(path, lines: lines, onlyColumns: kept, chunkSize: chunkSize, whole: whole)
                XCTAssertEqual(some.error, all.error, "\(text.prefix(1_000))")
                XCTAssertEqual(some.batches.flatMap { $0.columns.filter { !kept.contains($0) } }, [], "columns not kept")
                XCTAssertEqual(some.batches.map { Self.dump($0, kept: kept, columns: !whole) }, all.batches.map { Self.dump($0, kept: kept, columns: !whole) },
                               "kept \(kept.sorted()), whole \(whole): \(text.prefix(1_000))")
                // Some columns were left out.
                if some.batches.map(\.columns.count).reduce(0, +) < all.batches.map(\.columns.count).reduce(0, +) { passedOver += 1 }
            }
        }
        XCTAssertGreaterThan(passedOver, 40, "values were passed over")
    }
}
