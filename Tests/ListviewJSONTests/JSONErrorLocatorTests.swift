import Foundation
import ListviewBatches
import ListviewInput
@testable import ListviewJSON
import ListviewTestSupport
import ListviewValues
import XCTest

/// `JSONErrorLocator` on a case for each message (each answer yajl's, recorded while listview
/// read with yajl), and against the reader it stands in for on random broken texts: its
/// `Refusals` against `JSONBatchAssembler` as `JSONRecordSource` drives it, and the reader
/// itself.
final class JSONErrorLocatorTests: XCTestCase {
    /// The first error the reader's own assembler meets, through the locator's reading.
    private static func assemblerError(in text: [UInt8], lines: Bool, maxDepth: Int, chunkEnds: [Int]? = nil) -> JSONErrorLocator.Found? {
        text.withUnsafeBytes {
            JSONErrorLocator(lines: lines, maxDepth: maxDepth)
                .firstError(in: $0, chunkEnds: chunkEnds ?? [text.count], handler: JSONBatchAssembler(lines: lines, path: [], maxDepth: maxDepth))
        }
    }

    // MARK: A case for each message

    /// A text, how it is read, and the error expected in it (nil: none).
    private struct Case {
        var text: [UInt8]
        var lines = false
        var maxDepth = 1_000
        var expected: JSONErrorLocator.Found?
        var line: UInt

        init(_ text: String, lines: Bool = false, maxDepth: Int = 1_000, _ offset: Int?, _ message: String = "", line: UInt = #line) {
            self.init(Array(text.utf8), lines: lines, maxDepth: maxDepth, offset, message, line: line)
        }

        init(_ text: [UInt8], lines: Bool = false, maxDepth: Int = 1_000, _ offset: Int?, _ message: String = "", line: UInt = #line) {
            self.text = text
            self.lines = lines
            self.maxDepth = maxDepth
            expected = offset.map { JSONErrorLocator.Found(message: message, offset: $0) }
            self.line = line
        }
    }

    /// Checks the locator, and the assembler's reading, against each case (yajl's answer, which
    /// the case records).
    private func check(_ cases: [Case], chunkEnds: (Case) -> [Int]? = { _ in nil }) {
        for item in cases {
            let ends = chunkEnds(item)
            let assembler = Self.assemblerError(in: item.text, lines: item.lines, maxDepth: item.maxDepth, chunkEnds: ends)
            let found = JSONErrorLocator(lines: item.lines, maxDepth: item.maxDepth).firstError(in: item.text, chunkEnds: ends)
            XCTAssertEqual(assembler, item.expected, "assembler, \(StreamCase.quoted(item.text))", line: item.line)
            XCTAssertEqual(found, item.expected, "locator, \(StreamCase.quoted(item.text))", line: item.line)
        }
    }

    func testLexicalErrors() {
        check([
            Case("[@]", 1, "invalid char in json text"),
            Case("[1] \u{7F}", 4, "trailing garbage"),
            Case([0x5B, 0xC3, 0xA9, 0x5D], 1, "invalid char in json text"),
            Case("[tru]", 4, "invalid string in json text"),
            Case("nulL", 3, "invalid string in json text"),
            Case("[\"\\x\"]", 3, "inside a string, '\\' occurs before a character which it may not"),
            Case("[\"\\u12x4\"]", 6, "invalid (non-hex) character occurs after '\\u' inside string"),
            Case("[\"a\tb\"]", 3, "invalid character inside string"),
            Case("[\"a\u{0}\"]", 3, "invalid character inside string"),
            Case("[1.]", 3, "malformed number, a digit is required after the decimal point"),
            Case("[1e]", 3, "malformed number, a digit is required after the exponent"),
            Case("[1E+]", 4, "malformed number, a digit is required after the exponent"),
            Case("[-]", 2, "malformed number, a digit is required after the minus sign"),
            Case("[-a]", 2, "malformed number, a digit is required after the minus sign"),
            // The comment is put at the byte before the slash (the lexer backs up to it, the error steps back once more).
            Case("[1,/*x*/]", 2, "probable comment found in input text, comments are not enabled"),
            Case("//", 0, "probable comment found in input text, comments are not enabled"),
        ])
    }

    func testGrammarErrors() {
        check([
            Case("{1:2}", 1, "invalid object key (must be a string)"),
            Case("{\"a\":1,}", 7, "invalid object key (must be a string)"),
            Case("{\"a\" 1}", 5, "object key and value must be separated by a colon (':')"),
            Case("[1 2]", 3, "after array element, I expect ',' or ']'"),
            Case("[01]", 2, "after array element, I expect ',' or ']'"),
            Case("[,]", 1, "unallowed token at this point in JSON text"),
            Case("[1,]", 3, "unallowed token at this point in JSON text"),
            Case("{\"a\":}", 5, "unallowed token at this point in JSON text"),
            // The parser (as yajl) moves this one back by the token's length, a string's less its quotes: its first
            // character, or for `true` the space before it.
            Case("{\"a\":1 \"bc\"}", 8, "after key and value, inside map, I expect ',' or '}'"),
            Case("{\"a\":1 true}", 6, "after key and value, inside map, I expect ',' or '}'"),
            Case("{\"a\":1 [}", 6, "after key and value, inside map, I expect ',' or '}'"),
            Case("[1]x", 3, "trailing garbage"),
            Case("{}{}", 2, "trailing garbage"),
            Case("01", 2, "trailing garbage"),
            // After the value, a bad token's count ends where its lexer stopped, less one.
            Case("[1] \"a\u{1}\"", 5, "trailing garbage"),
            Case("[1] /", 3, "trailing garbage"),
        ])
    }

    func testEndOfText() {
        check([
            Case("[1,2", 4, "unexpected end of JSON input"),
            Case("{\"a\":\"b", 7, "unexpected end of JSON input"),
            Case("1.", 2, "malformed number, a digit is required after the decimal point"),
            Case("-", 1, "malformed number, a digit is required after the minus sign"),
            Case("tr", 2, "invalid string in json text"),
            Case("[1] tru", 7, "trailing garbage"),
            Case("1 2", 3, "trailing garbage"),
            Case("", 0, JSONErrorLocator.emptyDocument),
            Case(" \t\r\n", 4, JSONErrorLocator.emptyDocument),
            Case("\"abc", lines: true, 4, "unexpected end of JSON input"),
            Case("{\"a\":1}\n{\"b", lines: true, 11, "unexpected end of JSON input"),
            Case("", lines: true, nil),
            Case("\n\n \t\n", lines: true, nil),
            Case("42", nil),
            Case("{\"a\":1}\r\n{\"b\":2}", lines: true, nil),
            // A string the end of the text cuts after a whole value (which yajl took for nothing).
            Case("[1] \"abc", 8, "unexpected end of JSON input"),
            Case("{\"a\":1}\n\"abc", lines: true, 12, "unexpected end of JSON input"),
        ])
    }

    func testTextCheckProblems() {
        check([
            Case("[1,\u{0B}2]", 3, "invalid character U+000B in JSON text"),
            Case("[\"a\u{0C}\"]", 3, "invalid character U+000C in JSON text"),
            Case("[\"\\ud800\"]", 8, "\\ud800 is a high surrogate without a low surrogate escape after it (not Unicode text)"),
            Case("[\"\\ud800\\u0041\"]", 8, "\\ud800 is a high surrogate without a low surrogate escape after it (not Unicode text)"),
            Case("[\"\\udc00\"]", 2, "\\udc00 is a low surrogate without a high surrogate escape before it (not Unicode text)"),
            Case("[\"\\ud83d\\ude00\"]", nil),
            // The check knows no strings: the parser's error first, else the check's at the same byte.
            Case("[x\\udc00]", 1, "invalid char in json text"),
            Case("[\\udc00]", 1, "\\udc00 is a low surrogate without a high surrogate escape before it (not Unicode text)"),
            // Where the check skips a byte after a backslash, the parser reports it.
            Case("[\"\\\u{0B}\"]", 3, "inside a string, '\\' occurs before a character which it may not"),
        ])
    }

    func testRefusals() {
        check([
            Case([0x5B, 0x22, 0xFF, 0x22, 0x5D], 3, JSONBatchAssembler.invalidUTF8),
            Case([0x7B, 0x22, 0xC3, 0x22, 0x3A, 0x31, 0x7D], 3, JSONBatchAssembler.invalidUTF8),
            Case([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], 5, JSONBatchAssembler.invalidUTF8),
            Case("[\"\\u00e9\u{E9}\"]", nil),
            Case("[[[1]]]", maxDepth: 2, 2, "nesting deeper than 2 levels"),
            Case("{\"a\":{\"b\":[]}}", maxDepth: 2, 10, "nesting deeper than 2 levels"),
            Case("[[]]", maxDepth: 2, nil),
            Case("{\"a\":1} {\"b\":2}\n", lines: true, 8, "a second JSON value on the same line (JSON Lines holds one value per line)"),
            Case("1 2\n", lines: true, 2, "a second JSON value on the same line (JSON Lines holds one value per line)"),
            Case("12true\n", lines: true, 5, "a second JSON value on the same line (JSON Lines holds one value per line)"),
            Case("\"a\"\"b\"\n", lines: true, 5, "a second JSON value on the same line (JSON Lines holds one value per line)"),
            Case("1 2", lines: true, 3, "a second JSON value on the same line (JSON Lines holds one value per line)"),
            Case("{\"a\":\n", lines: true, 5, JSONStreamParser.unfinishedLine),
            Case("[1]\n[2\n3]\n", lines: true, 6, JSONStreamParser.unfinishedLine),
            Case("\"ab\ncd\"\n", lines: true, 3, "invalid character inside string"),
        ])
    }

    /// Nesting 100,000 deep: no recursion to overflow, and the limit where the reader puts it.
    func testDeepNesting() {
        let depth = 100_000
        let nested = [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        let open = Array(String(repeating: "{\"a\":", count: depth).utf8)
        check([
            Case(nested, 1_000, "nesting deeper than 1000 levels"),
            Case(nested, maxDepth: depth, nil),
            Case(nested + [0x0A], lines: true, maxDepth: depth, nil),
            Case(Array(nested.prefix(depth)) + [0x0A], lines: true, maxDepth: depth, depth, JSONStreamParser.unfinishedLine),
            Case(open, maxDepth: depth, open.count, "unexpected end of JSON input"),
            Case(open + [0x31, 0x5D], maxDepth: depth, open.count, "after key and value, inside map, I expect ',' or '}'"),
        ])
    }

    // MARK: The reader's chunks

    /// The reader's offsets depend on where its chunks end in three ways (yajl's, kept by the
    /// stream parser), which the locator reproduces when told the chunks
    /// (`firstError(in:chunkEnds:)`); read whole, none arises.
    func testChunkEndsMoveSomeErrors() {
        let chunks: [String: [Int]] = [
            // A number (or literal) the parser must read past to see end: ended by a chunk's first
            // byte, the error is at that chunk's start, not on the token's last byte.
            "{12}": [3, 4], "[1]0 ": [4, 5],
            // A comment at a chunk's start is put on the slash, not the byte before it.
            "[/]": [1, 3],
            // A token cut by a chunk's end moves "after key and value" back to the chunk's start.
            "{\"a\":1 \"bcdef\"}": [10, 15],
            // An escape cut by a chunk's end reaches the parser before the text check sees it whole.
            "[\\uDE00]": [3, 8],
        ]
        check([
            Case("{12}", 2, "invalid object key (must be a string)"),
            Case("[1]0 ", 3, "trailing garbage"),
            Case("[/]", 0, "probable comment found in input text, comments are not enabled"),
            Case("{\"a\":1 \"bcdef\"}", 8, "after key and value, inside map, I expect ',' or '}'"),
            Case("[\\uDE00]", 1, "\\ude00 is a low surrogate without a high surrogate escape before it (not Unicode text)"),
        ])
        check([
            Case("{12}", 3, "invalid object key (must be a string)"),
            Case("[1]0 ", 4, "trailing garbage"),
            Case("[/]", 1, "probable comment found in input text, comments are not enabled"),
            Case("{\"a\":1 \"bcdef\"}", 10, "after key and value, inside map, I expect ',' or '}'"),
            Case("[\\uDE00]", 1, "invalid char in json text"),
        ], chunkEnds: { chunks[String(decoding: $0.text, as: UTF8.self)] })
    }

    // MARK: Random texts

    /// Texts of each kind (documents, JSON Lines) the property test checks, and a quarter as
    /// many soups of JSON pieces of each.
    static let casesPerKind = 6_000

    /// Random valid and broken documents and JSON Lines, each read whole and in random chunks:
    /// the locator (its `Refusals`) finds the reader's assembler's first error (or none) both ways.
    func testAgreesWithTheAssemblerOnRandomTexts() {
        let seed = testSeed(0x4C6F_6361_746F_72)
        var seeds = SeededRandom(state: seed)
        var messages: [String: Int] = [:]
        var errors = 0, mismatches = 0, cases = 0, chunkDependent = 0
        let started = Date()
        for (lines, soup) in [(false, false), (true, false), (false, true), (true, true)] {
            for index in 0..<Self.casesPerKind / (soup ? 4 : 1) {
                let caseSeed = seeds.next()
                var generator = RandomJSONText(seed: caseSeed)
                let valid = lines ? generator.jsonLines() : generator.document()
                let text = soup ? generator.soup() : index % 10 == 0 ? valid : generator.corrupt(valid)
                let maxDepth = index % 7 == 0 ? 1 + generator.random.next(4) : JSONRecordSource.defaultMaxDepth
                let chunkEnds = generator.chunkEnds(count: text.count)
                let locator = JSONErrorLocator(lines: lines, maxDepth: maxDepth)
                let expected = Self.assemblerError(in: text, lines: lines, maxDepth: maxDepth)
                let expectedInChunks = Self.assemblerError(in: text, lines: lines, maxDepth: maxDepth, chunkEnds: chunkEnds)
                let found = locator.firstError(in: text)
                let foundInChunks = locator.firstError(in: text, chunkEnds: chunkEnds)
                cases += 1
                if let expected {
                    errors += 1
                    messages[Self.kind(of: expected.message), default: 0] += 1
                }
                if expectedInChunks != expected { chunkDependent += 1 }
                if found != expected || foundInChunks != expectedInChunks {
                    mismatches += 1
                    if mismatches <= 10 {
                        XCTFail("""
                            case seed \(caseSeed), lines \(lines), soup \(soup), maxDepth \(maxDepth), text \(StreamCase.quoted(text)): \
                            assembler \(expected?.description ?? "nil"), locator \(found?.description ?? "nil"); \
                            in chunks ending at \(chunkEnds): assembler \(expectedInChunks?.description ?? "nil"), \
                            locator \(foundInChunks?.description ?? "nil")
                            """)
                    }
                }
            }
        }
        let seconds = Date().timeIntervalSince(started)
        print("JSONErrorLocator: \(cases) texts, \(errors) with errors of \(messages.count) kinds, "
              + "\(chunkDependent) reported otherwise in chunks, \(mismatches) mismatches, \(String(format: "%.1f", seconds)) s")
        for (message, count) in messages.sorted(by: { $0.value > $1.value }) { print("  \(count)\t\(message)") }
        XCTAssertEqual(mismatches, 0)
        // Not vacuous: most texts are broken, in many different ways.
        XCTAssertGreaterThan(errors, cases * 3 / 5)
        XCTAssertGreaterThanOrEqual(messages.count, 25, "\(messages.keys.sorted())")
    }

    /// A message with its numbers (the depth limit, the escape) left out, to count kinds of error.
    private static func kind(of message: String) -> String {
        message.replacingOccurrences(of: "\\\\u[0-9a-f]{4}", with: "\\\\uXXXX", options: .regularExpression)
            .replacingOccurrences(of: "than [0-9]+", with: "than N", options: .regularExpression)
    }

    // MARK: The reader itself

    /// The error `JSONRecordSource` reports reading `text` from a file (simdjson first, the
    /// stream parser where it refuses), as (line, column, message); nil when it reads the text.
    private func readerError(_ text: [UInt8], lines: Bool, maxDepth: Int, files: TemporaryFiles) throws -> String? {
        let input = try ByteInput(path: try files.write(text, extension: "json"))
        var source = JSONRecordSource(input: input, lines: lines, schema: RecordSchema(), maxDepth: maxDepth)
        do {
            _ = try readRecords(from: &source)
            return nil
        } catch let ListviewError.malformedInput(_, line, column, message) {
            return "\(line ?? 0):\(column ?? 0): \(message)"
        }
    }

    /// The locator's error as the reader words it: line and column of its offset.
    private static func described(_ found: JSONErrorLocator.Found?, in text: [UInt8]) -> String? {
        guard let found else { return nil }
        var position = TextPosition()
        text.withUnsafeBytes { position.advance(over: UnsafeRawBufferPointer(rebasing: $0[0..<min(found.offset, text.count)])) }
        return "\(position.line):\(position.column): \(found.message)"
    }

    /// What the reader reports, line and column and message, for random broken texts: the
    /// oracle stands for the reader faithfully.
    func testAgreesWithTheReader() throws {
        let files = TemporaryFiles()
        var seeds = SeededRandom(state: testSeed(0x5265_6164_6572))
        var errors = 0
        for index in 0..<400 {
            let lines = index % 2 == 1
            var generator = RandomJSONText(seed: seeds.next())
            var text = generator.corrupt(lines ? generator.jsonLines() : generator.document())
            // The reader drops a byte order mark at the start; the locator is given what follows.
            if text.starts(with: ByteInput.utf8ByteOrderMark) { text.removeFirst(3) }
            let maxDepth = index % 5 == 0 ? 3 : JSONRecordSource.defaultMaxDepth
            let expected = try readerError(text, lines: lines, maxDepth: maxDepth, files: files)
            let found = Self.described(JSONErrorLocator(lines: lines, maxDepth: maxDepth).firstError(in: text), in: text)
            if expected != nil { errors += 1 }
            XCTAssertEqual(found, expected, "lines \(lines), maxDepth \(maxDepth), text \(StreamCase.quoted(text))")
        }
        XCTAssertGreaterThan(errors, 250)
    }
}
