import ListviewBatches
import ListviewTestSupport
import ListviewValues
import XCTest

final class CellTableTests: XCTestCase {
    private func table(_ rows: [[String]], columns: [String] = ["a", "b"], inferTypes: Bool = true) -> CellTable {
        var table = CellTable(columns: columns, inferTypes: inferTypes)
        for row in rows {
            for cell in row { Array(cell.utf8).withUnsafeBytes { table.appendCell($0) } }
            _ = table.endRow()
        }
        return table
    }

    private func contents(_ table: CellTable) -> [[Value?]] {
        let columns = table.columns.indices.map { column in table.mapColumn(column) { $0.value(of: $1, inferTypes: table.inferTypes) } }
        return (0..<table.rowCount).map { row in columns.map { $0[row] } }
    }

    func testCellsReadAsTheRecordReaderMakesThem() {
        XCTAssertEqual(contents(table([["1", "x"], ["", "2.5"]])), [[.number("1"), .string("x")], [.string(""), .number("2.5")]])
        XCTAssertEqual(contents(table([["1", "x"]], inferTypes: false)), [[.string("1"), .string("x")]])
    }

    func testShortRowsArePaddedWithMissingCellsAndLongRowsRefused() {
        var cells = table([["1"], ["2", "y"]])
        XCTAssertEqual(contents(cells), [[.number("1"), .null], [.number("2"), .string("y")]])
        for cell in ["3", "z", "extra"] { Array(cell.utf8).withUnsafeBytes { cells.appendCell($0) } }
        XCTAssertFalse(cells.endRow())
        XCTAssertEqual(cells.rowCount, 2)
        XCTAssertEqual(contents(cells), [[.number("1"), .null], [.number("2"), .string("y")]])
    }

    /// The arena is shared by copies until one writes (copy on write): growing one copy, or
    /// dropping a row from it, leaves the other's cells as they were.
    func testACopiedTableKeepsItsCellsWhenEitherGrows() {
        func text(_ table: CellTable) -> [String] {
            table.withCells { cells in
                (0..<table.rowCount).map { row in String(decoding: cells.cell(row: row, column: 0).text, as: UTF8.self) }
            }
        }
        var original = CellTable(columns: ["a"], inferTypes: false)
        for word in ["one", "two"] {
            Array(word.utf8).withUnsafeBytes { original.appendCell($0) }
            _ = original.endRow()
        }
        var copy = original
        for index in 0..<2_000 {
            Array("copy \(index)".utf8).withUnsafeBytes { copy.appendCell($0) }
            _ = copy.endRow()
        }
        Array("three".utf8).withUnsafeBytes { original.appendCell($0) }
        _ = original.endRow()
        XCTAssertEqual(text(original), ["one", "two", "three"])
        XCTAssertEqual(text(copy).prefix(3), ["one", "two", "copy 0"])
        XCTAssertEqual(copy.rowCount, 2_002)
        var shrunk = copy
        Array("pending".utf8).withUnsafeBytes { shrunk.appendCell($0) }
        shrunk.discardPendingRow()
        Array("last".utf8).withUnsafeBytes { shrunk.appendCell($0) }
        _ = shrunk.endRow()
        XCTAssertEqual(text(shrunk).last, "last")
        XCTAssertEqual(text(copy).last, "copy 1999")
    }

    func testDiscardingAnUnfinishedRow() {
        var cells = CellTable(columns: ["q"], inferTypes: true)
        Array("half".utf8).withUnsafeBytes { cells.appendCell($0) }
        cells.discardPendingRow()
        Array("say \"hi\"".utf8).withUnsafeBytes { cells.appendCell($0) }
        XCTAssertTrue(cells.endRow())
        XCTAssertEqual(contents(cells), [[.string("say \"hi\"")]])
    }

    func testAppendingAnotherPartKeepsMissingCellsOnEitherSide() {
        for (first, second) in [([["1"]], [["2", "b"]]), ([["1", "a"]], [["2"]]), ([["1", "a"]], [["2", "b"]])] {
            var joined = table(first)
            XCTAssertTrue(joined.append(table(second)))
            XCTAssertEqual(contents(joined), contents(table(first + second)), "\(first) + \(second)")
        }
        var joined = table([["1", "a"]])
        XCTAssertFalse(joined.append(table([["2", "b"]], columns: ["b", "a"])), "other columns")
        XCTAssertEqual(joined.rowCount, 1)
    }

    /// A large later part joins without a copy and reads as the rows appended one by one; any
    /// change afterwards copies it in first, and the rows still read the same.
    func testALargeJoinedPartReadsAsRowsAppendedInOrder() {
        let first = (0..<70_000).map { ["\($0)", $0 % 3 == 0 ? "" : "x\($0)"] }
        let later = (70_000..<140_000).map { ["\($0)", "y\($0 % 11)"] }
        var joined = table(first)
        XCTAssertTrue(joined.append(table(later)))
        XCTAssertEqual(joined.rowCount, 140_000)
        let expected = contents(table(first + later))
        XCTAssertEqual(contents(joined), expected)
        XCTAssertEqual(joined.measures.map(\.width), table(first + later).measures.map(\.width))
        for cell in ["1", "z"] { Array(cell.utf8).withUnsafeBytes { joined.appendCell($0) } }
        XCTAssertTrue(joined.endRow())
        XCTAssertEqual(contents(joined), expected + [[.number("1"), .string("z")]])
    }
}

extension CellTableTests {
    /// Rows visited out of order (prefetching ahead) come in the order given, with their indices,
    /// in a table with a joined part and in a ragged one.
    func testForEachRowVisitsRowsInTheOrderGiven() {
        var joined = table((0..<70_000).map { ["\($0)", "x"] })
        XCTAssertTrue(joined.append(table((0..<70_000).map { ["\(70_000 + $0)", "y"] })))
        let order = (0..<140_000).map { ($0 * 7_919) % 140_000 }
        var seen: [(Int, Int)] = []
        joined.withCells { cells in
            cells.forEachRow(order) { index, row in
                seen.append((index, row))
                XCTAssertEqual(String(decoding: cells.cell(row: row, column: 0).text, as: UTF8.self), "\(row)")
            }
        }
        XCTAssertEqual(seen.map(\.0), Array(order.indices))
        XCTAssertEqual(seen.map(\.1), order)

        var ragged = table([["1"], ["2", "y"]])
        ragged.addColumn("c")
        var rows: [Int] = []
        ragged.withCells { cells in cells.forEachRow([1, 0, 1]) { rows.append($1) } }
        XCTAssertEqual(rows, [1, 0, 1])
    }
}

extension CellTableTests {
    /// The tables the run reads below are checked on: cells of every kind, rows lacking their
    /// last cells, a column added after the rows, and a large part joined after a small one.
    private func tablesOfEveryShape() -> [CellTable] {
        let kinds: [CellKind] = [.text, .string, .number, .bool, .null, .nested, .absent]
        var generator = seededRandom(42)
        func kindedTable(rows: Int, short: Bool) -> CellTable {
            var table = CellTable(columns: ["a", "b", "c", "d"], inferTypes: true)
            for row in 0..<rows {
                let width = short ? Int.random(in: 0...4, using: &generator) : 4
                for column in 0..<width {
                    let kind = kinds.randomElement(using: &generator) ?? .text
                    let text = kind == .null || kind == .absent ? "" : String(repeating: "x", count: Int.random(in: 0...9, using: &generator)) + "\(row).\(column)"
                    Array(text.utf8).withUnsafeBytes { table.appendCell($0, kind: kind) }
                }
                _ = table.endRow(padding: .absent)
            }
            return table
        }
        var ragged = table([["1"], ["2", "y"], ["3", "z"]])
        ragged.addColumn("c")
        var joined = kindedTable(rows: 3, short: false)
        _ = joined.append(kindedTable(rows: 70_000, short: false))
        var joinedShort = kindedTable(rows: 5, short: true)
        _ = joinedShort.append(kindedTable(rows: 70_000, short: true))
        return [kindedTable(rows: 200, short: false), kindedTable(rows: 200, short: true), ragged, joined, joinedShort]
    }

    /// A run of a row's columns read at once (`lineFields`) is each cell as `cell(row:column:)`
    /// reads it.
    func testARunOfCellsReadsAsEachCellAlone() {
        for (shape, table) in tablesOfEveryShape().enumerated() {
            let width = table.columns.count
            table.withCells { cells in
                for row in Set((0..<min(table.rowCount, 300)).map { $0 } + [table.rowCount - 1]) {
                    for start in 0...width {
                        for end in start...width {
                            // One more than the run: the field after it is left as it was.
                            let unwritten = LineField(text: nil, quotesWhenEmpty: false)
                            var fields = [LineField](repeating: unwritten, count: end - start + 1)
                            fields.withUnsafeMutableBufferPointer { buffer in
                                guard let base = buffer.baseAddress else { return }
                                cells.lineFields(row: row, columns: start..<end, into: base)
                            }
                            XCTAssertNil(fields.last?.text)
                            XCTAssertEqual(fields.last?.quotesWhenEmpty, false)
                            for (offset, field) in fields.dropLast().enumerated() {
                                let expected = LineField(kind: cells.kind(row: row, column: start + offset), text: cells.cell(row: row, column: start + offset).text)
                                XCTAssertEqual(field.text.map(Array.init), expected.text.map(Array.init), "table \(shape) row \(row) columns \(start)..<\(end)")
                                XCTAssertEqual(field.quotesWhenEmpty, expected.quotesWhenEmpty)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The kinds met down each column (`kindsMet`) are the kinds `kind(row:column:)` reads in
    /// its rows, for a table whose rows have every cell; a table whose rows may lack cells has none.
    func testKindsMetAreTheKindsOfEachColumnsCells() {
        var told = 0
        for (shape, table) in tablesOfEveryShape().enumerated() {
            table.withCells { cells in
                let expected = table.columns.indices.map { column in
                    (0..<table.rowCount).reduce(UInt8(0)) { $0 | cells.kind(row: $1, column: column).bit }
                }
                guard let met = cells.kindsMet(rows: 0..<table.rowCount) else { return }
                told += 1
                XCTAssertEqual(met, expected, "table \(shape)")
            }
        }
        XCTAssertGreaterThanOrEqual(told, 2)
        let (empty, one) = (table([]), table([["1", "x"]]))
        XCTAssertEqual(empty.withCells { $0.kindsMet(rows: 0..<empty.rowCount) }, [0, 0])
        XCTAssertEqual(one.withCells { $0.kindsMet(rows: 0..<one.rowCount) }, [CellKind.text.bit, CellKind.text.bit])
    }

    /// The kinds met down each column over some rows (`kindsMet(rows:)`) are the kinds
    /// `kind(row:column:)` reads in those rows: a run of rows one after another (read as a stretch
    /// of kinds, across a joined part's start too) or rows in another order.
    func testKindsMetOverRowsAreTheKindsOfThoseRowsCells() {
        var generator = seededRandom()
        var told = 0
        for (shape, table) in tablesOfEveryShape().enumerated() {
            table.withCells { cells in
                let count = table.rowCount
                for _ in 0..<12 {
                    let start = generator.next(count + 1), end = start + generator.next(min(count - start, 5_000) + 1)
                    let run = Array(start..<end)
                    let shuffled = run.shuffled(using: &generator)
                    for rows in [run, shuffled, run.filter { $0 % 3 != 1 }] {
                        let expected = table.columns.indices.map { column in
                            rows.reduce(UInt8(0)) { $0 | cells.kind(row: $1, column: column).bit }
                        }
                        guard let met = cells.kindsMet(rows: rows[...]) else { return }
                        told += 1
                        XCTAssertEqual(met, expected, "table \(shape) rows \(rows.prefix(8))")
                    }
                }
            }
        }
        XCTAssertGreaterThanOrEqual(told, 6)
    }

    /// A column read down some rows (`forEachNestedCell`) meets the nested cells `cell(row:column:)`
    /// reads, in the rows' order, and tells whether some row holds another value there.
    func testNestedCellsOfAColumnAreTheCellsReadOneByOne() {
        for (shape, table) in tablesOfEveryShape().enumerated() {
            let rows = Array((0..<table.rowCount).reversed().filter { $0 % 7 != 3 }.prefix(2_000) + (0..<min(table.rowCount, 50)))[...]
            table.withCells { cells in
                for column in table.columns.indices {
                    var met: [(Int, [UInt8])] = []
                    let holdsOthers = cells.forEachNestedCell(in: column, rows: rows) { row, text in met.append((row, Array(text))) }
                    let expected = rows.filter { cells.kind(row: $0, column: column) == .nested }.map { ($0, Array(cells.cell(row: $0, column: column).text)) }
                    XCTAssertEqual(met.map(\.0), expected.map(\.0), "table \(shape) column \(column)")
                    XCTAssertEqual(met.map(\.1), expected.map(\.1), "table \(shape) column \(column)")
                    XCTAssertEqual(holdsOthers, rows.contains { ![.absent, .nested].contains(cells.kind(row: $0, column: column)) }, "table \(shape) column \(column)")
                }
            }
        }
    }
}
