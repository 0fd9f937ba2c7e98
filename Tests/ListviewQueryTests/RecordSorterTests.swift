import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewQuery
import ListviewValues
import XCTest
import ListviewTestSupport

final class RecordSorterTests: XCTestCase {
    /// Records with an `id` and one field `v` (left out when `value` is nil).
    private func records(_ values: [Value?]) -> [Record] {
        values.enumerated().map { index, value in
            if let value { return Record(["id": .number(String(index)), "v": value]) }
            return Record(["id": .number(String(index))])
        }
    }

    private func ids(_ records: [Record]) -> [String] {
        records.map { CellText.text(for: $0["id"]) }
    }

    private func sortedIDs(_ records: [Record], _ specs: String...) throws -> [String] {
        ids(RecordSorter.sorted(records, by: try specs.map { try SortSpec(parsing: $0) }))
    }

    func testNumbersSortNumerically() throws {
        let input = records([.number("10"), .number("9"), .number("2.5"), .number("-1"), .number("1e1"), .number("0.25")])
        XCTAssertEqual(try sortedIDs(input, "v"), ["3", "5", "2", "1", "0", "4"])
    }

    func testTextSortsByUnicodeScalars() throws {
        let input = records([.string("b"), .string("10"), .string("a"), .string("B"), .string("é"), .string("9")])
        XCTAssertEqual(try sortedIDs(input, "v"), ["1", "5", "3", "2", "0", "4"])
    }

    func testMixedTypesOrderBoolsNumbersTextNested() throws {
        let input = records([
            .string("x"), .array([.number("1")]), .number("5"), .bool(true), .bool(false), .null, .number("-3"),
        ])
        XCTAssertEqual(try sortedIDs(input, "v"), ["4", "3", "6", "2", "0", "1", "5"])
    }

    func testTiesKeepInputOrder() throws {
        let input = records([.string("b"), .string("a"), .string("b"), .string("a"), .number("1"), .number("1.0")])
        XCTAssertEqual(try sortedIDs(input, "v"), ["4", "5", "1", "3", "0", "2"])
        XCTAssertEqual(try sortedIDs(input, "v:desc"), ["0", "2", "1", "3", "4", "5"], "ties are not reversed")
    }

    func testDescending() throws {
        let input = records([.number("2"), .number("10"), .number("1")])
        XCTAssertEqual(try sortedIDs(input, "v:desc"), ["1", "0", "2"])
        XCTAssertEqual(try sortedIDs(input, "v:DESC"), ["1", "0", "2"])
        XCTAssertEqual(try sortedIDs(input, "v:asc"), ["2", "0", "1"])
    }

    func testNullAndMissingComeLastInBothDirections() throws {
        let input = records([.number("3"), .null, nil, .number("1"), .null, .number("2")])
        XCTAssertEqual(try sortedIDs(input, "v"), ["3", "5", "0", "1", "2", "4"])
        XCTAssertEqual(try sortedIDs(input, "v:desc"), ["0", "5", "3", "1", "2", "4"])
    }

    func testMultipleKeys() throws {
        let input = [
            Record(["id": .number("0"), "group": .string("b"), "n": .number("1")]),
            Record(["id": .number("1"), "group": .string("a"), "n": .number("1")]),
            Record(["id": .number("2"), "group": .string("b"), "n": .number("5")]),
            Record(["id": .number("3"), "group": .string("a"), "n": .number("3")]),
            Record(["id": .number("4"), "group": .string("a")]),
        ]
        XCTAssertEqual(try sortedIDs(input, "group", "n:desc"), ["3", "1", "4", "2", "0"])
        XCTAssertEqual(try sortedIDs(input, "group:desc", "n"), ["0", "2", "1", "3", "4"])
        XCTAssertEqual(try sortedIDs(input, "n", "group"), ["1", "0", "3", "2", "4"])
    }

    func testHugeIntegersAreOrderedExactly() throws {
        // 2^53 + 1 and 2^53 are the same Double.
        let input = records([
            .number("9007199254740993"), .number("9007199254740992"), .number("-9007199254740992"),
            .number("-9007199254740993"), .number("9007199254740994"),
            .number("123456789012345678901234567891"), .number("123456789012345678901234567890"),
        ])
        XCTAssertEqual(try sortedIDs(input, "v"), ["3", "2", "1", "0", "4", "6", "5"])
        XCTAssertEqual(try sortedIDs(input, "v:desc"), ["5", "6", "4", "0", "1", "2", "3"])
    }

    func testSortByNestedPath() throws {
        let input = [
            Record(["id": .number("0"), "user": .object(ObjectValue(["age": .number("40")]))]),
            Record(["id": .number("1"), "user": .object(ObjectValue(["age": .number("9")]))]),
            Record(["id": .number("2"), "user": .object(ObjectValue([:]))]),
        ]
        XCTAssertEqual(try sortedIDs(input, "user.age"), ["1", "0", "2"])
    }

    func testNoSpecsKeepsOrder() {
        let input = records([.number("2"), .number("1")])
        XCTAssertEqual(ids(RecordSorter.sorted(input, by: [])), ["0", "1"])
    }

    func testParsingSortSpecs() throws {
        XCTAssertEqual(try SortSpec(parsing: "total:desc"), SortSpec(path: FieldPath("total"), descending: true))
        XCTAssertEqual(try SortSpec(parsing: "total"), SortSpec(path: FieldPath("total")))
        XCTAssertEqual(try SortSpec(parsing: "a:b"), SortSpec(path: FieldPath("a:b")), "an unknown suffix is part of the name")
        XCTAssertEqual(try SortSpec(parsing: "a:b:asc"), SortSpec(path: FieldPath("a:b")))
        XCTAssertThrowsError(try SortSpec(parsing: ":desc")) { error in
            XCTAssertEqual(error as? ListviewError, .usage("--sort needs a field name, as in --sort total:desc"))
        }
    }

    /// A single numeric column takes a faster path; it must order exactly as the general comparator,
    /// which a second, constant sort key forces.
    func testNumericColumnOrdersAsTheGeneralComparator() {
        var generator = seededRandom()
        let texts = ["1", "-1", "0", "2.5", "2.50", "1e3", "-0", "9007199254740993", "9007199254740992", "1e999", "-1e999"]
        let records: [Record] = (0..<400).map { index in
            if index % 13 == 0 { return Record(["id": .number(String(index)), "same": .bool(true)]) }  // no amount
            let amount = index % 3 == 0 ? texts[Int.random(in: 0..<texts.count, using: &generator)]
                                        : String(Int.random(in: -50...50, using: &generator))
            return Record(["id": .number(String(index)), "amount": .number(amount), "same": .bool(true)])
        }
        for descending in [false, true] {
            let fast = RecordSorter.sorted(records, by: [SortSpec(path: FieldPath("amount"), descending: descending)])
            let general = RecordSorter.sorted(records, by: [SortSpec(path: FieldPath("amount"), descending: descending),
                                                            SortSpec(path: FieldPath("same"))])
            XCTAssertEqual(fast.map { $0["id"] }, general.map { $0["id"] }, "descending: \(descending)")
        }
    }
}

extension RecordSorterTests {
    /// A table's numeric column sorts from its cells, in two halves on two cores when large; it
    /// must order exactly as the general comparator over the same records.
    func testTableColumnSortedInHalvesOrdersAsTheGeneralComparator() {
        var generator = seededRandom()
        let texts = ["1", "-1", "0", "-0", "2.5", "2.50", "1e3", "9007199254740993", "9007199254740992", "1e999", "-1e999"]
        for withText in [false, true] {
            let records: [Record] = (0..<70_000).map { index in
                if index % 13 == 0 { return Record(["id": .number(String(index)), "same": .bool(true)]) }  // no amount
                if index % 17 == 0 { return Record(["id": .number(String(index)), "amount": .null, "same": .bool(true)]) }
                if withText && index == 50_001 { return Record(["id": .number(String(index)), "amount": .string("n/a"), "same": .bool(true)]) }
                let amount = index % 3 == 0 ? texts[Int.random(in: 0..<texts.count, using: &generator)]
                                            : String(Int.random(in: -500...500, using: &generator))
                return Record(["id": .number(String(index)), "amount": .number(amount), "same": .bool(true)])
            }
            let table = CellTable(records: records)
            let rows = (0..<table.rowCount).map(RowRef.init)
            for descending in [false, true] {
                let fast = RecordSorter.sorted(rows, of: table, by: [SortSpec(path: FieldPath("amount"), descending: descending)])
                let general = RecordSorter.sorted(records, by: [SortSpec(path: FieldPath("amount"), descending: descending),
                                                                SortSpec(path: FieldPath("same"))])
                XCTAssertEqual(fast.map { ids([records[$0.row]])[0] }, ids(general), "descending: \(descending), text: \(withText)")
            }
        }
    }
}
