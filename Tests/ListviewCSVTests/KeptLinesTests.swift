import ListviewBatches
@testable import ListviewCSV
import ListviewInput
import ListviewTestSupport
import ListviewValues
import XCTest

/// A kept line (one a reader offers: no quote where quotes group text, no escape, no CR, no line
/// break) split at its delimiters is the row libcsv reads from it: the same cells, each `.text`,
/// rows passed over and other tables' rows put between them in order.
final class KeptLinesTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
    }

    /// Each row's cells as `kind:text`, joined by `|`.
    private func rows(of table: CellTable) -> [String] {
        table.withCells { cells in
            (0..<table.rowCount).map { row in
                (0..<table.columns.count).map { column in
                    let cell = cells.cell(row: row, column: column)
                    return "\(cell.kind):\(String(decoding: cell.text, as: UTF8.self))"
                }.joined(separator: "|")
            }
        }
    }

    /// `lines` under `header` as the CSV reader reads them whole.
    private func parsed(_ header: String, _ lines: [String], tsv: Bool) throws -> CellTable {
        var options = CSVOptions()
        if tsv { (options.delimiter, options.quoting, options.backslashEscapes) = (0x09, false, true) }
        let text = ([header] + lines).joined(separator: "\n") + "\n"
        let source = CSVRecordSource(input: try ByteInput(path: try files.write(text)), options: options, schema: RecordSchema())
        var table: CellTable?
        while let batch = try source.nextBatch(schema: RecordSchema()) {
            if table == nil { table = batch } else { table?.append(rows: 0..<batch.rowCount, of: batch, schema: RecordSchema(columns: batch.columns)) }
        }
        return try XCTUnwrap(table)
    }

    /// `lines` split by `KeptLines` onto a table of `columns` (and `extra` more), in runs of up to `run`.
    private func kept(_ columns: [String], extra: [String] = [], _ lines: [String], delimiter: UInt8, run: Int) -> CellTable? {
        let empty = CellTable(columns: columns + extra, inferTypes: true)
        let kept = KeptLines(columnCount: columns.count, delimiter: delimiter, into: empty)
        let text = Array(lines.joined().utf8)
        var ranges: [Range<Int>] = []
        var start = 0
        for line in lines {
            ranges.append(start..<start + line.utf8.count)
            start += line.utf8.count
        }
        var next = 0
        while next < ranges.count {
            let end = min(ranges.count, next + run)
            guard text.withUnsafeBytes({ kept.append(ranges[next..<end], of: $0) }) else { return nil }
            next = end
        }
        return kept.take(leaving: empty)
    }

    func testSplitLinesAreTheRowsLibcsvReads() throws {
        var random = seededRandom(42_2026)
        for round in 0..<150 {
            let tsv = random.next(3) == 0
            let delimiter: UInt8 = tsv ? 0x09 : 0x2C
            let separator = tsv ? "\t" : ","
            let width = 1 + random.next(6)
            let columns = (0..<width).map { "c\($0)" }
            // Text a kept line may hold: no quote in CSV, no backslash in TSV, never a CR or LF.
            let pieces = ["a", "7", "-1.5", " ", "  x ", "é", "山", "", "1e3", tsv ? "\"q\"" : "\t", "true", "0x1F"]
            let lines = (0..<(1 + random.next(30))).map { _ in
                (0..<width).map { _ in (0..<random.next(3)).map { _ in pieces[random.next(pieces.count)] }.joined() }.joined(separator: separator)
            }.filter { !$0.isEmpty }
            guard !lines.isEmpty else { continue }
            let expected = rows(of: try parsed(columns.joined(separator: separator), lines, tsv: tsv))
            let split = try XCTUnwrap(kept(columns, lines, delimiter: delimiter, run: 1 + random.next(8)), "round \(round)")
            XCTAssertEqual(rows(of: split), expected, "round \(round)")
            // A table with a column more (a long row's elsewhere): each row ends short of it.
            let wider = try XCTUnwrap(kept(columns, extra: ["extra"], lines, delimiter: delimiter, run: 1 + random.next(8)))
            XCTAssertEqual(rows(of: wider), expected.map { $0 + "|absent:" }, "round \(round)")
        }
    }

    func testALineOfTheWrongShapeIsRefused() {
        XCTAssertNil(kept(["a", "b"], ["1,2", "3"], delimiter: 0x2C, run: 2))
        XCTAssertNil(kept(["a", "b"], ["1,2,3"], delimiter: 0x2C, run: 1))
        XCTAssertNil(kept(["a"], [""], delimiter: 0x2C, run: 1))
        // A line break or CR in a line read back: not a line the reader kept.
        XCTAssertNil(kept(["a", "b"], ["1,2\n3"], delimiter: 0x2C, run: 1))
        XCTAssertNil(kept(["a", "b"], ["1,2", "3,4\r"], delimiter: 0x2C, run: 2))
        XCTAssertEqual(kept(["a", "b"], ["1,2", "3,4"], delimiter: 0x2C, run: 2)?.rowCount, 2)
    }

    func testRowsAndRowsPassedOverGoBetweenTheLines() throws {
        var other = CellTable(columns: ["a", "b"], inferTypes: true)
        for text in ["x", "\"y, z\""] { text.utf8CString.withUnsafeBytes { other.appendCell(UnsafeRawBufferPointer(rebasing: $0.dropLast())) } }
        _ = other.endRow()
        let empty = CellTable(columns: ["a", "b"], inferTypes: true)
        let kept = KeptLines(columnCount: 2, delimiter: 0x2C, into: empty)
        let text = Array("1,2".utf8)
        XCTAssertTrue(text.withUnsafeBytes { kept.append([0..<3], of: $0) })
        kept.passOver(tag: 7)
        kept.append(rows: 0..<1, of: other, schema: RecordSchema(columns: ["a", "b"]))
        let table = kept.take(leaving: empty)
        XCTAssertEqual(rows(of: table), ["text:1|text:2", "text:x|text:\"y, z\""])
        XCTAssertEqual(table.passedOver, [PassedOverRow(position: 1, tag: 7)])
        XCTAssertEqual(kept.rowCount, 0)
    }
}
