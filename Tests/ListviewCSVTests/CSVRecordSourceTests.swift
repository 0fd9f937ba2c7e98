import Foundation
import ListviewBatches
@testable import ListviewCSV
import ListviewInput
import ListviewQuery
import ListviewValues
import ListviewTestSupport
import XCTest

/// The CSV reader over libcsv: quoting, line endings, headers, ragged rows, types, errors.
final class CSVRecordSourceTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
    }

    private func source(_ bytes: [UInt8], options: CSVOptions = CSVOptions(), chunkSize: Int = 1 << 20,
                        schema: RecordSchema = RecordSchema()) throws -> CSVRecordSource {
        CSVRecordSource(input: try ByteInput(path: try files.write(bytes), chunkSize: chunkSize), options: options, schema: schema)
    }

    /// Each record as `name=value` pairs; numbers marked with `#`, nulls as `∅`.
    private func rows(_ text: String, options: CSVOptions = CSVOptions(), chunkSize: Int = 1 << 20) throws -> [String] {
        var reader = try source(Array(text.utf8), options: options, chunkSize: chunkSize)
        return try readRecords(from: &reader).map { record in
            record.fields.map { name, value in
                switch value {
                case .number(let text): return "\(name)=#\(text)"
                case .string(let text): return "\(name)=\(text)"
                case .null: return "\(name)=∅"
                default: return "\(name)=?"
                }
            }.joined(separator: "|")
        }
    }

    private func error(_ text: String, options: CSVOptions = CSVOptions()) -> ListviewError? {
        error(Array(text.utf8), options: options)
    }

    private func error(_ bytes: [UInt8], options: CSVOptions = CSVOptions(), chunkSize: Int = 1 << 20) -> ListviewError? {
        do {
            var reader = try source(bytes, options: options, chunkSize: chunkSize)
            _ = try readRecords(from: &reader)
            return nil
        } catch {
            return error as? ListviewError
        }
    }

    func testQuotingAndLineEndings() throws {
        let expected = ["a=x, y|b=say \"hi\"", "a=two\nlines|b=#2"]
        XCTAssertEqual(try rows("a,b\n\"x, y\",\"say \"\"hi\"\"\"\n\"two\nlines\",2\n"), expected)
        XCTAssertEqual(try rows("a,b\r\n\"x, y\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",2"), expected)
        XCTAssertEqual(try rows("a,b\r\"x, y\",\"say \"\"hi\"\"\"\r\"two\nlines\",2\r"), expected)
    }

    func testCellTextIsKeptExactly() throws {
        XCTAssertEqual(try rows("a,b,c\n  padded  ,007,1.50\n"), ["a=  padded  |b=#007|c=#1.50"])
        var options = CSVOptions()
        options.inferTypes = false
        XCTAssertEqual(try rows("a,b\n007,1.50\n", options: options), ["a=007|b=1.50"])
    }

    func testNumbersAreRecognised() {
        for text in ["0", "-7", "+3", "007", "1.50", ".5", "6.02e23", "1E-9"] {
            XCTAssertTrue(NumberText.isNumber(text), text)
        }
        for text in ["", "1,000", "0x1F", "inf", "NaN", " 42", "1.", "-", "1e", "12a"] {
            XCTAssertFalse(NumberText.isNumber(text), text)
        }
    }

    func testHeaderNamesAreMadeUnique() throws {
        XCTAssertEqual(try rows("name,,name,name_2\n1,2,3,4\n"), ["name=#1|2=#2|name_2=#3|name_2_2=#4"])
    }

    func testNoHeaderNamesColumnsByNumber() throws {
        var options = CSVOptions()
        options.hasHeader = false
        XCTAssertEqual(try rows("x,y\n1,2\n", options: options), ["1=x|2=y", "1=#1|2=#2"])
    }

    func testRaggedRowsArePaddedOrExtended() throws {
        var reader = try source(Array("a,b,c\n1,2\n1,2,3,4,5\n1,2,3\n".utf8))
        let records = try readRecords(from: &reader)
        XCTAssertEqual(records.map(\.names), [["a", "b", "c"], ["a", "b", "c", "4", "5"], ["a", "b", "c"]])
        XCTAssertEqual(records[0]["c"], .null)
        XCTAssertEqual(reader.warnings, [
            "\(files.paths[0]): 1 row had more fields than the header (kept as extra columns)",
            "\(files.paths[0]): 1 row had fewer fields than the header (padded with null)",
        ])
    }

    func testBlankLinesBOMAndEmptyInput() throws {
        XCTAssertEqual(try rows("\u{FEFF}a,b\n\n1,2\n\n"), ["a=#1|b=#2"])
        XCTAssertEqual(try rows(""), [])
        XCTAssertEqual(try rows("a,b\n"), [])
        XCTAssertEqual(try rows("a,b\n\"\",\"\"\n"), ["a=|b="])
    }

    func testSmallChunksGiveTheSameRecords() throws {
        let text = "id,text\n1,\"multi\r\nline, \"\"quoted\"\"\"\n2,ünïcödé\r\n3,last"
        XCTAssertEqual(try rows(text, chunkSize: 3), try rows(text))
    }

    func testStrayQuotesAreErrorsInStrictModeAndTextInLazyMode() {
        let strict = error("a,b\n1,x\"y\n")
        XCTAssertEqual(strict?.positionText, "2:4")
        XCTAssertTrue(strict?.description.contains("a quote inside an unquoted field") ?? false, "\(String(describing: strict))")
        var lazy = CSVOptions()
        lazy.strictQuotes = false
        XCTAssertEqual(try rows("a,b\n1,x\"y\n", options: lazy), ["a=#1|b=x\"y"])
    }

    func testTextAfterClosingQuoteAndUnterminatedQuote() {
        XCTAssertEqual(error("a,b\n1,\"x\"y\n")?.positionText, "2:6")
        let open = error("a,b\n1,2\n3,\"never\nclosed\n")
        XCTAssertEqual(open?.positionText, "3:3")  // at the opening quote
        XCTAssertTrue(open?.description.contains("a quoted field is not closed") ?? false)
    }

    /// CSV errors carry a column, as JSON errors do (issue 14): the first ill-formed byte, found
    /// the same whatever the chunks (a character cut between two, or by the end of the input).
    func testCSVErrorsHaveAColumn() {
        let text: [UInt8] = Array("id,name\n1,ok\n2,ab".utf8) + [0xE2, 0x82] + Array("\n".utf8)
        for chunkSize in [1, 2, 3, 5, 64] {
            XCTAssertEqual(error(text, chunkSize: chunkSize)?.positionText, "3:5", "chunks of \(chunkSize)")
        }
        let cutAtTheEnd: [UInt8] = Array("id\n1\n\u{e9}".utf8) + [0xE2, 0x82]
        XCTAssertEqual(error(cutAtTheEnd, chunkSize: 2)?.positionText, "3:2")
        XCTAssertEqual(error(Array("a,b\n1,\"x\"\"y\n2,3\n".utf8), chunkSize: 4)?.positionText, "2:3")
    }

    /// A character cut off by a chunk's end is held back until the next chunk shows it whole, so
    /// libcsv never sees an ill-formed byte, whatever the chunks: a lead byte after a closing quote
    /// was "text after the closing quote" when the chunk ended on it, and invalid UTF-8 otherwise
    /// (a libFuzzer finding: the parts of a file and one pass disagreed).
    func testAnIllFormedByteIsTheSameErrorWhateverTheChunks() {
        let text: [UInt8] = Array("a\n\"x\"".utf8) + [0xC3] + Array("(\n".utf8)
        for chunkSize in [1, 2, 3, 4, 5, 6, 7, 64] {
            let error = error(text, chunkSize: chunkSize)
            XCTAssertEqual(error?.positionText, "2:4", "chunks of \(chunkSize)")
            XCTAssertTrue(error?.description.contains("invalid UTF-8 in field 1") ?? false, "chunks of \(chunkSize): \(String(describing: error))")
        }
        let valid: [UInt8] = Array("a\nx".utf8) + [0xC3, 0xA9] + Array("y\n".utf8)
        for chunkSize in [1, 2, 3, 4, 64] {
            XCTAssertEqual(try rows(String(decoding: valid, as: UTF8.self), chunkSize: chunkSize), ["a=xéy"], "chunks of \(chunkSize)")
        }
    }

    /// With lazy quotes a quoted field left open took the rest of the input into one cell, status
    /// 0 (found running W3C CSVW and csv-test-data, issue 14): it is the same error as in strict
    /// mode, at its line (a lazy field's length in the input cannot be told, so no column).
    func testLazyQuotesStillRefuseAQuotedFieldLeftOpen() {
        var lazy = CSVOptions()
        lazy.strictQuotes = false
        for text in ["a,b\n1,\"x\n2,3\n4,5\n", "a,b\n1,\"x\"y,2\n3,a\"b\n"] {
            let failure = error(Array(text.utf8), options: lazy)
            XCTAssertEqual(failure?.positionText, "2", text)
            XCTAssertTrue(failure?.description.contains("a quoted field is not closed before the end of the input") ?? false, text)
        }
        XCTAssertEqual(try rows("a,b\n1,\"x\"y\"z\"\n", options: lazy), ["a=#1|b=x\"y\"z"], "a stray quote inside a closed field is still text")
    }

    func testInvalidUTF8IsAnError() throws {
        var reader = try source([0x61, 0x0A, 0xFF, 0xFE, 0x0A])
        XCTAssertThrowsError(try readRecords(from: &reader, limit: 1)) { error in
            XCTAssertEqual((error as? ListviewError)?.positionText, "2:1")
            XCTAssertTrue("\(error)".contains("invalid UTF-8 in field 1"))
        }
    }

    func testTenMegabyteField() throws {
        let big = String(repeating: "x", count: 10 << 20)
        var reader = try source(Array("a,b\n\"\(big)\",1\n".utf8), chunkSize: 1 << 16)
        let record = try XCTUnwrap(try readRecords(from: &reader, limit: 1).first)
        XCTAssertEqual(record["a"], .string(big))
        XCTAssertEqual(record["b"], .number("1"))
    }
}

private extension ListviewError {
    /// `LINE:COL` or `LINE` of a malformed-input error.
    var positionText: String? {
        guard case let .malformedInput(_, line, column, _) = self, let line else { return nil }
        return column.map { "\(line):\($0)" } ?? "\(line)"
    }

}

extension CSVRecordSourceTests {
    // MARK: Decoding only some columns (--counts)

    func testOnlyColumnsReadsThoseAndLeavesTheRestOut() throws {
        var options = CSVOptions()
        options.onlyColumns = ["status"]
        XCTAssertEqual(try rows("id,status,note\n1,open,x\n2,done\n3,open,y,extra\n", options: options),
                       ["status=open", "status=done", "status=open"])
        var ragged = try source(Array("id,status\n1,open\n2\n3,done,x\n".utf8), options: options)
        XCTAssertEqual(try readRecords(from: &ragged).count, 3)
        XCTAssertEqual(ragged.warnings.count, 2, "ragged rows are still counted")
        options.hasHeader = false
        options.onlyColumns = ["2"]
        XCTAssertEqual(try rows("1,open,x\n2,done\n", options: options), ["2=open", "2=done"])
    }

    func testOnlyColumnsStillRefusesInvalidUTF8Anywhere() throws {
        var options = CSVOptions()
        options.onlyColumns = ["status"]
        let bytes = Array("id,status\n1,open\n".utf8) + [0xC3, 0x28] + Array(",done\n".utf8)
        var reader = try source(bytes, options: options)
        XCTAssertThrowsError(try readRecords(from: &reader)) { error in
            guard case let .malformedInput(_, line, _, message)? = error as? ListviewError else { return XCTFail("\(error)") }
            XCTAssertEqual(line, 3)
            XCTAssertEqual(message, "invalid UTF-8 in field 1")
        }
    }
}
