import ListviewBatches
@testable import ListviewKit
import ListviewQuery
@testable import ListviewRequest
import XCTest

/// Names options give are checked against the input's fields, and the closest one is suggested.
final class FieldCheckTests: XCTestCase {
    func testPatternsMatchWholeNames() {
        XCTAssertTrue(FieldPattern("bill_*").matches("bill_depth_mm"))
        XCTAssertFalse(FieldPattern("bill_*").matches("a_bill_x"))
        XCTAssertTrue(FieldPattern("?d").matches("id"))
        XCTAssertTrue(FieldPattern("[ab]*").matches("amount"))
        XCTAssertFalse(FieldPattern("id").matches("ids"))
        XCTAssertTrue(FieldExclusion([FieldPattern("n*"), FieldPattern("id")]).excludes("notes"))
        // A top-level name is matched whole, dots and all (a CSV header `bill.total`).
        XCTAssertTrue(FieldPattern("bill*").matches("bill.total"))
    }

    /// A nested member's path is matched a step at a time: a wildcard never reaches past a dot,
    /// as the shell's never past a `/` (`customer.*` is each member of `customer`, not theirs).
    func testPatternsMatchNestedPathsAStepAtATime() {
        XCTAssertTrue(FieldPattern("customer.*").matches(path: "customer.name"))
        XCTAssertFalse(FieldPattern("customer.*").matches(path: "customer.address.city"))
        XCTAssertTrue(FieldPattern("customer.*.city").matches(path: "customer.address.city"))
        XCTAssertFalse(FieldPattern("*").matches(path: "customer.name"))
        XCTAssertFalse(FieldPattern("*.zip").matches(path: "customer.address.zip"))
        XCTAssertTrue(FieldPattern("items.*.sku").matches(path: "items.0.sku"))
        XCTAssertTrue(FieldPattern("c?.[ab]").matches(path: "cx.b"))
        XCTAssertTrue(FieldPattern("customer__*").matches(path: "customer__name", separator: "__"))
        XCTAssertFalse(FieldPattern("customer__*").matches(path: "customer__a__b", separator: "__"))
        XCTAssertTrue(FieldPattern("customer.name").matches(path: "customer.name"))
        XCTAssertTrue(FieldPattern("c.*").matches(anyOf: ["id"], orPathIn: ["c.d", "c.d.e"]))
        XCTAssertFalse(FieldPattern("*.e").matches(anyOf: ["id", "c"], orPathIn: ["c.d", "c.d.e"]))
    }

    func testEveryFieldOptionIsChecked() throws {
        var request = ListRequest()
        request.look.fields = [FieldPath("a")]
        request.look.excluded = FieldExclusion([FieldPattern("b"), FieldPattern("c*")])
        request.arrangement.groupBy = [FieldPath("d")]
        request.arrangement.sort = [SortSpec(path: FieldPath("e"))]
        request.arrangement.filter = RecordFilter(predicates: [try Predicate(parsing: "f=1")])
        request.arrangement.footer = try Aggregates(parsing: "sum:g")
        request.look.kindField = FieldPath("h")
        XCTAssertEqual(FieldCheck.names(in: request).map(\.path.text), ["a", "b", "d", "e", "f", "g", "h"])
        XCTAssertEqual(FieldCheck.patterns(in: request).map(\.pattern.text), ["c*"])
        XCTAssertThrowsError(try FieldCheck.check(request, columns: ["a", "b"], table: nil, input: "x.json"))
        XCTAssertNoThrow(try FieldCheck.check(request, columns: [], table: nil, input: "x.json"), "an input without fields is not checked")
    }

    /// Records without a field (`{}`, or a count's records none of whose fields it reads) have none
    /// of the names: only an input with no records goes unchecked.
    func testRecordsWithoutFieldsHaveNoneOfTheNames() {
        let names = [FieldCheck.NamedField(option: "--group-by", path: FieldPath("kind"))]
        let patterns = [FieldCheck.NamedPattern(option: "--fields", pattern: FieldPattern("k*"))]
        XCTAssertNoThrow(try FieldCheck.check(names, patterns: patterns, of: ListRequest(), columns: [], table: nil, input: "x.json"))
        XCTAssertThrowsError(try FieldCheck.check(names, patterns: [], of: ListRequest(), columns: [], table: nil, input: "x.json",
                                                  recordsRead: true)) { error in
            XCTAssertEqual("\(error)", "--group-by: no field 'kind' in x.json; its records have no fields")
        }
        XCTAssertThrowsError(try FieldCheck.check([], patterns: patterns, of: ListRequest(), columns: [], table: nil, input: "x.json",
                                                  recordsRead: true)) { error in
            XCTAssertEqual("\(error)", "--fields: no field matches 'k*' in x.json; its records have no fields")
        }
    }

    func testPreparedExpandsPatternsAndLeavesOutExcluded() throws {
        var request = ListRequest()
        request.look.fields = [FieldPath("id"), FieldPath("bill_*"), FieldPath("id")]
        request.look.excluded = FieldExclusion([FieldPattern("bill_depth")])
        let prepared = try FieldCheck.prepared(request, columns: ["id", "bill_length", "bill_depth", "sex"], table: nil)
        XCTAssertEqual(prepared.look.fields?.map(\.text), ["id", "bill_length"])
    }
}
