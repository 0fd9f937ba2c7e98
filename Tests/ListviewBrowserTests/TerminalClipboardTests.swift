import XCTest
@testable import ListviewBrowser

/// The OSC 52 sequence that puts text on the clipboard, plain and for tmux.
final class TerminalClipboardTests: XCTestCase {
    func testBase64FollowsRFC4648() {
        // RFC 4648 §10's test vectors, then UTF-8 beyond ASCII.
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy",
                       "Müller, Zoë": "TcO8bGxlciwgWm/Dqw=="]
        for (text, encoded) in vectors {
            XCTAssertEqual(TerminalClipboard.base64(Array(text.utf8)), encoded, text)
        }
        XCTAssertEqual(TerminalClipboard.base64([0xFF, 0xFE, 0x00]), "//4A")
    }

    func testTheSequenceIsOSC52AndInsideTmuxAlsoPassedThrough() {
        let plain = "\u{1B}]52;c;Zm9v\u{07}"
        XCTAssertEqual(String(decoding: TerminalClipboard.sequence(for: "foo", insideTmux: false), as: UTF8.self), plain)
        XCTAssertEqual(String(decoding: TerminalClipboard.sequence(for: "foo", insideTmux: true), as: UTF8.self),
                       plain + "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;Zm9v\u{07}\u{1B}\\")
    }
}
