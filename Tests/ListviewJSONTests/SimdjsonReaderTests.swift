import Foundation
import ListviewBatches
import ListviewInput
@testable import ListviewJSON
import ListviewTestSupport
import ListviewValues
import XCTest

/// The simdjson reader (`SimdjsonParser`) against the stream parser's reading it stands in for: the same
/// batches, cell by cell, and the same errors, on random documents of both layouts
/// (`JSONReaderComparison`, which the `json` fuzz target compares them through too).
final class SimdjsonReaderTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
        super.tearDown()
    }

    /// Reads `text` with simdjson and with the stream parser alone (`JSONReaderComparison`: from a
    /// file batch by batch and whole in parts, and from a pipe) and fails on any difference; the
    /// simdjson reading.
    private func assertSameReadings(_ text: String, lines: Bool, chunkSize: Int = 1 << 20, onlyColumns: Set<String>? = nil,
                                    file: StaticString = #filePath, line: UInt = #line) throws -> JSONReaderComparison.Reading {
        let path = try files.write(text, extension: lines ? "jsonl" : "json")
        let outcome = try JSONReaderComparison.compare(path: path, lines: lines, chunkSize: chunkSize, onlyColumns: onlyColumns)
        XCTAssertNil(outcome.difference, "\(text.prefix(2_000))", file: file, line: line)
        return outcome.simdjson
    }

    // MARK: Cases

    func testBenchShapesAreReadBySimdjson() throws {
        let records = (0..<2_000).map { #"{"id":\#($0),"status":"s\#($0 % 7)","amount":\#($0).50,"tags":["a","b"],"ok":true,"none":null}"# }
        let jsonLines = try assertSameReadings(records.joined(separator: "\n") + "\n", lines: true, chunkSize: 4_096)
        XCTAssertTrue(jsonLines.usedSimdjson)
        XCTAssertNil(jsonLines.error)
        let array = try assertSameReadings("[\n" + records.joined(separator: ",\n") + "\n]\n", lines: false, chunkSize: 4_096)
        XCTAssertTrue(array.usedSimdjson)
        XCTAssertNil(array.error)
    }

    func testWhatSimdjsonDoesNotReadIsReadByTheStreamParser() throws {
        let cases: [(String, Bool)] = [
            (#"{"a":"\ud800"}"# + "\n", true),  // a lone surrogate: listview refuses it at its position
            (#"{"a":"\udc00x"}"# + "\n", true),
            (#"{"a":1}"# + "\n" + #"{"a":01}"# + "\n", true),  // a number simdjson lets through
            ("1\n2\n", true),  // scalar lines
            (#"{"a":1} {"a":2}"# + "\n", true),  // two values on a line
            ("{\"a\":\n1}\n", true),  // a value over two lines
            ("{\"a\":[1\n2]}\n{},{}\n", true),  // as many values as lines: one over two lines, two on one (fuzzing)
            ("{\"a\":\"x\ny\"}\n{},{}\n", true),  // the same with a line feed in a string
            (#"[{"a":1},{"a":2}]"#, false),  // an array on one line
            ("[\n{\"a\":1},\n{\"a\":2}\n] x", false),  // text after the array
            ("[\n{\"a\":1},\n{\"a\":2},\n]", false),  // a trailing comma
            ("[\n{\"a\":1},\n{\"a\":\u{0B}2}\n]", false),  // a vertical tab
            ("{\"a\":1}\n", false),  // not an array
            ("", false), ("", true), ("  \n", true),
        ]
        for (text, lines) in cases {
            _ = try assertSameReadings(text, lines: lines)
        }
    }

    /// Inputs the json fuzz target found, minimized, with the chunk size it read them in.
    /// A trailing comma in an array is refused however the text comes in chunks: read a chunk
    /// ending with `},` and then one holding only `]`, the array was read as closing cleanly.
    func testATrailingCommaIsRefusedInEveryChunking() throws {
        for text in [#"[{"a":1},]"#, "[{},]", "[{\"a\":[1]},\n]", #"[{"a":1} , ]"#, "[\n{\"a\":1},\n{\"a\":2},\n  ]\n"] {
            for chunkSize in 1...text.utf8.count + 1 {
                let reading = try assertSameReadings(text, lines: false, chunkSize: chunkSize)
                XCTAssertNotNil(reading.error, "\(text) in chunks of \(chunkSize)")
            }
        }
    }

    func testFuzzFindings() throws {
        let cases: [(text: String, lines: Bool, chunkSize: Int)] = [
            // An error at a token begun in the pipe's read before (the parser's count of it fell short).
            ("[\n  {\n    \"scope\":  \"conn \"\"core  \"x-r }  }\0\0\0}\n]}\n]\n  }\n]\n}\n]\n\n\n  }\n]\n  }\n]\n}\n]\n", false, 31),
            // An escape outside a string cut by the pipe's read: the parser saw its backslash first.
            ("[\"]{\"\\uDFAA]]]]FAA 0e}09\u{0B}]\n}]uDFAA 0e}09\u{0B}]\n}]}]0e}09\u{0B}]\n}]", true, 7),
        ]
        for (text, lines, chunkSize) in cases {
            _ = try assertSameReadings(text, lines: lines, chunkSize: chunkSize)
        }
    }

    /// Random documents of JSON Lines and of arrays, one record a line (some several, some with
    /// errors, integers past 64 bits or lone surrogates), read by both readers at random chunk
    /// sizes: the same batches and errors.
    func testRandomDocumentsReadAsTheStreamParserReadsThem() throws {
        var random = seededRandom()
        var readBySimdjson = 0
        for _ in 0..<80 {
            let lines = random.next(2) == 0
            // Two documents in three are what simdjson reads to the end: objects one a line, no lone surrogate.
            let plain = random.next(3) > 0
            let records = (0..<(1 + random.next(300))).map { _ in
                !plain && random.next(20) == 0 ? RandomJSON.value(&random, depth: 0) : RandomJSON.object(&random, depth: 0)
            }
            var text: String
            if lines {
                text = records.joined(separator: random.next(4) == 0 ? "\r\n" : "\n")
                if random.next(2) == 0 { text += "\n" }
            } else {
                let separator = !plain && random.next(3) == 0 ? ", " : random.next(5) == 0 ? "\n  , " : ",\n"
                text = "[" + (random.next(2) == 0 ? "\n" : "") + records.joined(separator: separator) + (random.next(2) == 0 ? "\n" : "") + "]\n"
            }
            if plain {
                // simdjson's DOM takes no integer past 64 bits (the stream parser reads those files).
                text = text.replacingOccurrences(of: "\\ud800", with: "\\ud83d\\ude00")
                    .replacingOccurrences(of: "123456789012345678901234567890", with: "-1234567890123456789")
            }
            if !plain && random.next(3) == 0 {
                // A byte of the text changed: an error somewhere (or not).
                var bytes = Array(text.utf8)
                bytes[random.next(bytes.count)] = random.element(of: Array("{}[],:\"\\x1 ".utf8)) ?? 0x20
                text = String(decoding: bytes, as: UTF8.self)
            }
            let reading = try assertSameReadings(text, lines: lines, chunkSize: 64 + random.next(8_000))
            if plain {
                XCTAssertTrue(reading.usedSimdjson, "read by simdjson: \(text.prefix(500))")
                readBySimdjson += 1
            }
        }
        XCTAssertGreaterThan(readBySimdjson, 30)
    }

    /// Records that mostly repeat the keys of the record before, in its order (whose scalar
    /// fields the tape's replay takes in one loop, `takeScalarFields`), with now and then a key
    /// left out, added, moved or given twice, and values of every kind (nested ones among them):
    /// both readers give the same cells, with `--columns` keeping some fields or all.
    func testRecordsOfOneShapeReadAsTheStreamParserReadsThem() throws {
        var random = seededRandom()
        var keys = ["id", "name", "n", "ok", "none", "x", "é", "k\\\"q", ""]
        var readBySimdjson = 0
        for _ in 0..<60 {
            let lines = random.next(2) == 0
            let records = (0..<(1 + random.next(200))).map { _ in
                switch random.next(12) {
                case 0: keys.remove(at: random.next(keys.count))
                case 1: keys.insert(random.element(of: RandomJSON.keys) ?? "a", at: random.next(keys.count + 1))
                case 2: keys.swapAt(random.next(keys.count), random.next(keys.count))
                default: break
                }
                if keys.isEmpty { keys = ["id"] }
                let members = keys.map { key in
                    let value = switch random.next(10) {
                    case 0: RandomJSON.value(&random, depth: 0)
                    case 1: "null"
                    case 2: random.next(2) == 0 ? "true" : "false"
                    case 3, 4, 5: random.element(of: RandomJSON.numbers.filter { $0.count < 20 }) ?? "0"
                    default: RandomJSON.string(&random)
                    }
                    return "\"\(key)\":" + value
                }
                return "{" + members.joined(separator: ",") + "}"
            }
            // What simdjson's DOM does not take (an integer past 64 bits, a lone surrogate) is left out.
            let text = (lines ? records.joined(separator: "\n") + "\n" : "[\n" + records.joined(separator: ",\n") + "\n]\n")
                .replacingOccurrences(of: "\\ud800", with: "\\ud83d\\ude00")
                .replacingOccurrences(of: "123456789012345678901234567890", with: "-1234567890123456789")
            let path = try files.write(text, extension: lines ? "jsonl" : "json")
            for kept in [nil, Set(["id", "ok", "n"]), Set(["x", "name", "é"])] as [Set<String>?] {
                let outcome = try JSONReaderComparison.compare(path: path, lines: lines, chunkSize: 64 + random.next(8_000), onlyColumns: kept)
                XCTAssertNil(outcome.difference, "\(text.prefix(2_000))")
                if outcome.simdjson.usedSimdjson { readBySimdjson += 1 }
            }
        }
        XCTAssertEqual(readBySimdjson, 180)
    }

    /// A record's object or array whose source is already its compact JSON is taken whole from
    /// the text (no escape, DEL or C1 control, no blank between its tokens, no key twice); the
    /// others are read token by token. Random records whose nested values are mostly the first
    /// kind, some with a blank, an escape, a raw DEL or C1 control, `£`, or a key twice: both
    /// readers give the same cells, and a value nested past the deepest allowed the same error.
    func testNestedValuesTakenWholeReadAsTheStreamParserWritesThem() throws {
        var random = SeededRandom(state: 4_242)
        let texts = ["a", "b c", "é", "日本", "😀", "", "x y z", "£", "\u{7F}", "\u{85}", "\\\"", "\\u00e9"]
        func string() -> String {
            // Nine strings in ten plain; the rest with a pound sign, a DEL or C1 control, or an escape.
            "\"" + (0..<random.next(3)).map { _ in texts[random.next(10) == 0 ? 7 + random.next(5) : random.next(7)] }.joined() + "\""
        }
        func value(depth: Int) -> String {
            switch random.next(depth < 5 ? 8 : 5) {
            case 0: return ["null", "true", "false"][random.next(3)]
            case 1, 2: return ["0", "-1.50", "1e5", "42", "-0.0E+2"][random.next(5)]
            case 3, 4: return string()
            case 5, 6:
                let keys = ["a", "b", "c", "d", "é"]
                let members = (0..<random.next(5)).map { _ in
                    "\"\(keys[random.next(random.next(8) == 0 ? 2 : keys.count)])\"" + (random.next(30) == 0 ? ": " : ":") + value(depth: depth + 1)
                }
                return "{" + members.joined(separator: random.next(30) == 0 ? " ," : ",") + "}"
            default:
                let elements = (0..<random.next(4)).map { _ in value(depth: depth + 1) }
                return (random.next(30) == 0 ? "[ " : "[") + elements.joined(separator: ",") + "]"
            }
        }
        var takenWhole = 0
        for _ in 0..<60 {
            let lines = random.next(2) == 0
            let records = (0..<(1 + random.next(200))).map { id in
                "{\"id\":\(id),\"n\":\(value(depth: 1)),\"m\":{\"k\":\(value(depth: 2))},\"l\":[\(value(depth: 2))],\"z\":\(id).5}"
            }
            let text = lines ? records.joined(separator: "\n") + "\n" : "[\n" + records.joined(separator: ",\n") + "\n]\n"
            // All fields kept, and the nested ones passed over (the numbers in them too: `z` after them).
            for kept in [nil, Set(["id", "z"])] as [Set<String>?] {
                let reading = try assertSameReadings(text, lines: lines, chunkSize: 64 + random.next(8_000), onlyColumns: kept)
                XCTAssertTrue(reading.usedSimdjson)
            }
            takenWhole += records.count
        }
        XCTAssertGreaterThan(takenWhole, 1_000)
        // Nested just within and just past the deepest the reader takes.
        let limit = JSONRecordSource.defaultMaxDepth
        for depth in [limit - 2, limit - 1, limit, limit + 1] {
            let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            for kept in [nil, Set(["a"])] as [Set<String>?] {
                _ = try assertSameReadings("{\"a\":1}\n{\"deep\":\(nested),\"a\":2}\n", lines: true, onlyColumns: kept)
            }
        }
    }

    // MARK: The projection

    /// A count's reader hands simdjson its kept keys, and simdjson's first stage and a walk over
    /// the structure it found read their values alone, with no tape (`listview_simdjson_keep`).
    /// That walk checks the grammar, scalars and escapes itself: every case here, valid or not,
    /// must read as the stream parser reads it, in both layouts; the valid ones with a
    /// projection, the rest as the tape's parse reads them (then the stream parser).
    func testProjectionReadsWhatTheStreamParserReads() throws {
        let kept: Set<String> = ["k", "ké", "n"]
        // Each value is the `x` field of a record between two plain ones; `x` is not kept.
        let values = [
            "1", "-0", "0.5", "-12.5e+3", "1E-2", "true", "false", "null", "\"\"", "\"a b\"", "\"é日😀\"",
            "\"\\\"q\\\"\"", "\"\\\\\"", "\"\\/\\b\\f\\n\\r\\t\"", "\"\\u00e9\\u0041\"", "\"\\ud83d\\ude00\"",
            "[]", "{}", "[1,[2,{\"a\":[]}],\"s\"]", "{\"a\":{\"b\":null},\"a\":1}", " [ 1 , 2 ] ", "{ \"a\" : 1 }",
            // Runs of digits read eight at a time (`skip_digits`): shorter, as long and longer than a word.
            "1234567", "12345678", "123456789012345678901234567890", "-0.000000001234567890123", "1e0123",
            "-98765432.12345678E-0012345678", "[12345678,123456789]",
            // Not JSON, or not what the tape's parse takes.
            "01", "1.", ".5", "-", "1e", "1e+", "+1", "0x1", "tru", "nul", "truex", "nulll", "NaN", "\"\\x\"", "\"\\u12\"",
            "\"\\u12g4\"", "\"\\ud800\"", "\"\\udc00\"", "\"a\tb\"", "\"a\u{01}b\"", "[1,]", "[,1]", "[1 2]", "{\"a\"}",
            "{\"a\":}", "{\"a\" 1}", "{1:2}", "{\"a\":1,}", "[", "]", "{\"a\":[1}", "\"\\\"", "1 2", "\u{7F}", "\\",
            // simdjson's first stage takes each of these for one scalar (fuzzing).
            "x\"y\"", "1\"y\"", "true\"y\"", "{x\"y\":1}", "{\"a\":1, String\"name\": 2}",
            "1.e5", "1e+-5", "123456789a", "12345678.", "-012345678", "1234567e", "[12345678.]",
        ]
        var projected = 0, cases = 0
        for value in values {
            for lines in [true, false] {
                let records = [#"{"k":"a","n":1}"#, "{\"k\":\"b\",\"x\":\(value),\"n\":2.50}", #"{"n":null,"k":true}"#]
                let text = lines ? records.joined(separator: "\n") + "\n" : "[\n" + records.joined(separator: ",\n") + "\n]\n"
                let reading = try assertSameReadings(text, lines: lines, onlyColumns: kept)
                if reading.projected { projected += 1 }
                cases += 1
            }
        }
        // The valid values, in both layouts, and no other.
        XCTAssertEqual(projected, 2 * 29, "of \(cases)")
        // What the projection leaves to the tape: a kept key holding a container, a key with an
        // escape, a record that is not an object; and kept strings with escapes, keys kept
        // twice, blank lines, CR LF line ends, blanks around tokens and empty records, which it reads.
        let others: [(String, Bool)] = [
            (#"{"k":[1]}"# + "\n", false), (#"{"k":{"a":1}}"# + "\n", false), (#"{"k":"\u0041\"\\"}"# + "\n", true),
            (#"{"\u006b":1}"# + "\n", false), (#"{"x\n":1,"k":1}"# + "\n", false), ("[1]\n", false), ("1\n", false),
            (#"{"k":1,"k":2,"n":3,"k":4}"# + "\n", true), ("\n" + #"{"k":1}"# + "\n\n  \n" + #"{"k":2}"#, true),
            (#"{"k":1}"# + "\r\n" + #"{"k":2}"# + "\r\n", true), (#" { "k" : 1 , "n" : "x" } "# + "\n", true), ("{}\n{}\n", true),
            (#"{"ké":"é","K":1}"# + "\n", true), (#"{"n":1, String"k": 2}"# + "\n", false),
            // JSON Lines: a record over two lines, two on a line, a line feed only before the first.
            ("{\"k\":1,\n\"n\":2}\n{\"k\":3}\n", false), ("{\"k\":1} {\"k\":2}\n", false), ("{\"k\":[1,\n2]}\n", false),
            ("\n\n{\"k\":1}\r\n", true), ("{\"k\":1}", true),
        ]
        for (text, readAsProjection) in others {
            let reading = try assertSameReadings(text, lines: true, onlyColumns: kept)
            XCTAssertEqual(reading.projected, readAsProjection, text)
        }
    }

    /// A table's reader hands simdjson no kept keys but asks for every key
    /// (`listview_simdjson_keep_every_key`): records with the first record's keys, in its order,
    /// each once, have every value handed over, nested ones as their text, with no tape. Random
    /// documents of such records, scalars of every form and nested values (mostly compact as the
    /// reader writes them), and, one document in three, records the projection must leave to the
    /// tape: another key order, a key twice, a key missing or added, a nested value with a blank,
    /// an escape or a key twice, a record that is not an object. Both readers give the same
    /// batches and errors; the plain documents are read as a projection.
    func testEveryKeyProjectionReadsWhatTheStreamParserReads() throws {
        var random = SeededRandom(state: 4_444)
        let keys = ["id", "name", "é", "", "a b", "abcdefghi", "n", "l"]
        let scalars = ["\"a\"", "\"b c\"", "\"é😀\"", "\"\"", "\"\\u00e9\\\"\"", "true", "false", "null"] + RandomJSON.numbers
        let compact = ["[]", "{}", "[1,\"x\"]", "{\"a\":{\"b\":[true,null]},\"c\":-1.5e3}", "[[],{}]", "{\"é\":\"日本\"}",
                       "[{\"sku\":\"A\",\"qty\":2},{\"sku\":\"B\",\"qty\":1}]"]
        let unlike = ["[1, 2]", "{\"a\":1,\"a\":2}", "[{\"a\":[{\"b\":1,\"b\":2}]}]", "[\"\\u0041\"]", "{ \"a\":1}", "[\"\u{7F}\"]"]
        var projected = 0, plainDocuments = 0
        for round in 0..<90 {
            let lines = random.next(2) == 0
            let plain = round % 3 != 2
            let present = keys.filter { _ in random.next(5) != 0 }
            var records = (0..<(1 + random.next(120))).map { _ in
                "{" + present.map { key in
                    let value = random.next(3) == 0 ? (random.element(of: compact) ?? "[]") : (random.element(of: scalars) ?? "0")
                    return "\"\(key)\":" + value
                }.joined(separator: ",") + "}"
            }
            if !plain, !records.isEmpty {
                let at = random.next(records.count)
                records[at] = switch random.next(6) {
                case 0: "{" + present.reversed().map { "\"\($0)\":1" }.joined(separator: ",") + "}"
                case 1: "{" + (present + present.prefix(1)).map { "\"\($0)\":1" }.joined(separator: ",") + "}"
                case 2: "{" + (present.dropLast() + ["new"]).map { "\"\($0)\":1" }.joined(separator: ",") + "}"
                case 3: "[1,2]"
                default: "{" + present.map { "\"\($0)\":" + (random.element(of: unlike) ?? "[ ]") }.joined(separator: ",") + "}"
                }
            }
            let text = lines ? records.joined(separator: "\n") + "\n" : "[\n" + records.joined(separator: ",\n") + "\n]\n"
            let reading = try assertSameReadings(text, lines: lines, chunkSize: 64 + random.next(8_000))
            if plain {
                XCTAssertTrue(reading.usedSimdjson)
                plainDocuments += 1
                if reading.projected { projected += 1 }
            }
        }
        XCTAssertEqual(projected, plainDocuments)
    }

    /// Every JSONTestSuite text (skipped without the corpus) as a record's field that no count
    /// reads, and as one it reads: the projection refuses what the stream parser refuses, and
    /// reads what it reads.
    func testProjectionOfJSONTestSuite() throws {
        let corpus = try Corpus.folder("json-test-suite")
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(names.count, 318)
        var projected = 0, everyKeyProjected = 0
        for name in names {
            let value = [UInt8](try Data(contentsOf: corpus.appendingPathComponent(name)))
            for key in ["x", "k"] {
                let text = Array("{\"k\":1}\n{\"\(key)\":".utf8) + value + Array(",\"n\":2}\n".utf8)
                let path = try files.write(text, extension: "jsonl")
                let outcome = try JSONReaderComparison.compare(path: path, lines: true, chunkSize: 1 << 20, onlyColumns: ["k", "n"])
                XCTAssertNil(outcome.difference, "\(name) as \(key)")
                if outcome.simdjson.projected { projected += 1 }
            }
            // Every key handed over (a table's reading), the text as the value of a record's key
            // that the record before has too.
            let text = Array("{\"k\":1,\"x\":0,\"n\":1}\n{\"k\":1,\"x\":".utf8) + value + Array(",\"n\":2}\n".utf8)
            let path = try files.write(text, extension: "jsonl")
            let outcome = try JSONReaderComparison.compare(path: path, lines: true, chunkSize: 1 << 20)
            XCTAssertNil(outcome.difference, "\(name), every key")
            if outcome.simdjson.projected { everyKeyProjected += 1 }
        }
        XCTAssertGreaterThan(projected, 100)
        XCTAssertGreaterThan(everyKeyProjected, 50)
    }

    /// Random records as a count reads them (a few kept keys, `listview_simdjson_keep`): keys
    /// in any order, sometimes twice or missing (the empty key too), scalars of every form, and
    /// in every other document strings with escapes and nested values; now and then a value
    /// that is not JSON. Both readers give the same batches and errors; the plain documents are
    /// read as a projection, the others partly by the tape's replay.
    func testRandomRecordsReadAsAProjection() throws {
        var random = SeededRandom(state: 4_343)
        // Keys of up to 8 bytes are compared as a word, longer ones byte by byte.
        let keys = ["id", "name", "n", "ok", "none", "x", "é", "", "a b", "abcdefgh", "abcdefghi", "a longer key"]
        let plain = ["\"a\"", "\"b c\"", "\"é😀\"", "\"\"", "true", "false", "null"] + RandomJSON.numbers
        let broken = ["01", "1.", "-", "tru", "\"\\x\"", "\"\\ud800\"", "[1,]", "{\"a\" 1}", "\"a\tb\"", "x\"y\""]
        var projected = 0, documents = 0
        for round in 0..<80 {
            let lines = random.next(2) == 0
            let mixed = round % 2 == 1
            let records = (0..<(1 + random.next(150))).map { _ in
                var members: [String] = []
                for key in keys where random.next(4) != 0 {
                    let value = switch mixed ? random.next(20) : 3 {
                    case 0: RandomJSON.string(&random)
                    case 1, 2: RandomJSON.value(&random, depth: 1)
                    default: random.element(of: plain) ?? "0"
                    }
                    members.insert("\"\(key)\":" + value, at: random.next(members.count + 1))
                    if random.next(40) == 0 { members.append("\"\(key)\":" + (random.element(of: plain) ?? "0")) }
                }
                return "{" + members.joined(separator: random.next(10) == 0 ? " , " : ",") + "}"
            }
            var text = lines ? records.joined(separator: "\n") + "\n" : "[\n" + records.joined(separator: ",\n") + "\n]\n"
            if round % 8 == 7, let value = random.element(of: broken), let at = text.range(of: "\"x\":") {
                text.insert(contentsOf: value + ",\"y\":", at: at.upperBound)
            }
            let kept = Set(keys.filter { _ in random.next(3) == 0 } + (random.next(4) == 0 ? ["missing"] : []))
            let reading = try assertSameReadings(text, lines: lines, chunkSize: 64 + random.next(8_000), onlyColumns: kept)
            if reading.projected { projected += 1 }
            documents += 1
        }
        XCTAssertGreaterThan(projected, documents / 2 - documents / 16)
    }
}
