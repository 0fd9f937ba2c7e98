import Foundation
@testable import ListviewJSON
import ListviewTestSupport
import XCTest

/// `JSONStreamParser`: its events and outcomes on texts written for each rule (random texts in
/// random chunks are checked against yajl's answers in `JSONStreamParserYajlTests`).
final class JSONStreamParserTests: XCTestCase {
    /// The events of `text` read whole (or in chunks ending at `chunkEnds`), as `ParseTranscript` writes them.
    private func events(_ text: String, lines: Bool = false, chunkEnds: [Int] = [], refuseAt: Int? = nil) -> String {
        String(decoding: ParseTranscript.events(Array(text.utf8), lines: lines, chunkEnds: chunkEnds, refuseAt: refuseAt,
                                                parser: ParseTranscript.streamParser), as: UTF8.self)
    }

    // MARK: Events

    func testEventsOfADocument() {
        XCTAssertEqual(events(#"{"a":[1,-2.5e3,true,false,null,"x\u00e9\ud83d\ude00\n"],"b":{}}"#),
                       "{ k1:a [ #1:1 #6:-2.5e3 t f n s8:xé😀\n e k1:b { e e \n.end\n")
        XCTAssertEqual(events(" 42 "), "#2:42 \n.end\n")
        // A number's end is only seen after it: at the end of the text.
        XCTAssertEqual(events("42"), "#2:42 \n.end\n")
        XCTAssertEqual(events(#""\"\\\/\b\f\r\t\u0000""#), "s8:\"\\/\u{8}\u{C}\r\t\u{0} \n.end\n")
    }

    /// Strings without escapes, and numbers, are the chunk's own bytes, not copies.
    func testStringsWithoutEscapesAreTheChunksOwnBytes() {
        final class Where: JSONEventHandler {
            var chunk = UnsafeRawBufferPointer(start: nil, count: 0)
            var inChunk: [Bool] = []
            override func string(_ bytes: UnsafeRawBufferPointer) -> Bool { note(bytes) }
            override func key(_ bytes: UnsafeRawBufferPointer) -> Bool { note(bytes) }
            override func number(_ text: UnsafeRawBufferPointer) -> Bool { note(text) }
            override func startContainer(isObject: Bool) -> Bool { true }
            override func endContainer() -> Bool { true }
            private func note(_ bytes: UnsafeRawBufferPointer) -> Bool {
                guard let start = bytes.baseAddress, let base = chunk.baseAddress else { return false }
                inChunk.append(start >= base && start + bytes.count <= base + chunk.count)
                return true
            }
        }
        let handler = Where()
        let parser = JSONStreamParser(handler: handler, multipleValues: false)
        Array(#"{"plain":"text","escaped":"a\nb","n":12}"#.utf8).withUnsafeBytes { bytes in
            handler.chunk = bytes
            XCTAssertEqual(parser.parse(bytes), .ok)
        }
        XCTAssertEqual(handler.inChunk, [true, true, true, false, true, true])
    }

    /// A token cut by a chunk's end, anywhere, is read whole: the same events wherever the text is cut.
    func testATokenCutByAChunksEndIsCompletedByTheNext() {
        let text = #"[12345,-0.5e-7,"abc\u00e9\ud83d\ude00def",true,false,null,{"key":"value"}]"#
        let whole = events(text)
        for cut in 1..<text.utf8.count {
            XCTAssertEqual(events(text, chunkEnds: [cut]), whole, "cut at \(cut)")
        }
        XCTAssertEqual(events(text, chunkEnds: Array(1...text.utf8.count)), whole, "a byte at a time")
    }

    /// A string of a megabyte in chunks of a thousand bytes: one event, the bytes intact.
    func testAStringLongerThanManyChunks() {
        let body = String(repeating: "abcdefghi\\n", count: 100_000)
        let expected = "s\(900_000 + 100_000):" + String(repeating: "abcdefghi\n", count: 100_000) + " \n.end\n"
        XCTAssertEqual(events("\"" + body + "\"", chunkEnds: Array(stride(from: 1_000, to: body.utf8.count, by: 1_000))), expected)
    }

    /// Nesting 100,000 deep: no recursion to overflow the stack.
    func testDeepNesting() {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        XCTAssertEqual(events(text), String(repeating: "[ ", count: depth) + String(repeating: "e ", count: depth) + "\n.end\n")
        XCTAssert(events(String(repeating: "{\"a\":", count: depth)).hasSuffix("k1:a \n!end unexpected end of JSON input@500000\n"))
    }

    // MARK: Errors and refusals

    func testErrorsAreWhereYajlPutsThem() {
        XCTAssertEqual(events("[1,]"), "[ #1:1 \n!unallowed token at this point in JSON text@3\n")
        XCTAssertEqual(events("[\"a\tb\"]"), "[ \n!invalid character inside string@3\n")
        XCTAssertEqual(events("{\"a\":1 \"bc\"}"), "{ k1:a #1:1 \n!after key and value, inside map, I expect ',' or '}'@8\n")
        // The text check stops the parser before a vertical tab, so its problem comes first.
        XCTAssertEqual(events("[1,\u{0B}2]"), "[ #1:1 \n!invalid character U+000B in JSON text@3\n")
        XCTAssertEqual(events("[1] x"), "[ #1:1 e \n!trailing garbage@4\n")
    }

    /// A handler's refusal stops the parse on the token it refused, with the handler's message.
    func testARefusalStopsAtTheTokenRefused() {
        XCTAssertEqual(events("[1, 234, 5]", refuseAt: 2), "[ #1:1 #3:234 \n!refused event 2@6\n")
        // A number refused when the next chunk shows its end: the error is at that chunk's start.
        XCTAssertEqual(events("[1, 234, 5]", chunkEnds: [7], refuseAt: 2), "[ #1:1 #3:234 \n!refused event 2@7\n")
        XCTAssertEqual(events("{\"a\":1}", refuseAt: 1), "{ k1:a \n!refused event 1@3\n")
    }

    /// After a failure, every call answers with it again.
    func testAFailureStands() {
        let parser = JSONStreamParser(handler: EventRecorder(refuseAt: nil), multipleValues: false)
        Array("[1,]".utf8).withUnsafeBytes { XCTAssertEqual(parser.parse($0), .failed(message: "unallowed token at this point in JSON text", offset: 3)) }
        Array("2]".utf8).withUnsafeBytes { XCTAssertEqual(parser.parse($0), .failed(message: "unallowed token at this point in JSON text", offset: 0)) }
        XCTAssertEqual(parser.finish(), .failed(message: "unallowed token at this point in JSON text", offset: 0))
    }

    func testJSONLinesAreReadALineAtATime() {
        XCTAssertEqual(events("{\"a\":1}\n[2]\n\n3\n", lines: true), "{ k1:a #1:1 e [ #1:2 e #1:3 \n.end\n")
        XCTAssertEqual(events("{\"a\":\n1}\n", lines: true), "{ k1:a \n!\(JSONStreamParser.unfinishedLine)@5\n")
        XCTAssertEqual(events("1 2\n", lines: true),
                       "#1:1 \n!a second JSON value on the same line (JSON Lines holds one value per line)@2\n")
        // The last line needs no line feed; a string it cuts off is an error at the end (yajl took it for nothing).
        XCTAssertEqual(events("{\"a\":1}\n3", lines: true), "{ k1:a #1:1 e #1:3 \n.end\n")
        XCTAssertEqual(events("{\"a\":1}\n\"abc", lines: true), "{ k1:a #1:1 e \n!end unexpected end of JSON input@12\n")
    }
}
