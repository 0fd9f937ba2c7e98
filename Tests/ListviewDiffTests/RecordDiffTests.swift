import ListviewBatches
import ListviewQuery
import ListviewTestSupport
import ListviewValues
@testable import ListviewDiff
import XCTest

/// `listview diff`'s comparison: values by meaning, records matched by key or as multisets.
final class RecordDiffTests: XCTestCase {
    private func diff(_ old: CellTable, _ new: CellTable, key: [String], exact: Bool = false) throws -> RecordDiff {
        try RecordDiff(old: .init(table: old, rows: Array(0..<old.rowCount)), new: .init(table: new, rows: Array(0..<new.rowCount)),
                       key: key.map(FieldPath.init), fields: nil, ignoring: FieldExclusion(), equality: ValueEquality(exact: exact))
    }

    private func canonical(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { NumberText.canonicalValue(UnsafeRawBufferPointer($0)) }.map { String(decoding: $0, as: UTF8.self) }
    }

    func testNumbersHaveOneSpellingOfTheirValue() {
        for same in [["12.50", "12.5", "1.25e1", "+12.500", "125E-1", "0012.5"], ["0", "-0", "0.000", "0e5", ".0"],
                     ["100", "1e2", "1.0E+2", "100.00"], ["0.05", "5e-2", ".050"], ["-3", "-3.0", "-0.3e1"]] {
            let forms = Set(same.map(canonical))
            XCTAssertEqual(forms.count, 1, "\(same) gave \(forms)")
            XCTAssertNotNil(forms.first ?? nil)
        }
        XCTAssertNotEqual(canonical("12.5"), canonical("12.51"))
        XCTAssertNotEqual(canonical("-1"), canonical("1"))
        XCTAssertNotEqual(canonical("1e2"), canonical("1e-2"))
        XCTAssertEqual(canonical("12345678901234567890123"), "12345678901234567890123e0")  // no rounding through Double
        XCTAssertNotEqual(canonical("9007199254740993"), canonical("9007199254740992"))
        XCTAssertNil(canonical("1e1234567890123456789"))  // too large an exponent: compared as text
        XCTAssertNil(canonical("abc"))
        XCTAssertNil(canonical("1,5"))
        // The forms themselves: keys hash these bytes, fed one by one (`forEachCanonicalByte`).
        for (text, form) in [("12.50", "125e-1"), ("-0.0", "0"), ("0.050", "5e-2"), ("-120", "-12e1"), ("1.5E+3", "15e2"),
                             ("7", "7e0"), ("+1.0e-0", "1e0"), ("10.01", "1001e-2"), ("-2e-12", "-2e-12"), ("0e123", "0")] {
            XCTAssertEqual(canonical(text), form, text)
        }
    }

    func testValuesCompareByMeaningAndExactlyWithExact() {
        let byMeaning = ValueEquality(), exact = ValueEquality(exact: true)
        func equal(_ a: (CellKind, String), _ b: (CellKind, String), _ equality: ValueEquality) -> Bool {
            var (left, right) = (a.1, b.1)
            return left.withUTF8 { l in
                right.withUTF8 { r in equality.equal((a.0, UnsafeRawBufferPointer(l)), (b.0, UnsafeRawBufferPointer(r)), decode: nil) }
            }
        }
        let cases: [((CellKind, String), (CellKind, String), meaning: Bool, exact: Bool)] = [
            ((.number, "12.50"), (.number, "12.5"), true, false),
            ((.text, "12.50"), (.number, "12.5"), true, false),   // a CSV cell against JSON
            ((.string, "12"), (.number, "12"), true, false),     // a type alone is no difference
            ((.text, "true"), (.bool, "true"), true, false),
            ((.null, ""), (.absent, ""), true, false),           // null and missing: no value
            ((.text, ""), (.null, ""), true, false),              // an empty CSV cell and null
            ((.string, "a"), (.string, "a"), true, true),
            ((.string, "a"), (.string, "A"), false, false),
            ((.string, "a "), (.string, "a"), false, false),
            ((.number, "1"), (.number, "2"), false, false),
            ((.null, ""), (.string, "null"), false, false),
            ((.text, "3"), (.number, "3"), true, true),           // a CSV number cell is a number as written
        ]
        for (a, b, meaning, isExact) in cases {
            XCTAssertEqual(equal(a, b, byMeaning), meaning, "\(a) against \(b)")
            XCTAssertEqual(equal(b, a, byMeaning), meaning, "\(b) against \(a)")
            XCTAssertEqual(equal(a, b, exact), isExact, "\(a) against \(b), exact")
        }
    }

    func testNestedValuesCompareMemberByMemberInAnyOrder() {
        let equality = ValueEquality()
        let a = Value.object(ObjectValue(["w": .number("20"), "h": .number("40.0"), "tags": .array([.string("x")])]))
        let b = Value.object(ObjectValue(["tags": .array([.string("x")]), "h": .number("40"), "w": .number("2e1"), "gone": .null]))
        XCTAssertTrue(equality.sameMeaning(a, b))
        XCTAssertFalse(ValueEquality(exact: true).sameMeaning(a, b))
        XCTAssertFalse(equality.sameMeaning(.array([.number("1"), .number("2")]), .array([.number("2"), .number("1")])))
        XCTAssertFalse(equality.sameMeaning(.array([]), .null))
    }

    func testRecordsAreMatchedByKey() throws {
        let old = CellTable.of([["id": .number("1"), "v": .string("a")], ["id": .number("2"), "v": .string("b")],
                         ["id": .number("3"), "v": .string("c")]])
        let new = CellTable.of([["id": .number("3.0"), "v": .string("c")], ["id": .number("4"), "v": .string("d")],
                         ["id": .number("1"), "v": .string("z")]])
        let found = try diff(old, new, key: ["id"])
        XCTAssertEqual(found.removed, [1])
        XCTAssertEqual(found.added, [1])
        XCTAssertEqual(found.changed, [RecordDiff.Change(old: 0, new: 2, fields: [0])])
        XCTAssertEqual(found.unchanged, 1)
        XCTAssertEqual(found.compared, [FieldPath("v")])
        XCTAssertFalse(found.isEmpty)
        XCTAssertTrue(try diff(old, old, key: ["id"]).isEmpty)
    }

    func testAKeyOnTwoRecordsIsAnErrorOnEitherSide() {
        let once = CellTable.of([["id": .number("1")], ["id": .number("2")]])
        let twice = CellTable.of([["id": .number("1")], ["id": .number("2")], ["id": .number("1.0")]])
        XCTAssertThrowsError(try diff(twice, once, key: ["id"])) { error in
            XCTAssertEqual(error as? RecordDiff.DuplicateKey, RecordDiff.DuplicateKey(side: .old, first: 0, second: 2))
        }
        XCTAssertThrowsError(try diff(once, twice, key: ["id"])) { error in
            XCTAssertEqual(error as? RecordDiff.DuplicateKey, RecordDiff.DuplicateKey(side: .new, first: 0, second: 2))
        }
        let addedTwice = CellTable.of([["id": .number("7")], ["id": .number("7")]])
        XCTAssertThrowsError(try diff(once, addedTwice, key: ["id"])) { error in
            XCTAssertEqual(error as? RecordDiff.DuplicateKey, RecordDiff.DuplicateKey(side: .new, first: 0, second: 1))
        }
    }

    func testWithoutAKeyRecordsAreMultisets() throws {
        let old = CellTable.of([["v": .string("a")], ["v": .string("a")], ["v": .string("b")]])
        let new = CellTable.of([["v": .string("b")], ["v": .string("a")], ["v": .string("c")]])
        let found = try diff(old, new, key: [])
        XCTAssertEqual(found.removed, [1])
        XCTAssertEqual(found.added, [2])
        XCTAssertEqual(found.changed, [])
        XCTAssertEqual(found.unchanged, 2)
    }

    /// Many equal records share one index entry: 3 copies against 2 is one removed, and 20,000
    /// copies take no longer than 20,000 distinct records (a chain of equal hashes would be quadratic).
    func testManyEqualRecordsAreCountedAsCopies() throws {
        let three = CellTable.of([["v": .string("a")], ["v": .string("a")], ["v": .string("a")], ["v": .string("b")]])
        let two = CellTable.of([["v": .string("a")], ["v": .string("b")], ["v": .string("a")], ["v": .string("b")]])
        let found = try diff(three, two, key: [])
        XCTAssertEqual(found.removed, [2])
        XCTAssertEqual(found.added, [3])
        XCTAssertEqual(found.unchanged, 3)
        let many = CellTable.of(Array(repeating: ["v": .string("same")], count: 20_000))
        let fewer = CellTable.of(Array(repeating: ["v": .string("same")], count: 19_999))
        let copies = try diff(many, fewer, key: [])
        XCTAssertEqual(copies.removed, [19_999])
        XCTAssertEqual(copies.unchanged, 19_999)
    }

    func testFieldsOnOneSideAreReportedNotCompared() throws {
        let old = CellTable.of([["id": .number("1"), "a": .string("x"), "gone": .string("g")]])
        let new = CellTable.of([["id": .number("1"), "a": .string("x"), "new": .string("n")]])
        let found = try diff(old, new, key: ["id"])
        XCTAssertEqual(found.fieldsAdded, ["new"])
        XCTAssertEqual(found.fieldsRemoved, ["gone"])
        XCTAssertEqual(found.unchanged, 1)
        XCTAssertFalse(found.isEmpty)
    }

    /// Random pairs (enough rows for both halves of the new side) against a plain dictionary diff.
    func testKeyedDiffAgreesWithAReferenceOnRandomPairs() throws {
        var generator = seededRandom()
        for round in 0..<4 {
            let count = 500 + round * 1_500
            var oldRows: [(id: Int, a: String, b: String)] = (0..<count).map { ($0, "a\($0 % 17)", "\($0 % 5).50") }
            var newRows: [(id: Int, a: String, b: String)] = []
            var expected = (removed: Set<Int>(), added: Set<Int>(), changed: [Int: [Int]]())
            for row in oldRows {
                switch Int.random(in: 0..<20, using: &generator) {
                case 0: expected.removed.insert(row.id)
                case 1:
                    newRows.append((row.id, row.a + "!", row.b))
                    expected.changed[row.id] = [0]
                case 2:
                    newRows.append((row.id, row.a, row.b + "1"))
                    expected.changed[row.id] = [1]
                case 3: newRows.append((row.id, row.a, String(row.b.dropLast())))  // 2.50 → 2.5: the same number
                default: newRows.append(row)
                }
            }
            for extra in 0..<(count / 30) {
                newRows.append((count + extra, "x", "1"))
                expected.added.insert(count + extra)
            }
            newRows.shuffle(using: &generator)
            oldRows.shuffle(using: &generator)
            func made(_ rows: [(id: Int, a: String, b: String)]) -> CellTable {
                CellTable.of(rows.map { ["id": .number(String($0.id)), "a": .string($0.a), "b": .number($0.b)] })
            }
            let (old, new) = (made(oldRows), made(newRows))
            let found = try diff(old, new, key: ["id"])
            XCTAssertEqual(Set(found.removed.map { oldRows[$0].id }), expected.removed)
            XCTAssertEqual(Set(found.added.map { newRows[$0].id }), expected.added)
            var changed: [Int: [Int]] = [:]
            for change in found.changed {
                XCTAssertEqual(oldRows[change.old].id, newRows[change.new].id)
                changed[newRows[change.new].id] = change.fields
            }
            XCTAssertEqual(changed, expected.changed)
            XCTAssertEqual(found.unchanged, newRows.count - expected.added.count - expected.changed.count)
            XCTAssertEqual(found.added, found.added.sorted(), "added records keep the new side's order")
        }
    }
}
