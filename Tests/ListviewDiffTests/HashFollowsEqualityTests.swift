import ListviewBatches
import ListviewJSON
import ListviewQuery
import ListviewValues
@testable import ListviewDiff
import XCTest

/// Two cells a diff holds to be the same hash alike (`ValueEquality.hash`): a whole-record diff,
/// a key's partition and the look-up of a key find their partner only so. Checked for every pair
/// of cells of every kind, with and without `--exact` and `--scrub`: numbers in any spelling,
/// objects and arrays against their JSON in a CSV cell or a string, numbers written as strings,
/// text that a scrub makes equal, and a scrub that would eat the `{` of an object's text.
final class HashFollowsEqualityTests: XCTestCase {
    private static let texts = [
        "1", "1.0", "1e0", "01", "12", "13", "-0", "0", "", "a1", "a2", "a", "…", "true",
        #"{"a":1}"#, #"{ "a": 1 }"#, #"{"a":1.0}"#, #" {"a":1}"#, "[1,2]", "[1, 2]", "[]", "{}",
        "{a", "…a", "[x", #"{"t":"2024-01-01"}"#, #"{"t":"2025-02-02"}"#,
    ]
    private static let kinds: [CellKind] = [.text, .string, .number, .bool, .null, .absent, .nested]

    /// The cells: each text under each kind it can have (a nested cell holds JSON).
    private static var cells: [(kind: CellKind, text: String)] {
        kinds.flatMap { kind in
            texts.compactMap { text -> (CellKind, String)? in
                switch kind {
                case .nested: return JSONNestedValue.decode(Array(text.utf8).withUnsafeBytes { $0 })?.isContainer == true ? (kind, text) : nil
                case .number: return NumberText.isNumber(Array(text.utf8).withUnsafeBytes { $0 }) ? (kind, text) : nil
                case .bool: return text == "true" ? (kind, text) : nil
                case .null, .absent: return text.isEmpty ? (kind, text) : nil
                default: return (kind, text)
                }
            }
        }
    }

    func testCellsHeldTheSameHashAlike() throws {
        let cells = Self.cells
        XCTAssertGreaterThan(cells.count, 60)
        for scrub in [nil, "[0-9]+", #"^\{"#, "a", "[0-9]{4}-[0-9]{2}-[0-9]{2}"] {
            var rules = NestedDiffRules()
            if let scrub { rules.scrubs = [try NestedDiffRules.Scrub(scrub)] }
            for exact in [false, true] {
                let equality = ValueEquality(exact: exact, rules: rules)
                var pairsEqual = 0
                for a in cells {
                    for b in cells {
                        let (left, right) = (Array(a.text.utf8), Array(b.text.utf8))
                        left.withUnsafeBytes { leftText in
                            right.withUnsafeBytes { rightText in
                                let (leftCell, rightCell) = ((a.kind, leftText), (b.kind, rightText))
                                let equal = equality.equal(leftCell, rightCell, decode: JSONNestedValue.decode)
                                let same = equality.same(Self.value(leftCell), Self.value(rightCell), at: DiffPath(field: "v"), decode: JSONNestedValue.decode)
                                guard equal || same else { return }
                                pairsEqual += 1
                                XCTAssertEqual(Self.hash(leftCell, equality), Self.hash(rightCell, equality),
                                               "\(a) and \(b) are the same (equal \(equal), same \(same)) but hash apart; exact \(exact), scrub \(scrub ?? "none")")
                            }
                        }
                    }
                }
                XCTAssertGreaterThan(pairsEqual, cells.count, "exact \(exact), scrub \(scrub ?? "none")")
            }
        }
    }

    /// The reported cases: an object against its JSON in a CSV cell; the string "12" scrubbed.
    func testAnObjectAndItsTextAndANumberStringHashAsTheyCompare() throws {
        let equality = ValueEquality()
        let object = Array(#"{"a":1}"#.utf8)
        object.withUnsafeBytes { text in
            XCTAssertTrue(equality.equal((.nested, text), (.text, text), decode: JSONNestedValue.decode))
            XCTAssertEqual(Self.hash((.nested, text), equality), Self.hash((.text, text), equality))
            let exact = ValueEquality(exact: true)
            XCTAssertEqual(Self.hash((.nested, text), exact), Self.hash((.string, text), exact))
        }
        var rules = NestedDiffRules()
        rules.scrubs = [try NestedDiffRules.Scrub("[0-9]+")]
        let scrubbing = ValueEquality(rules: rules)
        // By meaning "12" is the number 12, which a scrub leaves as it is, as a CSV cell's 12.
        XCTAssertNil(scrubbing.scrubbed("12"))
        XCTAssertFalse(scrubbing.same(.string("12"), .string("13"), at: DiffPath(field: "v"), decode: nil))
        XCTAssertTrue(scrubbing.same(.string("a12"), .string("a13"), at: DiffPath(field: "v"), decode: nil))
        // Under --exact a string is text, scrubbed as any.
        XCTAssertTrue(ValueEquality(exact: true, rules: rules).same(.string("12"), .string("13"), at: DiffPath(field: "v"), decode: nil))
    }

    private static func value(_ cell: ValueEquality.Cell, inferTypes: Bool = true) -> Value? {
        cell.kind == .nested ? JSONNestedValue.decode(cell.text) : cell.kind.value(of: cell.text, inferTypes: inferTypes)
    }

    /// `--exact` tells two cells apart exactly when it tells their values apart, with type
    /// inference and without (`--no-infer`: a CSV cell `10` is the string "10", as its value is):
    /// a record is never changed with no field changed, nor a key matched that its values do not.
    func testExactCellsAndTheirValuesAgree() {
        let cells = Self.cells.filter { $0.kind != .nested }
        for inferTypes in [true, false] {
            let equality = ValueEquality(exact: true, inferTypes: inferTypes)
            for a in cells {
                for b in cells {
                    Array(a.text.utf8).withUnsafeBytes { leftText in
                        Array(b.text.utf8).withUnsafeBytes { rightText in
                            let (left, right) = ((a.kind, leftText), (b.kind, rightText))
                            let equal = equality.equal(left, right, decode: nil)
                            let same = equality.sameMeaning(Self.value(left, inferTypes: inferTypes), Self.value(right, inferTypes: inferTypes))
                            XCTAssertEqual(equal, same, "\(a) and \(b), inferTypes \(inferTypes)")
                        }
                    }
                }
            }
        }
    }

    private static func hash(_ cell: ValueEquality.Cell, _ equality: ValueEquality) -> UInt64 {
        var hasher = KeyHasher()
        equality.hash(cell, into: &hasher)
        return hasher.value
    }
}
