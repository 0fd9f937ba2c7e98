import ListviewInput
import XCTest

/// The sniff decides on content: it asks for more bytes until they tell, and the same bytes
/// decide the same way however they were cut (issue 40 §1).
final class FormatSniffTests: XCTestCase {
    private func decide(_ text: String, atEnd: Bool) -> InputFormat? {
        FormatSniff.decide(Array(text.utf8)[...], atEnd: atEnd)
    }

    func testAClosedFirstValueWaitsForWhatFollowsIt() {
        XCTAssertNil(decide("{\"level\":\"info\"}\n", atEnd: false))
        XCTAssertEqual(decide("{\"level\":\"info\"}\n", atEnd: true), .json)
        XCTAssertEqual(decide("{\"level\":\"info\"}\n{", atEnd: false), .jsonl)
        XCTAssertEqual(decide("[1,2]\n\n  [3]", atEnd: false), .jsonl)
        // Something else after the value, or on the same line, is JSON (and its error).
        XCTAssertEqual(decide("{\"a\":1}\nx", atEnd: false), .json)
        XCTAssertEqual(decide("{\"a\":1} {\"a\":2}\n", atEnd: false), .json)
    }

    func testAValueThatSpansLinesIsJSONAtOnce() {
        XCTAssertEqual(decide("[\n  {\"a\": 1", atEnd: false), .json)
        XCTAssertEqual(decide("{\"a\": \"}\\\"]\"\n", atEnd: false), .json)
        XCTAssertNil(decide("{\"a\": \"}]\"", atEnd: false))
        XCTAssertEqual(decide("{\"a\": \"}]\"", atEnd: true), .json)
    }

    func testOtherTextIsDecidedOnItsWholeFirstLine() {
        XCTAssertNil(decide("name", atEnd: false))
        XCTAssertEqual(decide("name,age\n", atEnd: false), .csv)
        XCTAssertEqual(decide("name\tage\n", atEnd: false), .tsv)
        XCTAssertEqual(decide("city", atEnd: true), .csv)
        XCTAssertEqual(decide("\"a\",\"b\"\n", atEnd: false), .csv)
    }

    /// A first line that only starts like a JSON scalar is a one-column CSV header; one that is a
    /// scalar waits for the next line: another value makes JSON Lines, nothing JSON, else CSV.
    func testAScalarOnTheFirstLineIsDecidedByTheNext() {
        for header in ["name", "title", "flag", "note", "total", "-x", "1a", "01", "+5", ".5", "-.5", "1.", "1e", "\"a\" b", "nul", "truth"] {
            XCTAssertEqual(decide(header + "\nbob\n", atEnd: false), .csv, header)
        }
        XCTAssertNil(decide("\"a\"\n", atEnd: false))
        XCTAssertNil(decide("1\n\n  ", atEnd: false))
        XCTAssertEqual(decide("\"a\"\n", atEnd: true), .json)
        XCTAssertEqual(decide("42", atEnd: true), .json)
        XCTAssertEqual(decide("1\n2\n", atEnd: false), .jsonl)
        XCTAssertEqual(decide("0\n-0.5E+3\n", atEnd: false), .jsonl)
        XCTAssertEqual(decide("-1.5e3\r\n\n\"x\"\n", atEnd: false), .jsonl)
        XCTAssertEqual(decide("null\n{\"a\":1}\n", atEnd: false), .jsonl)
        XCTAssertEqual(decide("true\n[1]", atEnd: false), .jsonl)
        XCTAssertEqual(decide("1\nbob\n", atEnd: false), .csv)
        XCTAssertEqual(decide("\"name\"\nbob\n", atEnd: false), .csv)
        XCTAssertEqual(decide("1\t2\n", atEnd: false), .tsv)
    }

    func testBlankInputIsAnEmptyListOnlyAtItsEnd() {
        XCTAssertNil(decide(" \n\n", atEnd: false))
        XCTAssertEqual(decide(" \n\n", atEnd: true), .jsonl)
        XCTAssertEqual(decide("\u{FEFF}{\n \"a\": 1\n}", atEnd: true), .json)
    }

    /// Every cut of each text into a first piece either waits or decides as the whole text does.
    func testNoPrefixDecidesOtherwiseThanTheWholeText() {
        let texts = ["{\"a\":1}\n{\"a\":2}\n", "[\n {\"a\":1}\n]\n", "{\"a\":\"x\\\"}\"}\n", "a;b\n1;2\n",
                     "x\ty\n1\t2\n", "[1]\n", "\"s\"\n", "name\nbob\n", "1\n2\n", "\"a\"\n\n\"b\"\n", "1\nbob\n", "null", "{\"a\":[{\"b\":\"]\"}]}\n\n[2]\n"]
        for text in texts {
            let bytes = Array(text.utf8)
            let whole = FormatSniff.decide(bytes[...], atEnd: true)
            for cut in 0..<bytes.count {
                if let early = FormatSniff.decide(bytes[..<cut], atEnd: false) {
                    XCTAssertEqual(early, whole, "\(text.debugDescription) cut at \(cut)")
                }
            }
        }
    }

    /// The first bytes are waited for only while they could still start a foreign format or a
    /// byte order mark: a short line from a pipe that stays open is read at once.
    func testTheHeadIsDecidedAsSoonAsNoForeignFormatCanFollow() {
        func decided(_ bytes: [UInt8]) -> Bool { ForeignFormat.isDecided(bytes[...]) }
        XCTAssertTrue(decided(Array("level,msg\n".utf8)))
        XCTAssertTrue(decided(Array("{\"".utf8)))
        XCTAssertFalse(decided(Array("{".utf8)), "one byte may be half of a UTF-16 pair")
        XCTAssertFalse(decided(Array("PAR".utf8)))
        XCTAssertFalse(decided(Array("SQLite".utf8)))
        XCTAssertFalse(decided([0xEF, 0xBB]))
        XCTAssertFalse(decided([0xFF, 0xFE]), "UTF-16LE's mark may be UTF-32LE's")
        XCTAssertFalse(decided([0x7B, 0x00, 0x22, 0x00]), "UTF-16LE text without a mark, so far")
        XCTAssertTrue(decided([0x7B, 0x00, 0x22, 0x22]))
        XCTAssertTrue(decided([UInt8](repeating: 0x41, count: 2)))
        XCTAssertTrue(decided([UInt8](repeating: 0, count: ForeignFormat.headLength)))
    }

    func testAHeaderThatSplitsOnlyOnAnotherSeparatorNamesIt() {
        func separator(_ text: String) -> UInt8? {
            DelimiterSniff.firstLines(of: Array(text.utf8)[...], atEnd: true).flatMap(DelimiterSniff.separator(of:))
        }
        XCTAssertEqual(separator("a;b;c\n1;2;3\n"), UInt8(ascii: ";"))
        XCTAssertEqual(separator("a|b\r\n1|2\r\n"), UInt8(ascii: "|"))
        XCTAssertEqual(separator("a\tb\n1\t2"), 0x09)
        // Decimal commas in the rows are text; a quoted separator in the header is not one.
        XCTAssertEqual(separator("\"x;y\";b\n1,5;2,5\n"), UInt8(ascii: ";"))
        XCTAssertNil(separator("a,b;c\n1,2;3\n"))
        // A row must agree, and a header alone decides nothing.
        XCTAssertNil(separator("note\tx\nplain\n"))
        XCTAssertNil(separator("a;b\n"))
        XCTAssertNil(DelimiterSniff.firstLines(of: Array("a;b\n1;2".utf8)[...], atEnd: false))
    }
}
