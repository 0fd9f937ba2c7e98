import ListviewValues
import XCTest
@testable import ListviewBrowser

/// `listview diff -i`'s detail: the changed paths, then the two records lined up by path.
final class DifferenceDetailTests: XCTestCase {
    func testTreesLineUpByPath() {
        let old: [RecordTree.Line] = [("a", "a: 1"), ("b", "b: 2"), ("c", "c: 3")]
        let new: [RecordTree.Line] = [("c", "c: 3"), ("x", "x: 9"), ("a", "a: 1")]
        let pairs = DifferenceDetail.aligned(old, new)
        // x, only the new tree's, comes before a as it does there; c, moved, still pairs.
        XCTAssertEqual(pairs.map(\.0), [nil, "a: 1", "b: 2", "c: 3"])
        XCTAssertEqual(pairs.map(\.1), ["x: 9", "a: 1", nil, "c: 3"])
    }

    func testAChangedRecordShowsItsPathsThenBothRecords() throws {
        let old = Value.object(ObjectValue(keys: ["id", "total", "fax"], values: [.number("1"), .number("48.90"), .number("1")]))
        let new = Value.object(ObjectValue(keys: ["id", "total", "email"], values: [.number("1"), .number("49.90"), .string("m@x")]))
        let paths = Value.array([.object(ObjectValue(keys: ["path", "old", "new"], values: [.string("total"), .number("48.90"), .number("49.90")]))])
        let lines = try XCTUnwrap(DifferenceDetail.lines(names: ["change", "id", "paths", "old", "new"],
                                                         values: [.string("changed"), .number("1"), paths, old, new], width: 40))
        XCTAssertEqual(lines[0], "changed id=1 · 1 path differs")
        XCTAssertTrue(lines[2].hasPrefix(DifferenceDetail.changedMark + "total"), lines[2])
        XCTAssertTrue(lines[2].hasSuffix("│ 49.90"), lines[2])
        XCTAssertEqual(lines.last?.trimmingCharacters(in: .whitespaces), "│ email: m@x")
        XCTAssertNil(DifferenceDetail.lines(names: ["id"], values: [.number("1")], width: 40), "a row that is not a difference")
    }
}
