import ListviewValues
import XCTest
import ListviewTestSupport

/// `NumberText.doubleValue` reads plain decimals without a string, and must give exactly the
/// double `Double(String)` gives for every number text, and nil for everything else.
final class NumberTextTests: XCTestCase {
    private func value(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { NumberText.doubleValue(UnsafeRawBufferPointer($0)) }
    }

    private func assertSameAsString(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let expected = NumberText.isNumber(text) ? Double(text) : nil
        let actual = value(text)
        XCTAssertEqual(actual?.bitPattern, expected?.bitPattern, "\(text): \(String(describing: actual)) vs \(String(describing: expected))",
                       file: file, line: line)
    }

    func testEdgeCases() {
        for text in ["0", "-0", "+0", "007", "1.50", ".5", "-.5", "1008.96", "2499.99", "0.1", "0.3", "123456789012345",
                     "1234567890123456", "12345678901234567890", "0.000000000000000000001", "1e5", "6.02e23", "-1E-7",
                     "9007199254740993", "1.7976931348623157e308", "5e-324", "0.1234567890123456789"] {
            assertSameAsString(text)
        }
        for text in ["", ".", "-", "+", "1.", "1,000", "0x1F", "inf", "NaN", " 42", "42 ", "1e", "--1", "1.2.3"] {
            XCTAssertNil(value(text), text)
        }
    }

    /// Random decimals of every length and scale, the fast path's edges among them.
    func testRandomDecimalsMatchDoubleFromString() {
        var generator = seededRandom()
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...20, using: &generator)
            var text = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            if Bool.random(using: &generator) {
                let point = Int.random(in: 0..<text.count, using: &generator)
                text.insert(".", at: text.index(text.startIndex, offsetBy: point))
            }
            if Int.random(in: 0..<4, using: &generator) == 0 { text = "-" + text }
            assertSameAsString(text)
        }
    }
}
