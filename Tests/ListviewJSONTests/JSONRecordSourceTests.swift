import Foundation
import ListviewBatches
import ListviewInput
@testable import ListviewJSON
import ListviewValues
import ListviewTestSupport
import XCTest

final class JSONRecordSourceTests: XCTestCase {
    private let files = TemporaryFiles()

    private func write(_ bytes: [UInt8]) throws -> String {
        try files.write(bytes, extension: "json")
    }

    private func read(bytes: [UInt8], lines: Bool = false, path: [String] = [], maxDepth: Int = 10_000,
                         schema: RecordSchema = RecordSchema(), chunkSize: Int = 1 << 20) throws -> [Record] {
        let input = try ByteInput(path: try write(bytes), chunkSize: chunkSize)
        var source = JSONRecordSource(input: input, lines: lines, path: path, schema: schema, maxDepth: maxDepth)
        return try readRecords(from: &source, schema: schema)
    }

    /// Each record as compact JSON, keys in record order.
    private func json(_ text: String, lines: Bool = false, path: [String] = [], maxDepth: Int = 10_000,
                      schema: RecordSchema = RecordSchema(), chunkSize: Int = 1 << 20) throws -> [String] {
        try read(bytes: Array(text.utf8), lines: lines, path: path, maxDepth: maxDepth, schema: schema,
                    chunkSize: chunkSize).map(\.objectValue.compactJSON)
    }

    /// The `.malformedInput` error reading `bytes` gives, as (line, column, message).
    private func failure(bytes: [UInt8], lines: Bool = false, path: [String] = [], maxDepth: Int = 10_000,
                         chunkSize: Int = 1 << 20,
                         file: StaticString = #filePath, line: UInt = #line) -> (line: Int?, column: Int?, message: String)? {
        do {
            let result = try read(bytes: bytes, lines: lines, path: path, maxDepth: maxDepth, chunkSize: chunkSize)
            XCTFail("expected an error, got \(result.count) records", file: file, line: line)
        } catch let ListviewError.malformedInput(source, errorLine, column, message) {
            XCTAssertTrue(source.hasSuffix(".json"), source, file: file, line: line)
            return (errorLine, column, message)
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
        return nil
    }

    private func failure(_ text: String, lines: Bool = false, path: [String] = [], maxDepth: Int = 10_000,
                         chunkSize: Int = 1 << 20,
                         file: StaticString = #filePath, line: UInt = #line) -> (line: Int?, column: Int?, message: String)? {
        failure(bytes: Array(text.utf8), lines: lines, path: path, maxDepth: maxDepth, chunkSize: chunkSize,
                file: file, line: line)
    }

    // MARK: Shapes

    func testArrayOfObjectsKeepsOrderAndKeyOrder() throws {
        let records = try read(bytes: Array(#"[{"b":1,"a":"x"}, {"z":null,"a":2,"c":true}]"#.utf8))
        XCTAssertEqual(records.map(\.names), [["b", "a"], ["z", "a", "c"]])
        XCTAssertEqual(records.map(\.objectValue.compactJSON), [#"{"b":1,"a":"x"}"#, #"{"z":null,"a":2,"c":true}"#])
        XCTAssertEqual(records[1]["a"], .number("2"))
    }

    func testNestedValuesStayWhole() throws {
        XCTAssertEqual(try json(#"[{"a":{"b":[1,{"c":[]}]},"d":{}}]"#), [#"{"a":{"b":[1,{"c":[]}]},"d":{}}"#])
    }

    func testObjectOfObjectsListsMembersWithKeyFirst() throws {
        XCTAssertEqual(try json(#"{"x":{"n":1},"y":{"n":2,"m":"s"}}"#),
                       [#"{"key":"x","n":1}"#, #"{"key":"y","n":2,"m":"s"}"#])
        XCTAssertEqual(try json(#"{"x":1,"y":"s","z":[1,2],"w":null}"#), [
            #"{"key":"x","value":1}"#, #"{"key":"y","value":"s"}"#,
            #"{"key":"z","value":[1,2]}"#, #"{"key":"w","value":null}"#,
        ])
        XCTAssertEqual(try json("{}"), [])
    }

    func testMemberWithItsOwnKeyFieldIsRenamed() throws {
        XCTAssertEqual(try json(#"{"x":{"id":1,"key":"k1"}}"#), [#"{"key":"x","id":1,"key_2":"k1"}"#])
        XCTAssertEqual(try json(#"{"x":{"key":"k","key_2":"j"}}"#), [#"{"key":"x","key_3":"k","key_2":"j"}"#])
    }

    func testTopLevelScalarIsOneValueRecord() throws {
        XCTAssertEqual(try json("42"), [#"{"value":42}"#])
        XCTAssertEqual(try json(#" "hi" "#), [#"{"value":"hi"}"#])
        XCTAssertEqual(try json("null"), [#"{"value":null}"#])
        XCTAssertEqual(try json(#"[1,"a",[2],false]"#),
                       [#"{"value":1}"#, #"{"value":"a"}"#, #"{"value":[2]}"#, #"{"value":false}"#])
        XCTAssertEqual(try json("[]"), [])
    }

    func testDuplicateKeysKeepFirstPositionAndLastValue() throws {
        XCTAssertEqual(try json(#"[{"a":1,"b":2,"a":3}]"#), [#"{"a":3,"b":2}"#])
    }

    // MARK: --path

    func testPathSelectsANestedValue() throws {
        let text = #"{"items":[{"id":8}],"data":{"other":[{"id":9}],"items":[{"id":1},{"id":2}]}}"#
        XCTAssertEqual(try json(text, path: ["data", "items"]), [#"{"id":1}"#, #"{"id":2}"#])
        XCTAssertEqual(try json(text, path: ["items"]), [#"{"id":8}"#])
        XCTAssertEqual(try json(text, path: ["data", "items", "1"]), [#"{"key":"id","value":2}"#])
        XCTAssertEqual(try json(text, path: ["data", "items", "0", "id"]), [#"{"value":1}"#])
    }

    func testPathWithArrayIndex() throws {
        let text = #"{"pages":[{"rows":[{"id":1}]},{"rows":[{"id":2},{"id":3}]}]}"#
        XCTAssertEqual(try json(text, path: ["pages", "1", "rows"]), [#"{"id":2}"#, #"{"id":3}"#])
        XCTAssertEqual(try json(#"[[1,2],[3,4]]"#, path: ["0"]), [#"{"value":1}"#, #"{"value":2}"#])
        XCTAssertEqual(try json(#"[{"a":1},{"a":2}]"#, path: ["0"]), [#"{"key":"a","value":1}"#])
    }

    func testMissingPathIsAnError() {
        let missing = failure(#"{"data":{"list":[]}}"#, path: ["data", "items"])
        XCTAssertEqual(missing?.message, "no value at path 'data.items'")
        XCTAssertNil(missing?.line)
        XCTAssertEqual(failure("[1,2]", path: ["5"])?.message, "no value at path '5'")
        XCTAssertEqual(failure(#"{"a":1}"#, path: ["a", "b"])?.message, "no value at path 'a.b'")
    }

    // MARK: JSON Lines

    func testJSONLinesOneRecordPerLine() throws {
        let text = "{\"a\":1}\n\n{\"a\":2,\"b\":{\"c\":1}}\n   \n{}\n\"s\"\n7"
        XCTAssertEqual(try json(text, lines: true), [
            #"{"a":1}"#, #"{"a":2,"b":{"c":1}}"#, "{}", #"{"value":"s"}"#, #"{"value":7}"#,
        ])
        XCTAssertEqual(try json("{\"a\":1}\r\n{\"a\":2}\r\n", lines: true), [#"{"a":1}"#, #"{"a":2}"#])
    }

    func testJSONLinesArrayLineIsOneRecord() throws {
        XCTAssertEqual(try json("[1,2]\n[]\n{\"a\":[3]}\n", lines: true),
                       [#"{"value":[1,2]}"#, #"{"value":[]}"#, #"{"a":[3]}"#])
        // With --path, the selected array on each line is listed.
        XCTAssertEqual(try json("{\"r\":[1,2]}\n{\"r\":[3]}\n", lines: true, path: ["r"]),
                       [#"{"value":1}"#, #"{"value":2}"#, #"{"value":3}"#])
    }

    func testEmptyInput() throws {
        XCTAssertEqual(failure("")?.message, "no JSON value (the input is empty)")
        XCTAssertEqual(failure(" \n\t ")?.message, "no JSON value (the input is empty)")
        XCTAssertEqual(try json("", lines: true), [])
        XCTAssertEqual(try json("\n\n  \n", lines: true), [])
    }

    // MARK: Bytes

    func testByteOrderMarkIsSkipped() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        XCTAssertEqual(try read(bytes: bom + Array(#"[{"a":1}]"#.utf8)).map(\.objectValue.compactJSON), [#"{"a":1}"#])
        XCTAssertEqual(try read(bytes: bom + Array("{\"a\":1}\n{\"a\":2}\n".utf8), lines: true).count, 2)
        XCTAssertEqual(failure(bytes: bom)?.message, "no JSON value (the input is empty)")
    }

    func testNumbersKeepSourceText() throws {
        let records = try read(bytes: Array(#"[{"a":1.50,"b":-0,"c":1E+2,"d":1e400,"e":12345678901234567890123}]"#.utf8))
        XCTAssertEqual(records[0].objectValue.compactJSON, #"{"a":1.50,"b":-0,"c":1E+2,"d":1e400,"e":12345678901234567890123}"#)
        XCTAssertEqual(records[0]["a"], .number("1.50"))
        XCTAssertEqual(records[0]["b"], .number("-0"))
        XCTAssertEqual(records[0]["c"], .number("1E+2"))
    }

    func testStringsAreDecoded() throws {
        let records = try read(bytes: Array(#"[{"s":"a\"b\\c\nd\u00e9\ud83d\ude00","é":"日本"}]"#.utf8))
        XCTAssertEqual(records[0]["s"], .string("a\"b\\c\nd\u{E9}😀"))
        XCTAssertEqual(records[0]["é"], .string("日本"))
    }

    func testSmallChunksGiveTheSameRecords() throws {
        let text = #"[{"name":"日本語","n":123456,"s":"a\u00e9b"},{"name":"x","n":-1.5e3}]"#
        let expected = try json(text)
        XCTAssertEqual(expected.count, 2)
        for chunkSize in [3, 4, 7] {
            XCTAssertEqual(try json(text, chunkSize: chunkSize), expected, "chunk size \(chunkSize)")
        }
    }

    // MARK: Errors

    func testMalformedInputReportsLineAndColumn() {
        let bad = failure("{\"a\":1,\n \"b\":}")
        XCTAssertEqual(bad?.line, 2)
        XCTAssertEqual(bad?.column, 6, "the token the parser rejects")
        XCTAssertEqual(bad?.message, "unallowed token at this point in JSON text")
        let control = failure("[\"ab\",\n \"abc\u{1}\"]")
        XCTAssertEqual(control?.message, "invalid character inside string")
        XCTAssertEqual(control.map { [$0.line, $0.column] }, [2, 6])
        XCTAssertEqual(failure("[1,2")?.column, 5)
        XCTAssertEqual(failure("[1,2")?.line, 1)
        XCTAssertEqual(failure("[1,2")?.message, "unexpected end of JSON input")
        XCTAssertEqual(failure("{\"a\":1}\n{\"a\":}\n", lines: true)?.line, 2)
        XCTAssertEqual(failure("[1,\n2,\n3,\n}", chunkSize: 4)?.line, 4)
        let tab = failure("[\"日本\",\u{0B}1]")
        XCTAssertEqual(tab?.message, "invalid character U+000B in JSON text")
        XCTAssertEqual(tab?.column, 7, "columns count characters, not bytes")
        XCTAssertEqual(failure("[1,\u{0C}2]")?.message, "invalid character U+000C in JSON text")
    }

    func testTrailingGarbageIsAnError() {
        XCTAssertEqual(failure("[1] [2]")?.line, 1)
        XCTAssertNotNil(failure("{\"a\":1}}"))
    }

    func testNestingDeeperThanMaxDepthIsRefused() throws {
        XCTAssertEqual(try json("[[[[[1]]]]]", maxDepth: 5), [#"{"value":[[[[1]]]]}"#])
        let deep = failure("[[[[[[1]]]]]]", maxDepth: 5)
        XCTAssertEqual(deep?.message, "nesting deeper than 5 levels")
        XCTAssertEqual(deep?.line, 1)
        XCTAssertTrue(failure(#"{"a":{"b":{"c":{"d":{"e":{}}}}}}"#, maxDepth: 5)?.message.contains("nesting deeper than") ?? false)
        XCTAssertTrue(failure("{\"a\":[[[[[1]]]]]}", lines: true, maxDepth: 5)?.message.contains("nesting deeper than") ?? false)
    }

    func testInvalidUTF8IsAnError() {
        XCTAssertEqual(failure(bytes: Array(#"[""#.utf8) + [0xFF] + Array(#""]"#.utf8))?.message, "invalid UTF-8 in a string")
        XCTAssertEqual(failure(bytes: Array(#"[{""#.utf8) + [0xC3, 0x28] + Array(#"":1}]"#.utf8))?.message,
                       "invalid UTF-8 in a string")
        XCTAssertEqual(failure(bytes: Array(#"["a"#.utf8) + [0xED, 0xA0, 0x80] + Array(#""]"#.utf8))?.message,
                       "invalid UTF-8 in a string", "an encoded surrogate")
    }

    /// yajl paired a high surrogate escape with whatever escape followed, wrote a lone one as `?`
    /// and a lone low one as bytes that are not UTF-8 (issue 14): each is rejected where the pair
    /// breaks, however the text is cut into chunks, and a proper pair is one character.
    func testUnpairedSurrogateEscapesAreRejectedWhereThePairBreaks() throws {
        for chunkSize in [1, 2, 3, 5, 7, 64] {
            XCTAssertEqual(try json(#"[{"s":"a\ud83d\ude00b"}]"#, chunkSize: chunkSize), [#"{"s":"a😀b"}"#], "chunks of \(chunkSize)")
            let cases: [(text: String, column: Int, message: String)] = [
                (#"[{"s":"\ud800\u0041"}]"#, 14, "\\ud800 is a high surrogate without a low surrogate escape after it"),
                (#"[{"s":"\ud800"}]"#, 14, "\\ud800 is a high surrogate without a low surrogate escape after it"),
                (#"[{"s":"\uDBFF\n"}]"#, 14, "\\udbff is a high surrogate without a low surrogate escape after it"),
                (#"[{"s":"x\udc00"}]"#, 9, "\\udc00 is a low surrogate without a high surrogate escape before it"),
                (#"[{"\udc00":1}]"#, 4, "\\udc00 is a low surrogate"),
            ]
            for (text, column, message) in cases {
                let error = failure(text, chunkSize: chunkSize)
                XCTAssertEqual(error?.line, 1, text)
                XCTAssertEqual(error?.column, column, "\(text) in chunks of \(chunkSize)")
                XCTAssertTrue(error?.message.hasPrefix(message) ?? false, "\(String(describing: error?.message)) for \(text)")
            }
        }
        XCTAssertEqual(try json(#"[{"s":"\\ud800"}]"#), [#"{"s":"\\ud800"}"#], "an escaped backslash, then text")
    }

    /// A pipe's first four bytes are read to recognise a compression and handed out first; read in
    /// chunks smaller than that, the bytes after them came before the rest of them.
    func testAPipeReadInTinyChunksKeepsItsBytesInOrder() throws {
        let path = try write(Array(#"{"a":1}"#.utf8))
        for chunkSize in 1...8 {
            let piped = try JSONReaderComparison.readPiped(path: path, lines: true, chunkSize: chunkSize)
            XCTAssertNil(piped.error, "reads of \(chunkSize)")
            XCTAssertEqual(piped.rows, ["a=number:1\t"], "reads of \(chunkSize)")
        }
    }

    /// yajl, and the stream parser as it, put a missing comma's error at the start of the token
    /// after the value, by taking the token's length off the bytes of the read it ends in; a
    /// token begun in an earlier read (a pipe's, or a slice) had its error at the start of the
    /// later one (found by fuzzing). A number whose end the parser sees only at a read's first
    /// byte had its error there, not on its last digit; a comment's slash at a read's start had
    /// it on the slash, not the byte before; an escape outside a string cut by a read's end
    /// reached the parser, which called its backslash an invalid character, before the text
    /// check saw the escape whole and said what is wrong with it (found by fuzzing). Each is
    /// where it is however the reads cut the text (`exactOffsets`).
    func testErrorsDoNotMoveWithTheReads() throws {
        let key = String(repeating: "k", count: 40)
        let comma = "after key and value, inside map, I expect ',' or '}'"
        let cases: [(text: String, lines: Bool, line: Int, column: Int, message: String)] = [
            ("{\"a\":1 \"\(key)\":2}", false, 1, 9, comma),  // a string: its first character
            ("[\n  {\n    \"scope\":  \"conn \"\"core  \"}]", false, 3, 23, comma),  // the fuzzer's, minimized
            ("{\"a\":1   1234567890123456789012345}", false, 1, 9, comma),  // any other token: the byte before it
            ("{\"a\":\"x\"\n  true}", false, 2, 2, comma),
            ("{\"a\":1\n1234567890123456789012345}", false, 1, 7, comma),
            ("{\"a\":1}\n{\"a\":1 \"\(key)\":2}\n", true, 2, 9, comma),
            ("{1234567890}", false, 1, 11, "invalid object key (must be a string)"),
            ("[1]1234567890 ", false, 1, 13, "trailing garbage"),
            ("[1,/]", false, 1, 3, "probable comment found in input text, comments are not enabled"),
            ("[1,\\uDE00]", false, 1, 4, "\\ude00 is a low surrogate without a high surrogate escape before it (not Unicode text)"),
            ("[\"]{\"\\uDFAA]\n", true, 1, 6, "\\udfaa is a low surrogate without a high surrogate escape before it (not Unicode text)"),
            ("[1,\\ud800\\u0041]", false, 1, 4, "invalid char in json text"),  // the parser has the whole first escape
            ("[1,\\u00", false, 1, 4, "invalid char in json text"),  // an escape the text ends in
            ("[\"\\u00", false, 1, 7, "invalid (non-hex) character occurs after '\\u' inside string"),
        ]
        for (text, lines, line, column, message) in cases {
            let error = failure(text, lines: lines)
            XCTAssertEqual(error.map { [$0.line, $0.column] }, [line, column], text)
            XCTAssertEqual(error?.message, message)
            let path = try write(Array(text.utf8))
            let whole = try JSONReaderComparison.read(path: path, lines: lines, simdjson: false, chunkSize: 1 << 20).error
            for chunkSize in 1...text.utf8.count {
                let piped = try JSONReaderComparison.readPiped(path: path, lines: lines, chunkSize: chunkSize).error
                XCTAssertEqual(piped, whole, "\(text) from a pipe in reads of \(chunkSize)")
            }
        }
    }

    /// The parser (as yajl did) reads `{"a":1} {"a":2}` as two values; JSON Lines holds one a line (issue 14).
    func testTwoValuesOnOneJSONLinesLineAreAnError() throws {
        for chunkSize in [1, 4, 64] {
            for (text, column) in [(#"{"a":1} {"a":2}"#, 9), (#"{"a":1}{"a":2}"#, 8), ("1 2", 3), (#"[1] "x""#, 7)] {
                let error = failure(text + "\n", lines: true, chunkSize: chunkSize)
                XCTAssertEqual(error?.line, 1, text)
                XCTAssertEqual(error?.column, column, "\(text) in chunks of \(chunkSize)")
                XCTAssertTrue(error?.message.hasPrefix("a second JSON value on the same line") ?? false, "\(String(describing: error))")
            }
            XCTAssertEqual(try json("{\"a\":1}\n\n  {\"a\":2}  \r\n", lines: true, chunkSize: chunkSize), [#"{"a":1}"#, #"{"a":2}"#])
        }
    }

    /// An unfinished value ran on into the next line, so the error came lines later (issue 14): it
    /// is reported at the end of the line it began on.
    func testAnUnfinishedJSONLinesValueIsReportedAtItsLine() throws {
        for chunkSize in [1, 4, 64] {
            let error = failure("{\"a\":1}\n{\"b\":[1,\n2]}\n{\"c\":3}\n", lines: true, chunkSize: chunkSize)
            XCTAssertEqual(error?.line, 2, "chunks of \(chunkSize)")
            XCTAssertEqual(error?.column, 9, "chunks of \(chunkSize)")  // the line break after `{"b":[1,`
            XCTAssertTrue(error?.message.hasPrefix("the JSON value on this line is not finished") ?? false, "\(String(describing: error))")
        }
    }

    func testMissingFileCannotBeOpened() {
        XCTAssertThrowsError(try ByteInput(path: "/nonexistent/listview-test.json")) { error in
            guard case .cannotOpen(let source, _)? = error as? ListviewError else { return XCTFail("\(error)") }
            XCTAssertEqual(source, "/nonexistent/listview-test.json")
        }
    }

    // MARK: Schema

    func testSchemaColumnsInFirstSeenOrder() throws {
        let schema = RecordSchema()
        let records = try read(bytes: Array(#"[{"b":1,"a":2},{"c":3,"a":4},{"d":5},{"b":6,"a":7}]"#.utf8), schema: schema)
        XCTAssertEqual(schema.columns, ["b", "a", "c", "d"])
        XCTAssertEqual(records[1].value(column: 2), .number("3"))
        XCTAssertEqual(records[1].value(column: 1), .number("4"))
        XCTAssertNil(records[1].value(column: 0))
        XCTAssertTrue(records[0].shape === records[3].shape, "shapes are interned")
        _ = try read(bytes: Array("{\"e\":1,\"a\":2}\n".utf8), lines: true, schema: schema)
        XCTAssertEqual(schema.columns, ["b", "a", "c", "d", "e"], "one schema across inputs")
    }

    /// A value longer than a slice is read in slices that double (a few large slices, not
    /// hundreds of small ones), and slices go back to their size once records complete.
    func testSlicesGrowWhileALongValueRunsOn() throws {
        let long = String(repeating: "a", count: 4 << 20)
        let rows = (0..<2_000).map { #"{"n":\#($0)}"# }.joined(separator: ",")
        let path = try write(Array(("[{\"s\":\"" + long + "\"}," + rows + "]").utf8))
        var source = JSONRecordSource(input: try ByteInput(path: path), lines: false, schema: RecordSchema())
        let first = try XCTUnwrap(try source.nextBatch(schema: RecordSchema()))
        XCTAssertEqual(first.record(at: 0, shapes: RecordShapeCache())["s"], .string(long))
        // 4 MB in slices from 16 KB (the first) doubling: 9 slices, where fixed slices would take 64.
        XCTAssertLessThanOrEqual(source.startedSlices, 10)
        XCTAssertEqual(first.rowCount + (try readRecords(from: &source).count), 2_001)
    }
}
