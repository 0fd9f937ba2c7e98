import Foundation
@testable import ListviewJSON
import ListviewTestSupport
import XCTest

/// `JSONStreamParser` against yajl (`YajlParser`), which it replaces: the same events and
/// outcomes on random texts in random chunks, with a recording handler and with the reader's
/// assembler; and the answers yajl gave, kept as hashes, for when yajl is gone.
final class JSONStreamParserYajlTests: XCTestCase {
    /// yajl, as the tests drive it.
    private static let yajl: ParseTranscript.MakeParser = { handler, multipleValues in
        let parser = YajlParser(handler: handler, multipleValues: multipleValues)
        func failure(_ outcome: YajlParser.Outcome) -> (message: String, offset: Int)? {
            if case let .failed(message, offset) = outcome { return (message, offset) }
            return nil
        }
        return ParseTranscript.Parser(parse: { failure(parser.parse($0)) }, finish: { failure(parser.finish()) })
    }

    /// The cases checked, drawn from one seed.
    static let seed: UInt64 = 0x5374_7265_616D
    static let caseCount = 8_000

    /// Each case's two transcripts (events, rows), by `make`'s parser.
    private static func transcript(of item: StreamCase, parser make: ParseTranscript.MakeParser) -> [UInt8] {
        ParseTranscript.events(item.text, lines: item.lines, chunkEnds: item.chunkEnds, refuseAt: item.refuseAt, parser: make)
            + [0xFF] + ParseTranscript.rows(item.text, lines: item.lines, chunkEnds: item.chunkEnds, maxDepth: item.maxDepth, parser: make)
    }

    private static func cases() -> [StreamCase] {
        var seeds = SeededRandom(state: seed)
        return (0..<caseCount).map { StreamCase(seed: seeds.next(), number: $0) }
    }

    /// Random texts of every kind in random chunks: yajl's events and outcomes, and the
    /// assembler's rows, are the stream parser's.
    func testAgreesWithYajl() {
        var mismatches = 0, failures = 0
        var messages: Set<String> = []
        for item in Self.cases() {
            let expected = Self.transcript(of: item, parser: Self.yajl)
            let found = Self.transcript(of: item, parser: ParseTranscript.streamParser)
            let text = String(decoding: expected, as: UTF8.self)
            if let failure = text.split(separator: "\n").first(where: { $0.hasPrefix("!") }) {
                failures += 1
                // Kinds of failure: the numbers in a message (a depth, an event, an escape) left out.
                messages.insert(String(failure.prefix { $0 != "@" }.map { $0.isNumber ? "N" : $0 }))
            }
            guard found != expected else { continue }
            mismatches += 1
            if mismatches <= 5 {
                XCTFail("\(item)\nyajl:\n\(text)\nstream parser:\n\(String(decoding: found, as: UTF8.self))")
            }
        }
        print("JSONStreamParser: \(Self.caseCount) texts, \(failures) failing in \(messages.count) kinds of way, \(mismatches) mismatches")
        XCTAssertEqual(mismatches, 0)
        XCTAssertGreaterThan(failures, Self.caseCount / 3)
        XCTAssertGreaterThanOrEqual(messages.count, 25, "\(messages.sorted())")
    }

    // MARK: Answers kept

    /// Where yajl's answers are kept: a hash of each case's transcripts.
    private static let answersFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Resources/yajl-transcripts.txt")

    /// FNV-1a over the transcripts, folded to 32 bits.
    private static func hash(_ bytes: [UInt8]) -> UInt32 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return UInt32(truncatingIfNeeded: hash ^ hash >> 32)
    }

    /// The hashes kept (lines of hex words after `#` comments).
    private static func keptAnswers() throws -> [UInt32] {
        try String(contentsOf: answersFile, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
            .flatMap { $0.split(separator: " ") }.compactMap { UInt32($0, radix: 16) }
    }

    /// The stream parser gives the answers yajl gave on every case (`LISTVIEW_RECORD_YAJL=1`
    /// writes them again from yajl, while it is here).
    func testMatchesYajlsKeptAnswers() throws {
        let cases = Self.cases()
        if ProcessInfo.processInfo.environment["LISTVIEW_RECORD_YAJL"] == "1" {
            let hashes = cases.map { String(format: "%08x", Self.hash(Self.transcript(of: $0, parser: Self.yajl))) }
            var text = """
                # yajl 2.1.0 (Debian's 2.1.0-3+deb12u2) read through YajlParser: for each of the \(Self.caseCount) StreamCase texts
                # drawn from seed 0x\(String(Self.seed, radix: 16)), FNV-1a (64 bits, folded to 32) of its two ParseTranscripts (events, 0xFF, rows).

                """
            for start in stride(from: 0, to: hashes.count, by: 8) { text += hashes[start..<min(start + 8, hashes.count)].joined(separator: " ") + "\n" }
            try text.write(to: Self.answersFile, atomically: true, encoding: .utf8)
        }
        let kept = try Self.keptAnswers()
        XCTAssertEqual(kept.count, cases.count)
        var mismatches = 0
        for (index, item) in cases.enumerated() where index < kept.count {
            let found = Self.transcript(of: item, parser: ParseTranscript.streamParser)
            guard Self.hash(found) != kept[index] else { continue }
            mismatches += 1
            if mismatches <= 5 { XCTFail("case \(index): \(item)\nstream parser:\n\(String(decoding: found, as: UTF8.self))") }
        }
        XCTAssertEqual(mismatches, 0)
    }
}
