import ListviewBatches
import ListviewInput
@testable import ListviewJSON
import ListviewTestSupport
import ListviewValues
import XCTest

/// A JSON read that keeps only some columns' cells (`onlyColumns`, a count's projection) against
/// the read that keeps them all: the same batches, columns, field orders and errors; the kept
/// columns' cells byte for byte, every other cell absent.
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

    /// The cells of `table` as text, with every column not in `kept` (nil: all) shown absent, and
    /// each row's kept fields in their record's order (a row joined as a record has no order for
    /// the fields passed over). With `columns`, the columns too (read whole, parts whose columns
    /// differ join row by row: a column only a field passed over had is not made).
    private static func dump(_ table: CellTable, kept: Set<String>?, columns: Bool) -> String {
        var text = columns ? "columns \(table.columns) rows \(table.rowCount)\n" : "rows \(table.rowCount)\n"
        let shapes = RecordShapeCache()
        table.withCells { cells in
            for row in 0..<table.rowCount {
                text += "\(table.record(at: row, shapes: shapes).names.filter { kept?.contains($0) ?? true }): "
                for (column, name) in table.columns.enumerated() where columns || kept?.contains(name) != false {
                    let cell = cells.cell(row: row, column: column)
                    text += kept?.contains(name) == false ? "absent:\t" : "\(cell.kind):\(String(decoding: cell.text, as: UTF8.self))\t"
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
                XCTAssertEqual(some.batches.map { Self.cellsOutside(kept, of: $0) }.reduce(0, +), 0, "cells of columns not kept")
                XCTAssertEqual(some.batches.map { Self.dump($0, kept: kept, columns: !whole) }, all.batches.map { Self.dump($0, kept: kept, columns: !whole) },
                               "kept \(kept.sorted()), whole \(whole): \(text.prefix(1_000))")
                // The values passed over are absent, not kept.
                let absentBefore = all.batches.map { Self.absentCells($0) }.reduce(0, +)
                let absentAfter = some.batches.map { Self.absentCells($0) }.reduce(0, +)
                if absentAfter > absentBefore { passedOver += 1 }
            }
        }
        XCTAssertGreaterThan(passedOver, 40, "values were passed over")
    }

    /// The cells not absent in the columns of `table` not in `kept`.
    private static func cellsOutside(_ kept: Set<String>, of table: CellTable) -> Int {
        table.withCells { cells in
            (0..<table.rowCount).reduce(0) { count, row in
                count + table.columns.indices.filter { !kept.contains(table.columns[$0]) && cells.cell(row: row, column: $0).kind != .absent }.count
            }
        }
    }

    /// The absent cells of `table`.
    private static func absentCells(_ table: CellTable) -> Int {
        table.withCells { cells in
            (0..<table.rowCount).reduce(0) { count, row in
                count + (0..<table.columns.count).filter { cells.cell(row: row, column: $0).kind == .absent }.count
            }
        }
    }
}
