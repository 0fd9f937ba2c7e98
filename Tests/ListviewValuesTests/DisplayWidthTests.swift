import ListviewValues
import XCTest

final class DisplayWidthTests: XCTestCase {
    func testASCII() {
        XCTAssertEqual(DisplayWidth.of(""), 0)
        XCTAssertEqual(DisplayWidth.of("a"), 1)
        XCTAssertEqual(DisplayWidth.of("hello, world"), 12)
    }

    func testCJKIsTwoCells() {
        XCTAssertEqual(DisplayWidth.of("日本語"), 6)
        XCTAssertEqual(DisplayWidth.of("東京 Tokyo"), 10)
        XCTAssertEqual(DisplayWidth.of("한국어"), 6)
        XCTAssertEqual(DisplayWidth.of("ひらがな"), 8)
        XCTAssertEqual(DisplayWidth.of("\u{FF21}\u{FF22}"), 4, "fullwidth Latin")
        XCTAssertEqual(DisplayWidth.of("\u{FF71}"), 1, "halfwidth katakana")
        XCTAssertEqual(DisplayWidth.of("\u{3000}"), 2, "ideographic space")
        XCTAssertEqual(DisplayWidth.of("\u{20000}"), 2, "CJK extension B")
    }

    func testNonASCIINarrowCharacters() {
        XCTAssertEqual(DisplayWidth.of("café"), 4)
        XCTAssertEqual(DisplayWidth.of("Ωμέγα"), 5)
        XCTAssertEqual(DisplayWidth.of("привет"), 6)
        XCTAssertEqual(DisplayWidth.of("→·–"), 3)
    }

    func testCombiningMarksAddNothing() {
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
        XCTAssertEqual(DisplayWidth.of("cafe\u{301}"), 4)
        XCTAssertEqual(DisplayWidth.of("a\u{301}\u{302}\u{323}"), 1)
        XCTAssertEqual(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}"), 2, "Hangul jamo cluster")
    }

    func testZeroWidthCharacters() {
        XCTAssertEqual(DisplayWidth.of("a\u{200B}b"), 2, "zero width space")
        XCTAssertEqual(DisplayWidth.of("\u{FEFF}"), 0)
        XCTAssertEqual(DisplayWidth.of("\u{200D}"), 0)
    }

    func testEmojiAreTwoCells() {
        XCTAssertEqual(DisplayWidth.of("😀"), 2)
        XCTAssertEqual(DisplayWidth.of("🚀"), 2)
        XCTAssertEqual(DisplayWidth.of("⌚"), 2)
        XCTAssertEqual(DisplayWidth.of("👍🏽"), 2, "with a skin tone modifier")
        XCTAssertEqual(DisplayWidth.of("❤\u{FE0F}"), 2, "text symbol with emoji presentation selector")
        XCTAssertEqual(DisplayWidth.of("ok 😀!"), 6)
    }

    func testZWJFamilyIsTwoCells() {
        XCTAssertEqual(DisplayWidth.of("👨\u{200D}👩\u{200D}👧\u{200D}👦"), 2)
        XCTAssertEqual(DisplayWidth.of("🏳\u{FE0F}\u{200D}🌈"), 2, "rainbow flag")
    }

    func testFlagIsTwoCells() {
        XCTAssertEqual(DisplayWidth.of("🇫🇷"), 2)
        XCTAssertEqual(DisplayWidth.of("🇯🇵🇺🇸"), 4)
    }

    func testTextPresentationSymbolsAreOneCell() {
        XCTAssertEqual(DisplayWidth.of("☺"), 1)
        XCTAssertEqual(DisplayWidth.of("★"), 1)
        XCTAssertEqual(DisplayWidth.of("…"), 1)
    }

    func testSingleCharacter() {
        XCTAssertEqual(DisplayWidth.of(Character("x")), 1)
        XCTAssertEqual(DisplayWidth.of(Character("語")), 2)
        XCTAssertEqual(DisplayWidth.of(Character("e\u{301}")), 1)
        XCTAssertEqual(DisplayWidth.of(Character("\u{200B}")), 0)
    }
}
