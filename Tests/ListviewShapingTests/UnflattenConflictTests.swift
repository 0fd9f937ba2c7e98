import ListviewBatches
import ListviewJSON
import ListviewValues
import XCTest
import ListviewShaping

/// `--unflatten` refuses to lose a value: a field holding one with fields under it (`a` and
/// `a.b`, both with values in one record) is a conflict, as `--flatten` refuses the mirror case.
final class UnflattenConflictTests: XCTestCase {
    /// CSV-like rows (every cell text) reshaped by `--unflatten`.
    private func unflattened(_ columns: [String], _ rows: [[String]]) throws(RecordShaping.Conflict) -> [Record] {
        let schema = RecordSchema()
        var table = CellTable(columns: [], inferTypes: true)
        for row in rows { table.append(schema.record(keys: columns, values: row.map(Value.string)), schema: schema) }
        var shaping = RecordShaping()
        shaping.unflatten = true
        var reshaped = try shaping.reshaped(table)
        reshaped.nestedDecoder = JSONNestedValue.decode
        let shapes = RecordShapeCache()
        return (0..<reshaped.rowCount).map { reshaped.record(at: $0, shapes: shapes) }
    }

    func testAValueAndFieldsUnderItInOneRecordAreRefused() {
        for (columns, row, object, column) in [(["a", "a.b"], ["x", "y"], "a", "a.b"), (["a.b", "a"], ["y", "x"], "a", "a.b"),
                                               (["id", "a.b.c", "a.b"], ["1", "z", "y"], "a.b", "a.b.c")] {
            XCTAssertThrowsError(try unflattened(columns, [row]), "\(columns)") { error in
                XCTAssertEqual(error as? RecordShaping.Conflict, RecordShaping.Conflict(column: column, object: object, key: "", unflattening: true))
                XCTAssertEqual((error as? RecordShaping.Conflict)?.message,
                               "--unflatten: the field '\(object)' holds a value and '\(column)' would make it an object, losing one of them; "
                               + "choose another --flatten-separator, or leave --unflatten out")
            }
        }
    }

    /// What `--flatten` writes for a path that is a value in one record and an object in another
    /// comes back as it was: no record has both, so nothing is lost.
    func testAValueInOneRecordAndAnObjectInAnotherComeBack() throws {
        let records = try unflattened(["a", "a.b", "items", "items.0"], [["x", "", "[]", ""], ["", "y", "", "7"]])
        XCTAssertEqual(records.map { $0.values.map(\.compactJSON) }, [[#""x""#, "[]"], [#"{"b":"y"}"#, #"["7"]"#]])
    }
}
