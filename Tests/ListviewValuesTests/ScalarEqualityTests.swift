import ListviewValues
import XCTest

/// Texts are equal when they hold the same Unicode scalars: `"é"` (U+00E9) and `"e"` + U+0301 are
/// two strings, as JSON, Python and jq have them, though Swift's `String` holds them equal.
final class ScalarEqualityTests: XCTestCase {
    private let composed = "\u{E9}", decomposed = "e\u{301}"

    func testCanonicallyEquivalentTextsAreTwoValues() {
        XCTAssertEqual(composed, decomposed, "Swift's own equality, which a value must not use")
        XCTAssertFalse(composed.hasSameScalars(as: decomposed))
        XCTAssertTrue(composed.hasSameScalars(as: "\u{E9}"))
        XCTAssertNotEqual(Value.string(composed), .string(decomposed))
        XCTAssertEqual(Set([Value.string(composed), .string(decomposed), .string(composed)]).count, 2)
        XCTAssertNotEqual(ScalarText(composed), ScalarText(decomposed))
        XCTAssertEqual(Set([ScalarText(composed), ScalarText(decomposed)]).count, 2)
        XCTAssertEqual(Value.number("1.5"), .number("1.5"))
        XCTAssertNotEqual(Value.number("1.5"), .number("1.50"), "a value keeps its text; numbers compare by value elsewhere")
    }

    func testAnObjectKeepsCanonicallyEquivalentKeysApart() {
        let object = ObjectValue(keys: [composed, decomposed, composed], values: [.number("1"), .number("2"), .number("3")])
        XCTAssertEqual(object.count, 2)
        XCTAssertEqual(object[composed], .number("3"))
        XCTAssertEqual(object[decomposed], .number("2"))
        XCTAssertNotEqual(Value.object(ObjectValue(keys: [composed], values: [.null])), .object(ObjectValue(keys: [decomposed], values: [.null])))
    }

    /// Equal values hash alike, whatever path built their strings.
    func testEqualValuesHashAlike() {
        let bridged = String(decoding: Array(decomposed.utf8), as: UTF8.self)
        XCTAssertEqual(Value.string(decomposed).hashValue, Value.string(bridged).hashValue)
        XCTAssertEqual(ScalarText(decomposed).hashValue, ScalarText(bridged).hashValue)
    }
}
