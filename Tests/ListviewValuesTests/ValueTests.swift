import ListviewValues
import XCTest

final class ValueTests: XCTestCase {
    // MARK: Objects

    func testDuplicateKeysKeepFirstPositionAndLastValue() {
        let object = ObjectValue(keys: ["a", "b", "a", "c", "b"],
                                 values: [.number("1"), .number("2"), .number("3"), .number("4"), .number("5")])
        XCTAssertEqual(object.keys, ["a", "b", "c"])
        XCTAssertEqual(object.values, [.number("3"), .number("5"), .number("4")])
        XCTAssertEqual(object["a"], .number("3"))
        XCTAssertEqual(object.count, 3)
    }

    func testDuplicateKeysInALargeObject() {
        // More than 12 keys takes the hashing path.
        let keys = (0..<14).map { "k\($0)" } + ["k3"]
        let values = (0..<15).map { Value.number(String($0)) }
        let object = ObjectValue(keys: keys, values: values)
        XCTAssertEqual(object.keys, (0..<14).map { "k\($0)" })
        XCTAssertEqual(object["k3"], .number("14"))
        XCTAssertEqual(object["k13"], .number("13"))
    }

    func testUnmatchedKeysAndValuesAreDropped() {
        let object = ObjectValue(keys: ["a", "b"], values: [.null])
        XCTAssertEqual(object.keys, ["a"])
        XCTAssertEqual(object.values, [.null])
    }

    // MARK: Compact JSON

    func testCompactJSONOfNestedValues() {
        let value = Value.object(ObjectValue([
            "a": .number("1"),
            "b": .array([.bool(true), .null, .bool(false)]),
            "c": .object(ObjectValue([:])),
            "d": .array([]),
            "e": .object(ObjectValue(["f": .array([.string("g")])])),
        ]))
        XCTAssertEqual(value.compactJSON, #"{"a":1,"b":[true,null,false],"c":{},"d":[],"e":{"f":["g"]}}"#)
    }

    func testCompactJSONKeepsKeyOrder() {
        let value = Value.object(ObjectValue(keys: ["z", "a", "m"], values: [.null, .null, .null]))
        XCTAssertEqual(value.compactJSON, #"{"z":null,"a":null,"m":null}"#)
    }

    func testCompactJSONEscapesStrings() {
        let text = "q\"b\\n\nr\rt\tb\u{8}f\u{C}c\u{1}e\u{1B}é日😀"
        XCTAssertEqual(Value.string(text).compactJSON, #""q\"b\\n\nr\rt\tb\bf\fc\u0001e\u001bé日😀""#)
        let object = Value.object(ObjectValue(["k\"ey": .string("/")]))
        XCTAssertEqual(object.compactJSON, #"{"k\"ey":"/"}"#)
        XCTAssertEqual(JSONString.literal("\u{1F}\u{7F}\u{85}\u{A0}"), "\"\\u001f\\u007f\\u0085\u{A0}\"")
    }

    func testNumbersKeepTheirSourceText() {
        XCTAssertEqual(Value.number("1.50").compactJSON, "1.50")
        XCTAssertEqual(Value.number("1e400").compactJSON, "1e400")
        XCTAssertEqual(Value.number("-0").compactJSON, "-0")
        XCTAssertEqual(Value.number("1E+2").compactJSON, "1E+2")
        XCTAssertEqual(Value.number("123456789012345678901234567890").compactJSON,
                       "123456789012345678901234567890")
    }

    func testNonJSONNumberTextIsWrittenAsAString() {
        XCTAssertEqual(Value.number("007").compactJSON, #""007""#)
        XCTAssertEqual(Value.number("+1").compactJSON, #""+1""#)
        XCTAssertEqual(Value.number("1.").compactJSON, #""1.""#)
        XCTAssertEqual(Value.number(" 1").compactJSON, #"" 1""#)
        XCTAssertEqual(Value.array([.number("007"), .number("7")]).compactJSON, #"["007",7]"#)
    }

    func testScalars() {
        XCTAssertEqual(Value.null.compactJSON, "null")
        XCTAssertEqual(Value.bool(true).compactJSON, "true")
        XCTAssertEqual(Value.bool(false).compactJSON, "false")
        XCTAssertEqual(Value.string("").compactJSON, #""""#)
    }

    // MARK: Accessors

    func testNumericValue() {
        XCTAssertEqual(Value.number("1.50").numericValue, 1.5)
        XCTAssertEqual(Value.number("-2e3").numericValue, -2000)
        XCTAssertNil(Value.string("1").numericValue)
        XCTAssertNil(Value.null.numericValue)
    }

    func testChildAndPredicates() {
        let array = Value.array([.string("a"), .string("b")])
        XCTAssertEqual(array.child("1"), .string("b"))
        XCTAssertNil(array.child("2"))
        XCTAssertNil(array.child("-1"))
        XCTAssertNil(Value.string("abc").child("0"))
        XCTAssertTrue(Value.null.isNull)
        XCTAssertFalse(Value.string("").isNull)
        XCTAssertTrue(array.isContainer)
        XCTAssertTrue(Value.object(ObjectValue([:])).isContainer)
        XCTAssertFalse(Value.number("1").isContainer)
    }

    func testARepeatedKeyKeepsItsFirstPositionAndLastValue() {
        XCTAssertEqual(DuplicateKeys.kept(["a", "b", "a", "c", "b", "a"]), [5, 4, 3])
        XCTAssertEqual(DuplicateKeys.kept([3, 1, 2]), [0, 1, 2])
        XCTAssertEqual(DuplicateKeys.kept([Int]()), [])
        let object = ObjectValue(keys: ["x", "y", "x"], values: [.number("1"), .number("2"), .number("3")])
        XCTAssertEqual(object.keys, ["x", "y"])
        XCTAssertEqual(object.values, [.number("3"), .number("2")])
    }
}
