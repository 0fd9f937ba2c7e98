import ListviewValues
import XCTest
import ListviewTestSupport

final class ByteOutputTests: XCTestCase {
    func testAppendsGrowAndKeepEveryByte() {
        var output = ByteOutput(capacity: 1)
        var expected: [UInt8] = []
        for round in 0..<500 {
            let piece = (0..<(round % 37)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ round) }
            piece.withUnsafeBytes { output.append(contentsOf: $0) }
            output.append(UInt8(truncatingIfNeeded: round))
            output.append(repeating: 0x20, count: round % 5)
            expected += piece + [UInt8(truncatingIfNeeded: round)] + [UInt8](repeating: 0x20, count: round % 5)
        }
        XCTAssertEqual(output.count, expected.count)
        XCTAssertEqual(output.bytes, expected)
    }

    func testRemovesWhatWasWrittenSinceAMark() {
        var output = ByteOutput()
        output.append("{\"a\":1")
        let mark = output.count
        output.append(",\"b\":")
        output.removeLast(from: mark)
        output.append("}")
        XCTAssertEqual(output.string, "{\"a\":1}")
        output.removeLast(from: 99)
        XCTAssertEqual(output.string, "{\"a\":1}")
        output.removeAll()
        XCTAssertTrue(output.isEmpty)
    }

    /// Strings of every length around a word's eight bytes, escaped as a character-by-character
    /// reference does: C0 and C1 controls and DEL as `\u` escapes (issue 14: JSON output wrote DEL
    /// and C1 raw).
    func testJSONOutputEscapesDELAndC1ControlsAsACharacterByCharacterEscapeDoes() {
        func reference(_ bytes: [UInt8]) -> String {
            var text = "\""
            for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
                switch scalar {
                case "\"": text += "\\\""
                case "\\": text += "\\\\"
                case "\n": text += "\\n"
                case "\r": text += "\\r"
                case "\t": text += "\\t"
                case "\u{08}": text += "\\b"
                case "\u{0C}": text += "\\f"
                case let control where control.value < 0x20 || (0x7F...0x9F).contains(control.value):
                    text += "\\u00" + String(control.value >> 4, radix: 16) + String(control.value & 0xF, radix: 16)
                default: text.unicodeScalars.append(scalar)
                }
            }
            return text + "\""
        }
        var generator = seededRandom()
        // ASCII, quotes and controls, DEL, C1 controls (C2 80, C2 9F), and neighbours that stay
        // raw (C2 A0, C2 A3 `£`, C3 A9 `é`, an emoji).
        let alphabet: [[UInt8]] = Array("abcdefgh".utf8).map { [$0] } + [[0x22], [0x5C], [0x0A], [0x01], [0x1F], [0x20], [0x7F],
                                                                             [0xC2, 0x80], [0xC2, 0x9F], [0xC2, 0xA0], [0xC2, 0xA3],
                                                                             [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80]]
        for length in 0...40 {
            for _ in 0..<50 {
                let bytes = (0..<length).flatMap { _ in
                    Int.random(in: 0..<4, using: &generator) == 0 ? alphabet.randomElement(using: &generator) ?? [0x61] : [0x61]
                }
                var output = ByteOutput()
                bytes.withUnsafeBytes { JSONString.append(utf8: $0, to: &output) }
                XCTAssertEqual(output.string, reference(bytes), "\(bytes)")
            }
        }
    }
}
