import ListviewBatches
import ListviewQuery
import ListviewValues
import XCTest

final class RowGroupIDsTests: XCTestCase {
    /// Rows share a group number exactly when their group keys are equal (numbers by value:
    /// `1` and `1.0` are one group, the string `"1"` another), at every level, and a number's
    /// value is the first value seen of that group; rows left out of the list get no group of their own.
    func testRowsShareANumberExactlyWhenTheirValuesAreEqual() {
        let records: [Record] = [
            Record(["s": .string("a"), "n": .number("1")]), Record(["s": .string("1"), "n": .number("1.0")]),
            Record(["s": .string("a"), "n": .null]), Record(["n": .number("1")]),
            Record(["s": .number("1"), "n": .number("1")]), Record(["s": .string("a"), "n": .number("1.0")]),
        ]
        let table = CellTable(records: records)
        let rows = [0, 1, 2, 3, 4, 5].map(RowRef.init)
        let groups = RowGroupIDs(rows: rows, fields: table.fields([FieldPath("s"), FieldPath("n")]), of: table)
        for level in 0..<2 {
            let path = FieldPath(level == 0 ? "s" : "n")
            for left in rows {
                for right in rows {
                    let same = GroupKey.value(path.value(in: records[left.row]) ?? .null) == GroupKey.value(path.value(in: records[right.row]) ?? .null)
                    XCTAssertEqual(groups.id(row: left.row, level: level) == groups.id(row: right.row, level: level), same,
                                   "level \(level), rows \(left.row) and \(right.row)")
                }
                let value = groups.values[groups.id(row: left.row, level: level)]
                XCTAssertEqual(GroupKey.value(value), GroupKey.value(path.value(in: records[left.row]) ?? .null))
                XCTAssertEqual(value, path.value(in: records[records.firstIndex { GroupKey.value(path.value(in: $0) ?? .null) == GroupKey.value(value) } ?? 0]) ?? .null)
            }
        }
        XCTAssertEqual(Set(rows.map { groups.id(row: $0.row, level: 0) }).count, 4)  // "a", "1", null, 1
        XCTAssertEqual(Set(rows.map { groups.id(row: $0.row, level: 1) }).count, 2)  // 1 (and 1.0), null
    }
}
