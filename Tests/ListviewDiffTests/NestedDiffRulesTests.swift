import ListviewBatches
import ListviewJSON
import ListviewTestSupport
import ListviewValues
@testable import ListviewDiff
import XCTest

/// The diff's rules inside values: paths with wildcards, arrays matched by key or as multisets,
/// paths ignored at any depth, scrubbed text, tolerances at paths (`ValueEquality.changes`).
final class NestedDiffRulesTests: XCTestCase {
    private func pattern(_ text: String) throws -> DiffPathPattern {
        try XCTUnwrap(DiffPathPattern(text), text)
    }

    private func path(_ steps: DiffPath.Step...) -> DiffPath { DiffPath(steps) }

    func testPatternsReachIntoArraysAndAnyDepth() throws {
        let updated = path(.member("items"), .keyed("sku=A"), .member("updated_at"))
        for text in ["items[].updated_at", "items.*.updated_at", "items.updated_at", "**.updated_at", "items[*].updated_at", "items.**", "**", "items[].updated_*",
                     "*.updated_at"] {
            XCTAssertTrue(try pattern(text).matches(updated), text)
        }
        for text in ["items", "updated_at", "items.*.*.updated_at", "items[].sku", "*.*.*.updated_at", "items[0].updated_at"] {
            XCTAssertFalse(try pattern(text).matches(updated), text)
        }
        let byPosition = path(.member("tags"), .index(0))
        XCTAssertTrue(try pattern("tags.0").matches(byPosition))
        XCTAssertTrue(try pattern("tags[0]").matches(byPosition))
        XCTAssertFalse(try pattern("tags[1]").matches(byPosition))
        XCTAssertTrue(try pattern("[ab]*").matches(path(.member("alpha"))), "a bracket that is not an element's is a glob's class")
        XCTAssertTrue(try pattern("a.b").matches(path(.member("a"), .member("b"))))
        XCTAssertTrue(try pattern("**.etag").matches(path(.member("etag"))), "** matches no step too")
        for text in ["", ".", "a.", "a..b", "a[]x"] { XCTAssertNil(DiffPathPattern(text), text) }
        XCTAssertTrue(try pattern("note").isTopLevel)
        XCTAssertFalse(try pattern("**.etag").isTopLevel)
        XCTAssertEqual(path(.member("items"), .keyed("sku=A"), .member("qty")).description, "items[sku=A].qty")
        XCTAssertEqual(path(.member("tags"), .index(1)).description, "tags.1")
        XCTAssertEqual(path(.member("tags"), .element).description, "tags[]")
    }

    func testArraysMatchedByKeyReadAsOneChange() throws {
        var rules = NestedDiffRules()
        rules.arrayKeys = [try NestedDiffRules.ArrayKey("items=sku")]
        let equality = ValueEquality(rules: rules)
        let old = try json(#"[{"sku":"A","qty":2},{"sku":"B","qty":1},{"sku":"C","qty":7}]"#)
        let new = try json(#"[{"sku":"B","qty":1},{"sku":"A","qty":3},{"sku":"D","qty":1}]"#)
        let changes = equality.changes(old, new, at: DiffPath(field: "items"), decode: nil)
        XCTAssertEqual(changes.map(\.path), ["items[sku=A].qty", "items[sku=C]", "items[sku=D]"])
        XCTAssertEqual(changes[0].old, .number("2"))
        XCTAssertEqual(changes[1].new, nil)
        XCTAssertTrue(changes[1].isElement)
        XCTAssertEqual(changes[2].old, nil)
        XCTAssertFalse(equality.same(old, new, at: DiffPath(field: "items"), decode: nil))
        // Without the rule, by position: every element differs.
        XCTAssertEqual(ValueEquality().changes(old, new, at: DiffPath(field: "items"), decode: nil).count, 6)
    }

    func testACompositeKeyAndARepeatedKey() throws {
        var rules = NestedDiffRules()
        rules.arrayKeys = [try NestedDiffRules.ArrayKey("lots=sku+site")]
        let equality = ValueEquality(rules: rules)
        let old = try json(#"[{"sku":"A","site":1,"n":1},{"sku":"A","site":2,"n":1},{"sku":"A","site":2,"n":5}]"#)
        let new = try json(#"[{"sku":"A","site":2.0,"n":1},{"sku":"A","site":1,"n":2},{"sku":"A","site":2,"n":6}]"#)
        XCTAssertEqual(equality.changes(old, new, at: DiffPath(field: "lots"), decode: nil).map(\.path),
                       ["lots[sku=A,site=1].n", "lots[sku=A,site=2#2].n"])
        XCTAssertThrowsError(try NestedDiffRules.ArrayKey("lots"))
        XCTAssertThrowsError(try NestedDiffRules.ArrayKey("lots=a+"))
        XCTAssertThrowsError(try NestedDiffRules.ArrayKey("=a"))
    }

    func testMultisetsIgnoreOrderAndCountCopies() throws {
        var rules = NestedDiffRules()
        try rules.addUnordered("tags")
        let equality = ValueEquality(rules: rules)
        let field = DiffPath(field: "tags")
        XCTAssertTrue(equality.same(try json(#"["a","b",1.50]"#), try json(#"[1.5,"b","a"]"#), at: field, decode: nil))
        let changes = equality.changes(try json(#"["a","a","b"]"#), try json(#"["a","c","b"]"#), at: field, decode: nil)
        XCTAssertEqual(changes.map(\.path), ["tags[]", "tags[]"])
        XCTAssertEqual(changes.map(\.old), [.string("a"), nil])
        XCTAssertEqual(changes.map(\.new), [nil, .string("c")])
        // `*` names every array, nested ones too.
        var every = NestedDiffRules()
        try every.addUnordered("*")
        XCTAssertTrue(ValueEquality(rules: every).same(try json(#"{"a":[[1,2],[3]]}"#), try json(#"{"a":[[3],[2,1]]}"#), at: DiffPath(field: "x"), decode: nil))
    }

    func testIgnoredPathsScrubbedTextAndTolerancesAtPaths() throws {
        var rules = NestedDiffRules()
        rules.arrayKeys = [try NestedDiffRules.ArrayKey("items=sku")]
        rules.ignored = [try pattern("items[].updated_at")]
        rules.scrubs = [try NestedDiffRules.Scrub("[0-9]{4}-[0-9]{2}-[0-9]{2}")]
        var tolerance = NumericTolerance()
        try tolerance.add("items[].price=0.01")
        let equality = ValueEquality(tolerance: tolerance, rules: rules)
        let old = try json(#"{"items":[{"sku":"A","price":1.00,"updated_at":"t1"}],"note":"made 2026-11-01 by x"}"#)
        let new = try json(#"{"items":[{"sku":"A","price":1.01,"updated_at":"t2"}],"note":"made 2026-11-26 by y"}"#)
        let changes = equality.changes(old, new, at: DiffPath(), decode: nil)
        XCTAssertEqual(changes, [ChangedRecord.Change(path: "note", old: .string("made … by x"), new: .string("made … by y"))])
        let far = try json(#"{"items":[{"sku":"A","price":1.02}]}"#)
        XCTAssertEqual(equality.changes(try json(#"{"items":[{"sku":"A","price":1.00}]}"#), far, at: DiffPath(), decode: nil).map(\.path),
                       ["items[sku=A].price"])
    }

    func testScrubbingReplacesEveryMatchOnce() throws {
        let scrub = try NestedDiffRules.Scrub("[0-9]+")
        var rules = NestedDiffRules()
        rules.scrubs = [scrub]
        XCTAssertEqual(rules.scrubbed("a1b22c333"), "a…b…c…")
        XCTAssertNil(rules.scrubbed("abc"))
        rules.scrubs = [try NestedDiffRules.Scrub("x*")]
        XCTAssertEqual(rules.scrubbed("aé"), "…a…é…", "an empty match once between characters, whole characters kept")
        XCTAssertThrowsError(try NestedDiffRules.Scrub("("))
    }

    // MARK: Properties

    /// A record with keyed arrays (items by sku, their lots by lot), a multiset (tags) and an object.
    private func record(_ random: inout SeededRandom) -> Value {
        func number() -> Value { .number(String(random.next(50))) }
        let items: [Value] = (0..<random.next(6)).map { index in
            let lots: [Value] = (0..<random.next(4)).map { lot in
                .object(ObjectValue(keys: ["lot", "n"], values: [.string("L\(lot)"), number()]))
            }
            return .object(ObjectValue(keys: ["sku", "qty", "lots"], values: [.string("S\(index)"), number(), .array(lots)]))
        }
        let tags: [Value] = (0..<random.next(5)).map { _ in .string(["a", "b", "c"][random.next(3)]) }
        let customer = Value.object(ObjectValue(keys: ["zip", "city"], values: [number(), .string("c\(random.next(3))")]))
        return .object(ObjectValue(keys: ["items", "tags", "customer"], values: [.array(items), .array(tags), customer]))
    }

    /// `value` with the arrays the rules match by key or as multisets shuffled, all levels.
    private func shuffled(_ value: Value, _ random: inout SeededRandom) -> Value {
        switch value {
        case .object(let object):
            return .object(ObjectValue(keys: object.keys, values: object.values.map { shuffled($0, &random) }))
        case .array(var elements):
            elements = elements.map { shuffled($0, &random) }
            random.swapPairs(&elements, times: elements.count * 2)
            return .array(elements)
        default:
            return value
        }
    }

    private func nestedRules() throws -> ValueEquality {
        var rules = NestedDiffRules()
        rules.arrayKeys = [try NestedDiffRules.ArrayKey("items=sku"), try NestedDiffRules.ArrayKey("items.lots=lot")]
        try rules.addUnordered("tags")
        return ValueEquality(rules: rules)
    }

    func testShufflingMatchedArraysNeverChangesTheResult() throws {
        var random = seededRandom()
        let equality = try nestedRules()
        let field = DiffPath()
        for _ in 0..<500 {
            let old = record(&random), new = record(&random)
            XCTAssertTrue(equality.same(old, shuffled(old, &random), at: field, decode: nil), "\(old.compactJSON)")
            let found = equality.changes(old, new, at: field, decode: nil)
            let again = equality.changes(shuffled(old, &random), shuffled(new, &random), at: field, decode: nil)
            XCTAssertEqual(Set(found.map(described)), Set(again.map(described)), "\(old.compactJSON) → \(new.compactJSON)")
            XCTAssertEqual(found.isEmpty, equality.same(old, new, at: field, decode: nil))
        }
    }

    func testOneEditIsReportedAtExactlyItsPath() throws {
        var random = seededRandom()
        let equality = try nestedRules()
        for _ in 0..<500 {
            let old = record(&random)
            guard case .object(let object) = old, case .array(let items)? = object["items"], !items.isEmpty else { continue }
            // Change one number: an item's qty, a lot's n, or the customer's zip.
            let item = random.next(items.count)
            guard case .object(let chosen) = items[item], case .array(let lots)? = chosen["lots"] else { continue }
            let edited: Value, expected: String
            switch random.next(3) {
            case 0:
                edited = replacing(old, ["items", item, "qty"], with: .number("999"))
                expected = "items[sku=S\(item)].qty"
            case 1 where !lots.isEmpty:
                let lot = random.next(lots.count)
                edited = replacing(old, ["items", item, "lots", lot, "n"], with: .number("999"))
                expected = "items[sku=S\(item)].lots[lot=L\(lot)].n"
            default:
                edited = replacing(old, ["customer", "zip"], with: .number("999"))
                expected = "customer.zip"
            }
            let changes = equality.changes(shuffled(old, &random), shuffled(edited, &random), at: DiffPath(), decode: nil)
            XCTAssertEqual(changes.map(\.path), [expected], "\(old.compactJSON)")
            XCTAssertEqual(changes.first?.new, .number("999"))
        }
    }

    /// A change as the property compares it: an element added or removed by its path and side
    /// (its own arrays shuffled too), any other by its path and values.
    private func described(_ change: ChangedRecord.Change) -> String {
        if change.isElement { return "\(change.path) \(change.old == nil ? "added" : "removed")" }
        return "\(change.path) \(change.old?.compactJSON ?? "-") \(change.new?.compactJSON ?? "-")"
    }

    /// `value` with the value at `steps` (member names and element positions) replaced.
    private func replacing(_ value: Value, _ steps: [AnyHashable], with replacement: Value) -> Value {
        guard let step = steps.first else { return replacement }
        let rest = Array(steps.dropFirst())
        switch value {
        case .object(let object):
            guard let name = step as? String else { return value }
            return .object(ObjectValue(keys: object.keys, values: zip(object.keys, object.values).map { $0 == name ? replacing($1, rest, with: replacement) : $1 }))
        case .array(var elements):
            guard let index = step as? Int, elements.indices.contains(index) else { return value }
            elements[index] = replacing(elements[index], rest, with: replacement)
            return .array(elements)
        default:
            return value
        }
    }

    private func json(_ text: String) throws -> Value {
        var text = text
        return try XCTUnwrap(text.withUTF8 { JSONNestedValue.decode(UnsafeRawBufferPointer($0)) }, text)
    }
}
