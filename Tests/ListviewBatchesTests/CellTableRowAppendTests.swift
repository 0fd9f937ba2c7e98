import ListviewBatches
import ListviewTestSupport
import ListviewValues
import XCTest

/// A whole row added at once (`appendRow`, a JSON record's fields) against the same cells added
/// one at a time (`appendCell`, then `endRow(padding: .absent, fieldOrder:)`): the same cells,
/// kinds, field orders and measures, whatever the rows' lengths and kinds, the columns added
/// between rows (short rows) and the groups of ends the rows cross.
final class CellTableRowAppendTests: XCTestCase {
    func testRowsAddedWholeAsCellByCell() {
        var random = seededRandom()
        let texts = ["", "1", "-2.5", "x", "é", "a,b", "日本", "\u{1B}[1m", String(repeating: "w", count: 70), "true", "null"]
        var crossedGroups = 0, kindsBegun = 0
        for round in 0..<200 {
            var columns = (0..<(1 + random.next(12))).map { "c\($0)" }
            let inferTypes = random.next(2) == 0
            var whole = CellTable(columns: columns, inferTypes: inferTypes)
            var byCell = CellTable(columns: columns, inferTypes: inferTypes)
            whole.measuresColumns = random.next(2) == 0
            byCell.measuresColumns = whole.measuresColumns
            // Rows of text cells alone at first now and then: the kinds are kept from the first other cell on.
            let kinds: [CellKind] = [.text, .string, .number, .bool, .null, .absent, .nested]
            let textRows = random.next(3) == 0 ? random.next(30) : 0
            // Enough rows now and then to cross groups of 1,024 ends.
            let rows = random.next(4) == 0 ? 300 + random.next(400) : random.next(40)
            var textCells = 0
            for row in 0..<rows {
                if random.next(20) == 0 {
                    columns.append("c\(columns.count)")
                    whole.addColumn(columns[columns.count - 1])
                    byCell.addColumn(columns[columns.count - 1])
                }
                // (Text rows are whole: a short row's padding is absent cells, which begin the kinds.)
                let count = row < textRows ? columns.count : random.next(columns.count + 1)
                let rowTexts = (0..<count).map { _ in Array((random.element(of: texts) ?? "").utf8) }
                let rowKinds = (0..<count).map { _ in row < textRows ? CellKind.text : random.element(of: kinds) ?? .text }
                let order = random.next(4) == 0 ? Array(columns.indices.shuffled(using: &random)) : nil
                // A row added whole whose cells begin the kinds after text cells alone.
                if textCells >= 0, rowKinds.contains(where: { $0 != .text }) || count < columns.count {
                    if textCells > 0 && count > 2 && rowKinds.contains(where: { $0 != .text }) { kindsBegun += 1 }
                    textCells = -1
                } else if textCells >= 0 {
                    textCells += count
                }
                Self.withViews(of: rowTexts) { views in
                    let added = Self.appendRow(views, kinds: rowKinds, to: &whole, fieldOrder: order)
                    for (view, kind) in zip(views, rowKinds) { byCell.appendCell(view, kind: kind) }
                    XCTAssertEqual(added, byCell.endRow(padding: .absent, fieldOrder: order))
                }
            }
            if whole.rowCount * whole.columns.count > 1_024 { crossedGroups += 1 }
            XCTAssertEqual(whole.dump, byCell.dump, "round \(round)")
            XCTAssertEqual(whole.measuresDump, byCell.measuresDump, "round \(round)")
        }
        XCTAssertGreaterThan(crossedGroups, 20, "rows crossed groups of ends")
        XCTAssertGreaterThan(kindsBegun, 10, "rows added whole began the kinds")
    }

    /// Runs of whole rows added at once (`appendRows`, a projected count's records) against the
    /// same rows added cell by cell: the same cells, kinds and measures, with columns added
    /// between runs (the rows before them short), runs of text cells alone, and cells that are
    /// not whole rows (added row by row as given).
    func testRunsOfRowsAddedAtOnceAsCellByCell() {
        var random = seededRandom()
        let texts = ["", "1", "-2.5", "x", "é", "a,b", String(repeating: "w", count: 70), "true"]
        let kinds: [CellKind] = [.text, .string, .number, .bool, .null, .absent]
        var crossedGroups = 0, notWhole = 0
        for round in 0..<200 {
            var columns = (0..<(1 + random.next(4))).map { "c\($0)" }
            let inferTypes = random.next(2) == 0
            var runs = CellTable(columns: columns, inferTypes: inferTypes)
            var byCell = CellTable(columns: columns, inferTypes: inferTypes)
            runs.measuresColumns = random.next(2) == 0
            byCell.measuresColumns = runs.measuresColumns
            let textOnly = random.next(3) == 0
            for _ in 0..<(1 + random.next(6)) {
                if random.next(3) == 0 {
                    columns.append("c\(columns.count)")
                    runs.addColumn(columns[columns.count - 1])
                    byCell.addColumn(columns[columns.count - 1])
                }
                let width = columns.count
                var cellCount = width * (random.next(4) == 0 ? 300 + random.next(400) : random.next(20))
                if random.next(8) == 0 && width > 1 {
                    cellCount += 1 + random.next(width - 1)
                    notWhole += 1
                }
                let runTexts = (0..<cellCount).map { _ in Array((random.element(of: texts) ?? "").utf8) }
                let runKinds = (0..<cellCount).map { _ in textOnly ? CellKind.text : random.element(of: kinds) ?? .text }
                Self.withViews(of: runTexts) { views in
                    views.withUnsafeBufferPointer { views in runKinds.withUnsafeBufferPointer { runs.appendRows(texts: views, kinds: $0) } }
                    for (index, (view, kind)) in zip(views, runKinds).enumerated() {
                        byCell.appendCell(view, kind: kind)
                        if index % width == width - 1 || index == views.count - 1 { _ = byCell.endRow(padding: .absent) }
                    }
                }
            }
            if runs.rowCount * runs.columns.count > 1_024 { crossedGroups += 1 }
            XCTAssertEqual(runs.dump, byCell.dump, "round \(round)")
            XCTAssertEqual(runs.measuresDump, byCell.measuresDump, "round \(round)")
        }
        XCTAssertGreaterThan(crossedGroups, 20, "runs crossed groups of ends")
        XCTAssertGreaterThan(notWhole, 10, "cells that are not whole rows")
    }

    /// Rows of text cells, then a row with a string: the kinds are kept from then on, the cells
    /// before it `.text`.
    func testKindsAreKeptFromTheFirstCellThatIsNotText() {
        var table = CellTable(columns: ["a", "b", "c"], inferTypes: true)
        func add(_ texts: [String], _ kinds: [CellKind]) {
            Self.withViews(of: texts.map { Array($0.utf8) }) { _ = Self.appendRow($0, kinds: kinds, to: &table, fieldOrder: nil) }
        }
        add(["1", "x", "y"], [.text, .text, .text])
        add(["2", "z", "w"], [.number, .string, .text])
        XCTAssertEqual(table.dump, "[\"a\", \"b\", \"c\"] 2 []\ntext:1|text:x|text:y|\nnumber:2|string:z|text:w|\n")
    }

    /// Calls `body` with a view of each of `texts`, valid only inside it.
    private static func withViews(of texts: [[UInt8]], _ body: ([UnsafeRawBufferPointer]) -> Void) {
        texts.flatMap { $0 }.withUnsafeBytes { bytes in
            var offset = 0
            body(texts.map { text in
                defer { offset += text.count }
                return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + text.count])
            })
        }
    }

    private static func appendRow(_ views: [UnsafeRawBufferPointer], kinds: [CellKind], to table: inout CellTable, fieldOrder: [Int]?) -> Bool {
        views.withUnsafeBufferPointer { views in kinds.withUnsafeBufferPointer { table.appendRow(texts: views, kinds: $0, fieldOrder: fieldOrder) } }
    }
}
