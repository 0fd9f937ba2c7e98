import ListviewBatches
import ListviewShaping
import ListviewTestSupport
import XCTest

/// The paths a flattened output notes (`RecordShaping.leafPaths`) are the same whether each
/// column is read down its rows or, where the table's kinds tell (`CellTable.Cells.kindsMet`),
/// not read at all.
final class LeafPathsTests: XCTestCase {
    /// Columns of one kind, of absent cells alone, of some absent, of nested values among others.
    private static let columnKinds: [[CellKind]] = [
        [.number], [.absent], [.string, .absent], [.nested, .absent], [.nested, .string], [.bool, .null],
        [.nested], [.absent, .null],
    ]
    private static let nestedTexts = [#"{"x":1}"#, "[1,2,3]", #"{"x":{"y":"z"},"w":[]}"#, "[]", "{}", #"[{"a":1},2]"#]

    func testKindsMetChangeNoPath() {
        var generator = seededRandom()
        for round in 0..<60 {
            let columns = (0..<Int.random(in: 1...8, using: &generator)).map { "c\($0)" }
            let kinds = columns.map { _ in Self.columnKinds.randomElement(using: &generator) ?? [.text] }
            var table = CellTable(columns: columns, inferTypes: true)
            let rowCount = Int.random(in: 0...40, using: &generator)
            for _ in 0..<rowCount {
                for column in columns.indices {
                    let kind = kinds[column].randomElement(using: &generator) ?? .text
                    let text: String
                    switch kind {
                    case .nested: text = Self.nestedTexts.randomElement(using: &generator) ?? "[]"
                    case .absent, .null: text = ""
                    case .bool: text = "true"
                    default: text = "\(Int.random(in: 0...99, using: &generator))"
                    }
                    Array(text.utf8).withUnsafeBytes { table.appendCell($0, kind: kind) }
                }
                _ = table.endRow(padding: .absent)
            }
            let kindsMet = table.withCells { $0.kindsMet(rows: 0..<rowCount) }
            XCTAssertNotNil(kindsMet)
            var shaping = RecordShaping()
            shaping.flatten = .init()
            let allRows = Array(0..<rowCount)
            let some = allRows.filter { _ in Bool.random(using: &generator) }
            for rows in [allRows, some, [], allRows.reversed()] {
                let read = shaping.leafPaths(of: table, rows: rows[...])
                let told = shaping.leafPaths(of: table, rows: rows[...], kindsMet: kindsMet)
                XCTAssertEqual(told.map(\.column), read.map(\.column), "round \(round)")
                XCTAssertEqual(told.map(\.keepsValue), read.map(\.keepsValue), "round \(round) kinds \(kinds) rows \(rows)")
                XCTAssertEqual(told.map(\.leaves), read.map(\.leaves), "round \(round)")
            }
        }
    }
}
