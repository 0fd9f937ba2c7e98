import ListviewValues
import XCTest

/// `UTF8Check` against the standard library's validating decoder.
final class UTF8CheckTests: XCTestCase {
    private func agrees(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let expected = String(validating: bytes, as: UTF8.self) != nil
        let actual = bytes.withUnsafeBytes { UTF8Check.isValid($0) }
        XCTAssertEqual(actual, expected, "\(bytes.map { String($0, radix: 16) })", file: file, line: line)
    }

    func testEveryOneAndTwoByteSequence() {
        for first in 0...255 {
            agrees([UInt8(first)])
            for second in 0...255 { agrees([UInt8(first), UInt8(second)]) }
        }
    }

    func testThreeAndFourByteSequencesAroundEveryBoundary() {
        let leads: [UInt8] = [0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        let trails: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0]
        for lead in leads {
            for second in trails {
                for third in trails {
                    agrees([lead, second, third])
                    for fourth in trails { agrees([lead, second, third, fourth]) }
                }
            }
        }
    }

    func testLongTextWithASCIIRunsAndASplitSequenceAtTheEnd() {
        let text = Array(String(repeating: "plain ascii text, ", count: 10).utf8)
        agrees(text + Array("é✓😀".utf8) + text)
        agrees(text + [0xF0, 0x9F, 0x98])  // cut short
        agrees(text + [0xED, 0xA0, 0x80] + text)  // a surrogate
    }

    func testPrefixes() {
        let bytes = Array("abcdefghij\u{1B}klm".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            XCTAssertEqual(UTF8Check.printableASCIIPrefix(buffer), 10)
            XCTAssertEqual(UTF8Check.asciiPrefix(buffer), 14)
        }
        let accented = Array("abcdefghijklmnopé".utf8)
        accented.withUnsafeBufferPointer { buffer in
            XCTAssertEqual(UTF8Check.asciiPrefix(buffer), 16)
            XCTAssertEqual(UTF8Check.printableASCIIPrefix(buffer), 16)
        }
        let del = Array("abcdefgh\u{7F}".utf8)
        del.withUnsafeBufferPointer { XCTAssertEqual(UTF8Check.printableASCIIPrefix($0), 8) }
    }
}
