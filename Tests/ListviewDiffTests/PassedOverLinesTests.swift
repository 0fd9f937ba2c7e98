import ListviewBatches
import ListviewPresentation
import ListviewQuery
import ListviewSpilling
import ListviewTestSupport
@testable import ListviewDiff
import XCTest

/// A keyed diff of CSV passes over the new lines that are old records byte for byte
/// (`UnchangedLines`): on random pairs whose lines try to mislead it (a quoted line break around
/// a line that is an old record, a quoted delimiter that reads as one more field, CRLF, blank
/// lines, ragged rows, spaces, numbers written otherwise, repeated keys, chunk ends anywhere),
/// it writes exactly what the diff that parses every line writes, in every style, and reports
/// the same repeated key. So does a diff in partitions on disk, whose new lines go to their
/// partitions unparsed (`PartitionedLines`) and are recognised there, or parsed when not.
final class PassedOverLinesTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
    }

    /// A field as written in CSV: mostly plain, now and then quoted, empty, spaced or numeric.
    private func field(_ random: inout SeededRandom) -> String {
        switch random.next(14) {
        case 0: return ""
        case 1: return "\"\""
        case 2: return "\"x,y\""
        case 3: return "\"two\nlines\""
        case 4: return "\"say \"\"hi\"\"\""
        case 5: return " padded "
        case 6: return ["48.90", "48.9", "7", "7.0"][random.next(4)]
        case 7: return "Zoë"
        default: return "w\(random.next(6))"
        }
    }

    /// A field as written in TSV, whose quotes are text: plain, quoted, spaced, numeric or escaped.
    private func tsvField(_ random: inout SeededRandom) -> String {
        switch random.next(10) {
        case 0: return ""
        case 1: return "\"q\""
        case 2: return "say \"hi\""
        case 3: return "a\\tb"
        case 4: return " padded "
        case 5: return ["48.90", "48.9", "7", "7.0"][random.next(4)]
        default: return "w\(random.next(6))"
        }
    }

    /// A line of `columns` fields, `id` first or, with `keyLast`, last.
    private func record(id: String, columns: Int, tsv: Bool = false, keyLast: Bool = false, _ random: inout SeededRandom) -> String {
        let fields = (1..<columns).map { _ in tsv ? tsvField(&random) : field(&random) }
        return (keyLast ? fields + [id] : [id] + fields).joined(separator: tsv ? "\t" : ",")
    }

    func testPassingOverUnchangedLinesChangesNothing() throws {
        var random = seededRandom(8_2026)
        var failedRuns = 0
        for round in 0..<40 {
            // Mostly pairs past the first batch (64 KB, read before lines are passed over), whose
            // new side is read in many chunks with lines across their ends.
            let count = random.next(4) == 0 ? 1 + random.next(80) : 3_000 + random.next(3_000)
            if try !diffsAgree(round: round, count: count, partSize: nil, &random) { failedRuns += 1 }
        }
        // The rounds cover both outcomes: differences written, and a repeated key reported.
        XCTAssertGreaterThan(failedRuns, 2)
        XCTAssertLessThan(failedRuns, 40)
    }

    /// The same with each side read in parts (of 16 to 128 KB) on both cores, as a file of several
    /// megabytes is: its lines passed over (or kept, in partitions) where each part is read. A
    /// round of CSV and one of TSV.
    func testPassingOverInPartsChangesNothing() throws {
        var random = seededRandom(9_2026)
        var wrote = 0
        for (round, tsv) in [false, true].enumerated() {
            // Past the input's first megabyte (some 1.6 MB), read whole before parts are cut.
            let partSize = 16 << (10 + random.next(4))
            if try diffsAgree(round: round, count: 80_000 + random.next(5_000), partSize: partSize, tsv: tsv, &random) { wrote += 1 }
        }
        // Differences written, not only a repeated key's message, in a round at least.
        XCTAssertGreaterThan(wrote, 0)
    }

    /// Diffs a random pair of `count` keys (CSV, or TSV when `tsv` says or now and then) three
    /// ways, each side read in parts of `partSize` bytes when given: in memory passing over, and
    /// in partitions keeping lines and parsing every line. Checks that each agrees with the diff
    /// in memory that parses every line, each side read whole. Returns whether the diffs wrote
    /// their differences (not a repeated key's error).
    private func diffsAgree(round: Int, count: Int, partSize: Int?, tsv forcedTSV: Bool? = nil, _ random: inout SeededRandom) throws -> Bool {
        let styles: [OutputStyle] = [.jsonl, .table, .csv, .json, .markdown]
        let columns = 3 + random.next(3)
        // A round in four is TSV, whose quotes are text (a line with one is kept unparsed).
        let tsv = forcedTSV ?? (random.next(4) == 0)
        // A round in three has its key in the last column (a key field found past others).
        let keyLast = random.next(3) == 0
        let names = (1..<columns).map { "f\($0)" }
        let header = (keyLast ? names + ["id"] : ["id"] + names).joined(separator: tsv ? "\t" : ",")
        var oldLines: [String] = []
        var newLines: [String] = []
        for id in 0..<count {
            let key = random.next(9) == 0 ? "\(id).0" : "\(id)"
            let old = record(id: "\(id)", columns: columns, tsv: tsv, keyLast: keyLast, &random)
            if tsv {
                // Kept, changed (quotes added or taken out), added, removed, or ragged.
                switch random.next(8) {
                case 0: oldLines.append(old)
                case 1: newLines.append(record(id: key, columns: columns, tsv: true, keyLast: keyLast, &random))
                case 2:
                    oldLines.append(old)
                    newLines.append(random.next(2) == 0 ? old.replacingOccurrences(of: "\"", with: "") : old + "\t\"x\"")
                default:
                    oldLines.append(old)
                    newLines.append(old)
                }
                continue
            }
            switch random.next(10) {
            case 0: oldLines.append(old)
            case 1: newLines.append(record(id: key, columns: columns, keyLast: keyLast, &random))
            case 2:
                oldLines.append(old)
                newLines.append(record(id: key, columns: columns, keyLast: keyLast, &random))
            case 3:
                // A quoted line break around a line that is an old record, key and all.
                oldLines.append(old)
                // (Its quotes doubled: an old line without quotes stays the same text.)
                let inside = old.replacingOccurrences(of: "\"", with: "\"\"")
                let quoted = "\"before\n\(inside)\nafter\"" + String(repeating: ",w", count: columns - 2)
                newLines.append(keyLast ? quoted + ",\(count + id)" : "\(count + id)," + quoted)
            case 4:
                // A ragged line, or the old line with its quotes taken out: a quoted delimiter
                // then splits a field in two, whose bytes are still the old cells'.
                oldLines.append(old)
                newLines.append(random.next(2) == 0 || old.contains("\n") ? old + ",extra" : old.replacingOccurrences(of: "\"", with: ""))
            default:
                oldLines.append(old)
                newLines.append(old)
            }
        }
        // Now and then a line twice on one side, or a key twice with other fields (which only a
        // partition holding both finds repeated), and blank lines.
        for _ in 0..<(random.next(6) == 0 ? 1 + random.next(3) : 0) {
            if random.next(3) == 0, count > 0 {
                let again = record(id: "\(random.next(count))", columns: columns, tsv: tsv, keyLast: keyLast, &random)
                if random.next(2) == 0 {
                    oldLines.insert(again, at: random.next(oldLines.count + 1))
                } else {
                    newLines.insert(again, at: random.next(newLines.count + 1))
                }
            } else if random.next(2) == 0, let copied = random.element(of: oldLines) {
                oldLines.insert(copied, at: random.next(oldLines.count + 1))
            } else if let copied = random.element(of: newLines) {
                newLines.insert(copied, at: random.next(newLines.count + 1))
            }
        }
        if random.next(4) == 0 { newLines.insert("", at: random.next(newLines.count + 1)) }
        random.swapPairs(&newLines, times: random.next(40))
        let newline = random.next(4) == 0 ? "\r\n" : "\n"
        let ending = random.next(5) == 0 ? "" : newline
        let oldPath = try files.write(([header] + oldLines).joined(separator: "\n") + "\n", extension: tsv ? "tsv" : "csv")
        let newPath = try files.write(([header] + newLines).joined(separator: newline) + ending, extension: tsv ? "tsv" : "csv")
        var request = DiffRequest(old: oldPath, new: newPath)
        // Now and then a key of two fields.
        let composite = random.next(5) == 0
        request.key = composite ? [FieldPath("id"), FieldPath("f1")] : [FieldPath("id")]
        request.exact = random.next(5) == 0
        request.list.look.style = styles[random.next(styles.count)]
        request.list.look.countsOnly = random.next(6) == 0
        request.partSize = partSize
        if partSize != nil {
            // The new side is read in parts indeed (as each diff opens it).
            let stream = try DiffRunner.openSide(newPath, request: request, sink: OutputSink.memory())
            try stream.forEach({ _ in }, inParts: { _ in () }, take: { _ in })
            XCTAssertGreaterThan(stream.partsRead, 1, "round \(round)")
        }
        let label = "round \(round): \(count) keys, tsv \(tsv), key last \(keyLast), composite \(composite), style \(request.list.look.style), exact \(request.exact), newline \(newline.count), parts of \(request.partSize ?? 0)"
        let passing = diffOutcome(request)
        // In partitions on disk too (a budget of 16 to 256 KB: 2 to 64 partitions of the smaller
        // pairs, hundreds of the larger), whose new lines go to their partitions unparsed
        // (`PartitionedLines`), and without that.
        let budget = MemoryBudget(bytes: (16 << 10) << random.next(5), isForcedSpilling: true)
        request.list.arrangement.memory = budget
        let partitioned = diffOutcome(request)
        request.passesOverUnchangedLines = false
        let partitionedParsing = diffOutcome(request)
        request.list.arrangement.memory = nil
        request.partSize = nil
        let parsing = diffOutcome(request)
        XCTAssertEqual(passing, parsing, label)
        XCTAssertEqual(partitioned, parsing, "\(label), in partitions, budget \(budget.bytes)")
        XCTAssertEqual(partitionedParsing, parsing, "\(label), in partitions, every line parsed")
        if case .failure = parsing { return false }
        return true
    }
}
