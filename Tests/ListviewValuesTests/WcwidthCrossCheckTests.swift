import Foundation
import ListviewValues
import XCTest

/// `DisplayWidth` agrees with Python's `wcwidth.wcswidth` (PyPI; `make deps` installs it)
/// over CJK, Hangul, fullwidth forms, emoji with modifiers, ZWJ sequences, flags and combining text.
final class WcwidthCrossCheckTests: XCTestCase {
    static let samples = [
        "plain ASCII", "日本語のテキスト", "中文字符", "한국어 텍스트", "ｱｲｳ halfwidth katakana", "ＡＢＣ fullwidth",
        "e\u{301}\u{301} combining", "Zoë Müller", "Øystein", "a\u{20DD} enclosing", "\u{1100}\u{1161}\u{11A8} jamo",
        "👍", "👍🏽 skin tone", "👨‍👩‍👧 family", "🏳️‍🌈 flag", "🇳🇴🇯🇵 flags", "☺️ variation", "✅ check", "❤ heart text",
        "山田 花子", "Brush pen 筆ペン", "mixed 漢字 and emoji 🎉 ok",
    ]

    func testWidthsMatchWcwidth() throws {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", """
            import json, sys
            import wcwidth
            print(json.dumps([wcwidth.wcswidth(s) for s in json.load(sys.stdin)]))
            """]
        let input = Pipe(), output = Pipe()
        python.standardInput = input
        python.standardOutput = output
        try python.run()
        try input.fileHandleForWriting.write(contentsOf: try JSONSerialization.data(withJSONObject: Self.samples))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        XCTAssertEqual(python.terminationStatus, 0, "python3 with the wcwidth module is needed (make deps installs it)")
        let expected = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [Int])
        XCTAssertEqual(expected.count, Self.samples.count)
        for (text, width) in zip(Self.samples, expected) {
            XCTAssertEqual(DisplayWidth.of(text), width, "\(text.debugDescription)")
        }
    }
}
