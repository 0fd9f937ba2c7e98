import ListviewJSON
import ListviewValues
import XCTest

/// A nested cell's compact JSON read in one pass gives the value the stream parser gives, and
/// anything else (spaces, bad numbers, lone surrogates, trailing bytes) still gets its answer.
final class CompactJSONDecoderTests: XCTestCase {
    private func decoded(_ text: String) -> Value? {
        var text = text
        return text.withUTF8 { JSONNestedValue.decode(UnsafeRawBufferPointer($0)) }
    }

    func testCompactValuesAreRead() {
        XCTAssertEqual(decoded(#"{"a":[1,-2.5e3,true,false,null],"b":{"c":"x\"y\\z\n\u00e9\ud83d\ude00"},"d":[],"e":{}}"#),
                       .object(ObjectValue(["a": .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null]),
                                            "b": .object(ObjectValue(["c": .string("x\"y\\z\né😀")])),
                                            "d": .array([]), "e": .object(ObjectValue(keys: [], values: []))])))
        XCTAssertEqual(decoded(#"{"a":1,"a":2,"b":3}"#), .object(ObjectValue(["a": .number("2"), "b": .number("3")])), "a repeated key")
    }

    func testWhatIsNotCompactJSONIsTheStreamParsers() {
        XCTAssertEqual(decoded(#"{ "a" : [ 1 , 2 ] }"#), .object(ObjectValue(["a": .array([.number("1"), .number("2")])])))
        for bad in ["[1-2]", "[01]", "[1.]", "{\"a\":1}x", "[\"\\ud800\"]", "[", "{\"a\"}", "[1,]"] {
            XCTAssertNil(decoded(bad), bad)
        }
    }
}
