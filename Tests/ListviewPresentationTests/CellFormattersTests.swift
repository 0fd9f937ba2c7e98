import ListviewBatches
import ListviewJSON
import ListviewPresentation
import ListviewValues
import XCTest

/// Templates and cards written from cells write what their record formatters write, for cells
/// written as their bytes and for those that go through their values (text to escape, null,
/// missing, nested, non-ASCII, a dotted path).
final class CellFormattersTests: XCTestCase {
    private let table = CellFormattersTests.decoding(CellTable(records: [
        Record(["code": .number("502"), "message": .string("gateway timeout"), "user": .string("bob"), "ok": .bool(true)]),
        Record(["code": .number("404"), "message": .string("Zoë\tnot found"), "user": .null, "ok": .bool(false)]),
        Record(["code": .string("E1"), "message": .object(ObjectValue(["a": .number("1")])), "ok": .bool(true)]),
    ]))

    /// `table` with its nested cells decoded, as a JSON reader's are.
    private static func decoding(_ table: CellTable) -> CellTable {
        var table = table
        table.nestedDecoder = JSONNestedValue.decode
        return table
    }

    private func bytes<Formatter: ByteRowFormatter>(_ formatter: Formatter) -> String where Formatter.Item == RowRef {
        var output = ByteOutput()
        formatter.appendLines(for: (0..<table.rowCount).map(RowRef.init)[...], to: &output)
        return output.string
    }

    private func recordLines<Formatter: RowFormatter>(_ formatter: Formatter) -> String where Formatter.Item == Record {
        let view = RecordView(table: table)
        return (0..<table.rowCount).flatMap { formatter.lines(for: view.record(RowRef($0))) }.map { $0 + "\n" }.joined()
    }

    func testTemplatesFromCellsAreTheTemplatesOfRecords() throws {
        for source in ["{code:>5} {message:<20}| {user} {ok} {message.a} {missing}", "[{code}]"] {
            let template = try Template(parsing: source)
            XCTAssertEqual(bytes(TemplateCellFormatter(table: table, template: template)), recordLines(TemplateRowFormatter(template: template)))
        }
    }

    func testCardsFromCellsAreTheCardsOfRecords() {
        let specs = [CardSpec(title: FieldPath("code"), subtitle: FieldPath("message"), details: [FieldPath("user"), FieldPath("ok")]),
                     CardSpec(title: FieldPath("code"), details: [FieldPath("ok")]), CardSpec()]
        for spec in specs {
            let card = CardRowFormatter(spec: spec)
            XCTAssertEqual(bytes(CardCellFormatter(table: table, card: card)), recordLines(card))
        }
    }
}
