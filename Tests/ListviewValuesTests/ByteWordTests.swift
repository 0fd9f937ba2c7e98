import ListviewValues
import XCTest

final class ByteWordTests: XCTestCase {
    /// `same` agrees with comparing the bytes one by one at every length up to past its word
    /// reads, for equal texts, texts differing in one byte at each place, and texts of other
    /// lengths.
    func testSameAgreesWithAByteByByteComparison() {
        for length in 0...40 {
            let text = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            var variants: [[UInt8]] = [text, text + [0], Array(text.dropLast())]
            for place in 0..<length {
                var changed = text
                changed[place] ^= 0x80
                variants.append(changed)
            }
            for other in variants {
                text.withUnsafeBytes { left in
                    other.withUnsafeBytes { right in
                        XCTAssertEqual(ByteWord.same(left, right), text == other, "\(text) against \(other)")
                    }
                }
            }
        }
        XCTAssertTrue(ByteWord.same(UnsafeRawBufferPointer(start: nil, count: 0), UnsafeRawBufferPointer(start: nil, count: 0)))
    }
}
