import ListviewFormats
import ListviewInput
import ListviewTestSupport
import XCTest

/// The line each record begins on, as `--style github` annotations point at it: quoted line
/// breaks, blank lines, CRLF and byte order marks in CSV, members and elements in JSON, and no
/// lines at all when the scan counts other records than the reader.
final class RecordLinesTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
    }

    private func lines(_ text: String, _ format: InputFormat, records: Int, loader: InputLoader = InputLoader()) throws -> [Int]? {
        let path = try files.write(text, extension: format.rawValue)
        guard let found = RecordLines.find(in: path, format: format, loader: loader, wanted: Set(0..<records), expected: records) else { return nil }
        return (0..<records).map { found.lines[$0] ?? 0 }
    }

    func testCSVRowsBeginAfterQuotedLineBreaksAndBlankLines() throws {
        let text = "id,note\r\n1,\"two\r\nlines\"\r\n\r\n2,\"a \"\" quote\nand more\"\n3,plain\r4,x"
        XCTAssertEqual(try lines(text, .csv, records: 4), [2, 5, 7, 8])
    }

    func testAByteOrderMarkAndAMissingHeaderAreCounted() throws {
        var loader = InputLoader()
        loader.csv.hasHeader = false
        XCTAssertEqual(try lines("\u{FEFF}a,b\n\nc,d\n", .csv, records: 2, loader: loader), [1, 3])
    }

    func testTSVHasNoQuoting() throws {
        XCTAssertEqual(try lines("id\tnote\n1\t\"open\n2\tx\n", .tsv, records: 2), [2, 3])
    }

    func testJSONElementsAndMembersBeginAtTheirFirstByte() throws {
        let array = "[\n  {\"id\": 1,\n   \"s\": \"},{\\\"\"},\n  [1, 2],\n  3,\n  \"x\"\n]\n"
        XCTAssertEqual(try lines(array, .json, records: 4), [2, 4, 5, 6])
        let object = "{\n  \"a\": {\"x\": 1},\n  \"b\":\n    [1,\n     2]\n}"
        XCTAssertEqual(try lines(object, .json, records: 2), [2, 3])
    }

    func testJSONLinesValuesSkipBlankLines() throws {
        XCTAssertEqual(try lines("{\"id\":1}\n\n  {\"id\":2} \n3\n", .jsonl, records: 3), [1, 3, 4])
    }

    func testACountOtherThanTheReadersGivesNoLines() throws {
        XCTAssertNil(try lines("id\n1\n2\n", .csv, records: 3))
        let path = try files.write("id\n1\n", extension: "csv")
        var loader = InputLoader()
        loader.path = ["data"]
        XCTAssertNil(RecordLines.find(in: path, format: .csv, loader: loader, wanted: [0], expected: 1), "--path: no lines")
        XCTAssertNil(RecordLines.find(in: "-", format: .csv, loader: InputLoader(), wanted: [0], expected: 1), "standard input")
    }
}
