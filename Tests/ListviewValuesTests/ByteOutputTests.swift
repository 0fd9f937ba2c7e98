import ListviewValues
import XCTest

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

    /// Strings of every length around a word's eight bytes, escaped as a byte-by-byte reference does.
    func testJSONStringsMatchAByteByByteEscape() {
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
                case let control where control.value < 0x20: text += String(format: "\\u%04x", control.value)
                default: text.unicodeScalars.append(scalar)
                }
            }
            return text + "\""
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("abcdefgh".utf8) + [0x22, 0x5C, 0x0A, 0x01, 0x1F, 0x20, 0x7F]
        for length in 0...40 {
            for _ in 0..<50 {
                let bytes = (0..<length).map { _ in
                    Int.random(in: 0..<4, using: &generator) == 0 ? alphabet.randomElement(using: &generator) ?? 0x61 : 0x61
                }
                var output = ByteOutput()
                bytes.withUnsafeBytes { JSONString.append(utf8: $0, to: &output) }
                XCTAssertEqual(output.string, reference(bytes), "\(bytes)")
            }
        }
    }
}
