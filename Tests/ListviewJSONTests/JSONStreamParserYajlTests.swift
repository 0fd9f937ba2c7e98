import Foundation
@testable import ListviewJSON
import ListviewTestSupport
import XCTest

/// `JSONStreamParser` against yajl, which it replaced: on random texts in random chunks, the
/// events and outcomes a recording handler meets, and the rows the reader's assembler makes,
/// are those yajl gave (`ParseTranscript`, `StreamCase`), but for a string cut by the text's end
/// after a whole value, which yajl took for nothing.
///
/// While listview read with yajl, both parsers were run on every case and compared
/// transcript for transcript (0 mismatches in 8,000 cases), and yajl's transcripts were
/// kept as hashes (`Resources/yajl-transcripts.txt`): the check now compares with them.
final class JSONStreamParserYajlTests: XCTestCase {
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

    /// The one place the stream parser answers otherwise on purpose: a string the text's end cuts
    /// after a whole value (`[1] "abc`) is an error at the end, where yajl ended without a word.
    /// True when `found` is that error and yajl's kept answer is the one it gave for the text
    /// without the cut string (from one of its quotes on).
    private static func isCutStringYajlTookForNothing(_ item: StreamCase, found: String, kept: UInt32) -> Bool {
        guard found.contains("unexpected end of JSON input@\(item.text.count)\n") else { return false }
        for (start, byte) in item.text.enumerated().reversed() where byte == UInt8(ascii: "\"") {
            var trimmed = item
            trimmed.text = Array(item.text[..<start])
            trimmed.chunkEnds = item.chunkEnds.filter { $0 < start }
            if hash(transcript(of: trimmed, parser: ParseTranscript.streamParser)) == kept { return true }
        }
        return false
    }

    /// The stream parser gives the answers yajl gave on every case, most of them failures of
    /// many kinds.
    func testMatchesYajlsKeptAnswers() throws {
        let cases = Self.cases()
        let kept = try Self.keptAnswers()
        XCTAssertEqual(kept.count, cases.count)
        var mismatches = 0, failures = 0, cutStrings = 0
        var messages: Set<String> = []
        for (index, item) in cases.enumerated() where index < kept.count {
            let found = Self.transcript(of: item, parser: ParseTranscript.streamParser)
            let text = String(decoding: found, as: UTF8.self)
            if let failure = text.split(separator: "\n").first(where: { $0.hasPrefix("!") }) {
                failures += 1
                // Kinds of failure: the numbers in a message (a depth, an event, an escape) left out.
                messages.insert(String(failure.prefix { $0 != "@" }.map { $0.isNumber ? "N" : $0 }))
            }
            guard Self.hash(found) != kept[index] else { continue }
            if Self.isCutStringYajlTookForNothing(item, found: text, kept: kept[index]) {
                cutStrings += 1
                continue
            }
            mismatches += 1
            if mismatches <= 5 { XCTFail("case \(index): \(item)\nstream parser:\n\(text)") }
        }
        print("JSONStreamParser: \(cases.count) texts, \(failures) failing in \(messages.count) kinds of way, \(cutStrings) cut strings refused, \(mismatches) differ from yajl")
        XCTAssertEqual(mismatches, 0)
        XCTAssertGreaterThan(cutStrings, 0, "the one deliberate difference is no longer exercised")
        XCTAssertGreaterThan(failures, cases.count / 3)
        XCTAssertGreaterThanOrEqual(messages.count, 25, "\(messages.sorted())")
    }
}
