import ListviewValues
import XCTest

final class JSONNumberSyntaxTests: XCTestCase {
    func testValidNumbers() {
        let valid = [
            "0", "-0", "1", "-1", "10", "907", "0.5", "-0.5", "1.5", "1.50", "1e5", "1E5",
            "1e+5", "1e-5", "1.5E+10", "0e0", "-0.0e-0", "1e400", "123456789012345678901234567890",
        ]
        for text in valid {
            XCTAssertTrue(JSONNumberSyntax.isValid(text), "\(text) is a JSON number")
        }
    }

    func testLeadingZerosAndSigns() {
        for text in ["01", "007", "00", "-01", "+1", "+0", "--1", "-"] {
            XCTAssertFalse(JSONNumberSyntax.isValid(text), "\(text) is not a JSON number")
        }
    }

    func testFractionAndExponentNeedDigits() {
        for text in ["1.", ".5", "-.5", "1.e5", "1e", "1E", "1e+", "1e-", "1.5.5", "1e5.5", "1e5e5"] {
            XCTAssertFalse(JSONNumberSyntax.isValid(text), "\(text) is not a JSON number")
        }
    }

    func testNonNumbers() {
        let invalid = [
            "", " ", " 1", "1 ", "0x10", "NaN", "Infinity", "-Infinity", "1,5", "1_000",
            "abc", "\u{2212}1", "\u{FF11}", "٣",
        ]
        for text in invalid {
            XCTAssertFalse(JSONNumberSyntax.isValid(text), "\(text.debugDescription) is not a JSON number")
        }
    }

    func testSingleCharactersAreNumbersOnlyWhenDigits() {
        for byte in UInt8(0)..<128 {
            let text = String(UnicodeScalar(byte))
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            XCTAssertEqual(JSONNumberSyntax.isValid(text), isDigit, text.debugDescription)
        }
    }

    func testLongDigitStrings() {
        let nines = String(repeating: "9", count: 10_000)
        XCTAssertTrue(JSONNumberSyntax.isValid(nines))
        XCTAssertTrue(JSONNumberSyntax.isValid("-" + nines + "." + nines + "e-" + nines))
        XCTAssertFalse(JSONNumberSyntax.isValid(nines + "x"))
    }

    func testInvalidNumberTextIsQuotedInJSONOutput() {
        for text in ["007", "+1", "1.", ".5", "NaN", "1e", "0x1F"] {
            XCTAssertEqual(Value.number(text).compactJSON, JSONString.literal(text), text)
        }
        for text in ["0", "-0.0e-0", "1.50", "6.02E+23"] {
            XCTAssertEqual(Value.number(text).compactJSON, text)
        }
    }
}
