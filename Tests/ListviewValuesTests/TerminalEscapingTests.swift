import ListviewValues
import XCTest

final class TerminalEscapingTests: XCTestCase {
    func testControlCharactersAreEscaped() {
        XCTAssertEqual(TerminalEscaping.escaped("\u{1B}[31mred\u{1B}[0m"), #"\e[31mred\e[0m"#)
        XCTAssertEqual(TerminalEscaping.escaped("ding\u{7}"), #"ding\a"#)
        XCTAssertEqual(TerminalEscaping.escaped("a\rb"), #"a\rb"#)
        XCTAssertEqual(TerminalEscaping.escaped("a\nb"), #"a\nb"#)
        XCTAssertEqual(TerminalEscaping.escaped("a\tb"), #"a\tb"#)
        XCTAssertEqual(TerminalEscaping.escaped("a\u{8}b"), #"a\bb"#)
        XCTAssertEqual(TerminalEscaping.escaped("a\u{0}b"), #"a\0b"#)
        XCTAssertEqual(TerminalEscaping.escaped("a\r\nb"), #"a\r\nb"#)
    }

    func testOtherC0ControlsAndDELUseHexEscapes() {
        XCTAssertEqual(TerminalEscaping.escaped("\u{1}"), #"\u{1}"#)
        XCTAssertEqual(TerminalEscaping.escaped("\u{1F}"), #"\u{1f}"#)
        XCTAssertEqual(TerminalEscaping.escaped("x\u{7F}y"), #"x\u{7f}y"#)
    }

    func testC1ControlsAreEscaped() {
        XCTAssertEqual(TerminalEscaping.escaped("\u{9B}2J"), #"\u{9b}2J"#, "CSI")
        XCTAssertEqual(TerminalEscaping.escaped("a\u{85}b"), #"a\u{85}b"#, "NEL")
        XCTAssertEqual(TerminalEscaping.escaped("\u{80}\u{9F}"), #"\u{80}\u{9f}"#)
        XCTAssertEqual(TerminalEscaping.escaped("é\u{9B}é"), #"é\u{9b}é"#)
    }

    func testOrdinaryTextIsUnchanged() {
        for text in ["", "plain text", "héllo wörld", "日本語 😀", "\u{A0}nbsp", "¢ £ ¡", "Āā", "e\u{301}", "👨\u{200D}👩\u{200D}👧"] {
            XCTAssertEqual(TerminalEscaping.escaped(text), text)
            XCTAssertFalse(TerminalEscaping.needsEscaping(text), text)
        }
    }

    func testNeedsEscaping() {
        XCTAssertTrue(TerminalEscaping.needsEscaping("\u{1B}"))
        XCTAssertTrue(TerminalEscaping.needsEscaping("ok\u{7F}"))
        XCTAssertTrue(TerminalEscaping.needsEscaping("ok\u{9B}"))
        XCTAssertTrue(TerminalEscaping.needsEscaping("\n"))
        XCTAssertFalse(TerminalEscaping.needsEscaping("\u{A0}\u{BF}"))
    }

    func testCellTextIsSafeForATerminal() {
        XCTAssertEqual(CellText.text(for: nil), "")
        XCTAssertEqual(CellText.text(for: .null), "null")
        XCTAssertEqual(CellText.text(for: .bool(true)), "true")
        XCTAssertEqual(CellText.text(for: .number("1.50")), "1.50")
        XCTAssertEqual(CellText.text(for: .string("\u{1B}]0;title\u{7}")), #"\e]0;title\a"#)
        XCTAssertEqual(CellText.text(for: .string("")), "")
        let nested = Value.object(ObjectValue(["a": .string("x\ny"), "b": .array([.number("1")])]))
        XCTAssertEqual(CellText.text(for: nested), #"{"a":"x\ny","b":[1]}"#)
    }

    func testBidiFormattingCharactersAreEscaped() {
        XCTAssertEqual(TerminalEscaping.escaped("a\u{202E}b\u{2066}c\u{200F}d\u{061C}"), "a\\u{202e}b\\u{2066}c\\u{200f}d\\u{61c}")
        XCTAssertTrue(TerminalEscaping.needsEscaping("x\u{202D}"))
        XCTAssertFalse(TerminalEscaping.needsEscaping("x\u{2020}\u{2065}é山"))
    }

    /// Escaped bytes keep lines and tabs, and a sequence cut at the end is held for the next bytes.
    func testAppendEscapedKeepsLinesAndHoldsACutSequence() {
        func escaped(_ bytes: [UInt8], final: Bool) -> (String, Int) {
            var output = ByteOutput()
            let held = bytes.withUnsafeBytes { TerminalEscaping.appendEscaped($0, to: &output, final: final) }
            return (output.string, held)
        }
        XCTAssertEqual(escaped(Array("a\tb\n\u{1B}[1m\r\u{7}".utf8), final: false).0, "a\tb\n\\e[1m\\r\\a")
        let bidi = Array("x\u{202E}".utf8)
        let (start, held) = escaped(Array(bidi.dropLast()), final: false)
        XCTAssertEqual(start, "x")
        XCTAssertEqual(held, 2)
        XCTAssertEqual(escaped(bidi, final: false).0, "x\\u{202e}")
        XCTAssertEqual(escaped(Array("é山".utf8), final: false).0, "é山")
    }
}
