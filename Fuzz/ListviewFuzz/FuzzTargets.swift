import Foundation
import ListviewBatches
import ListviewCSV
import ListviewDataSource
import ListviewInput
import ListviewJSON
import ListviewKit
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewValues

/// libFuzzer entry points for listview's parsers, built only by `make fuzz`.
///
/// One binary serves every target; `LISTVIEW_FUZZ_TARGET` names the one to run:
///
/// - `json`: the bytes as a JSON document and as JSON Lines, each shown as a table
///   and written back as JSON Lines; reading that output again must give it back
///   byte for byte (a fixpoint), or the target traps. Read in parts of 16 bytes
///   (`JSONFileParts`), the rows or the error must be those of one pass. And read by simdjson
///   (as a regular file is, the stream parser taking over where simdjson does not read) and by
///   the stream parser alone (the same file, and the bytes from a pipe), in chunks of a megabyte
///   and of a few bytes, and keeping only some columns' cells, the batches, cells and error must
///   be the same (`JSONReaderComparison`).
/// - `csv`: the bytes as CSV and as TSV, shown as a table and written back as CSV,
///   with the same fixpoint check; `--counts` by the first column (which reads that
///   column only) must count as many rows as the whole list has; and the file read in
///   parts of a few bytes (cut where `CSVSplitPoint` finds a row start) must give the
///   rows, or the error, of one pass of libcsv.
/// - `roundtrip`: the bytes as JSON; the records they hold, written in each machine style
///   and read back, must be the same records (`MachineStyleRoundTrip`: JSON exactly, CSV
///   and TSV as header and cell text).
/// - `where`: the bytes as a `--where` predicate, evaluated on the sample records.
/// - `template`: the bytes as a `--template`, rendered for the sample records.
///
/// A `ListviewError` is a correct answer to bad input; anything else (a trap, an
/// AddressSanitizer report, a hang past libFuzzer's `-timeout`) is a finding.
enum FuzzTarget: String {
    case json, csv, roundtrip, `where`, template

    static let selected: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["LISTVIEW_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(Data("listview-fuzz: set LISTVIEW_FUZZ_TARGET to json, csv, roundtrip, where or template\n".utf8))
            exit(64)
        }
        return target
    }()

    func run(_ bytes: [UInt8]) {
        switch self {
        case .json:
            FuzzInput.checkFixpoint(bytes, format: .json, rewrittenAs: .jsonl, style: .jsonl)
            FuzzInput.checkFixpoint(bytes, format: .jsonl, rewrittenAs: .jsonl, style: .jsonl)
            FuzzInput.checkJSONParts(bytes, lines: true)
            FuzzInput.checkJSONParts(bytes, lines: false)
            FuzzInput.checkReaders(bytes)
        case .csv:
            FuzzInput.checkFixpoint(bytes, format: .csv, rewrittenAs: .csv, style: .csv)
            FuzzInput.checkFixpoint(bytes, format: .tsv, rewrittenAs: .csv, style: .csv)
            FuzzInput.checkCounts(bytes, format: .csv)
            FuzzInput.checkParts(bytes)
        case .roundtrip:
            FuzzInput.checkRoundTrip(bytes)
        case .where:
            guard let predicate = try? Predicate(parsing: String(decoding: bytes, as: UTF8.self)) else { return }
            _ = predicate.description
            for record in SampleRecords.all { _ = predicate.matches(record) }
        case .template:
            guard let template = try? Template(parsing: String(decoding: bytes, as: UTF8.self)) else { return }
            let formatter = TemplateRowFormatter(template: template)
            for record in SampleRecords.all { _ = formatter.lines(for: record) }
        }
    }
}

/// The scratch file the readers open: listview's readers take paths, as the command line does.
enum FuzzInput {
    static let path: String = {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/dev/shm"
        return "\(directory)/listview-fuzz-\(getpid()).input"
    }()

    /// Reads `bytes` as `format`, shows them as a table (width 40, wrapped, bordered) and
    /// writes them as `style`; when that succeeds, reading the written text as
    /// `rewrittenAs` and writing it again must give the same bytes.
    ///
    /// One refusal is the defined result (SPEC §10): written text whose first bytes pair a zero
    /// byte with every other byte (cells of NUL bytes, `\0D\0`, written as `\0D\0\n`) is
    /// UTF-16 without a byte order mark to every reader, and read back gets that hint. CSV and
    /// TSV have no escape for a NUL byte, so the writer cannot avoid it.
    static func checkFixpoint(_ bytes: [UInt8], format: InputFormat, rewrittenAs: InputFormat, style: OutputStyle) {
        _ = render(bytes, format: format, style: .table)
        guard let first = render(bytes, format: format, style: style) else { return }
        guard let second = render(first, format: rewrittenAs, style: style) else {
            if case .utf16 = ForeignFormat.detect(Array(first.prefix(ForeignFormat.headLength))) { return }
            trap("listview could not read its own \(style) output", first)
        }
        guard let third = render(second, format: rewrittenAs, style: style), third == second else {
            trap("\(style) output is not a fixpoint", second)
        }
    }

    /// The records of `bytes` read as JSON, written in every machine style and read back, must be
    /// the same records. CSV and TSV are left out for a key they cannot hold as a header name (an
    /// empty one, which CSV names by its number, or one that starts with a byte order mark).
    static func checkRoundTrip(_ bytes: [UInt8]) {
        guard let records = try? MachineStyleRoundTrip.read(bytes, style: .json, scratchPath: path).records else { return }
        var columns: [String] = []
        var known = Set<String>()
        for record in records { for name in record.names where known.insert(name).inserted { columns.append(name) } }
        let headerFits = !columns.contains { $0.isEmpty || $0.hasPrefix("\u{FEFF}") }
        for style in MachineStyleRoundTrip.styles where headerFits || style == .json || style == .jsonl {
            do {
                if let difference = try MachineStyleRoundTrip.difference(records, columns: columns, style: style, scratchPath: path + ".out") {
                    trap("\(style) does not read back as the records written: \(difference)", bytes)
                }
            } catch {
                trap("listview could not read its own \(style) output: \(error)", bytes)
            }
        }
    }

    /// Without a header, `--group-by 1 --counts` must add up to the rows of the whole list.
    static func checkCounts(_ bytes: [UInt8], format: InputFormat) {
        guard let all = render(bytes, format: format, style: .jsonl, configure: { $0.read.csv.hasHeader = false }) else { return }
        guard let counts = render(bytes, format: format, style: .jsonl, configure: {
            $0.read.csv.hasHeader = false
            $0.look.countsOnly = true
            $0.arrangement.groupBy = [FieldPath("1")]
        }) else { trap("--counts refused what the list read", bytes) }
        let rows = all.filter { $0 == 0x0A }.count
        // Each counts line ends in "count":N} (JSON escapes any newline inside the key).
        let lines = String(decoding: counts, as: UTF8.self).split(separator: "\n")
        let total = lines.compactMap { line in line.split(separator: ":").last.flatMap { Int($0.dropLast()) } }.reduce(0, +)
        guard total == rows else { trap("--counts counted \(total) rows, the list has \(rows)", bytes) }
    }

    /// Read in parts of 16 bytes, the rows (or the error) are those of one pass.
    static func checkParts(_ bytes: [UInt8]) {
        _ = render(bytes, format: .csv, style: .jsonl)  // writes the scratch file
        let onePass = Result { () throws -> [String] in
            let source = CSVRecordSource(input: try ByteInput(path: path, chunkSize: 16), schema: RecordSchema())
            var rows: [String] = []
            while let batch = try source.nextBatch(schema: RecordSchema()) { rows += text(of: batch) }
            return rows
        }
        let inParts = Result { () throws -> [String] in
            let source = CSVRecordSource(input: try ByteInput(path: path, chunkSize: 16), schema: RecordSchema())
            source.parallelThreshold = 0
            return try rowsInParts(of: source, schema: RecordSchema())
        }
        checkSame(inParts, as: onePass, "CSV", bytes)
    }

    /// Read in parts of 16 bytes (as JSON Lines, or as one JSON text), the rows (or the error) are
    /// those of one pass.
    static func checkJSONParts(_ bytes: [UInt8], lines: Bool) {
        _ = render(bytes, format: lines ? .jsonl : .json, style: .jsonl)  // writes the scratch file
        let onePass = Result { () throws -> [String] in
            let schema = RecordSchema()
            let source = JSONRecordSource(input: try ByteInput(path: path), lines: lines, schema: schema)
            var rows: [String] = []
            while let batch = try source.nextBatch(schema: schema) { rows += text(of: batch) }
            return rows
        }
        let inParts = Result { () throws -> [String] in
            let schema = RecordSchema()
            let source = JSONRecordSource(input: try ByteInput(path: path, chunkSize: 16), lines: lines, schema: schema)
            source.parallelThreshold = 0
            return try rowsInParts(of: source, schema: schema)
        }
        checkSame(inParts, as: onePass, "JSON (lines: \(lines))", bytes)
    }

    /// Read with simdjson and with the stream parser alone (`JSONReaderComparison`), as JSON Lines
    /// and as one JSON text, in chunks of a megabyte and of a few bytes (more for a long input,
    /// which small chunks would make slow: simdjson's reader looks back over the text waiting at
    /// each chunk), and in a megabyte keeping only some columns' cells (`keptColumns`, as a count
    /// reads: the others' values passed over), the batches, rows and error are the same.
    static func checkReaders(_ bytes: [UInt8]) {
        writeScratch(bytes)
        let small = max(7 + bytes.count % 57, bytes.count / 256)
        for lines in [true, false] {
            for (chunkSize, kept) in [(1 << 20, nil), (small, nil), (1 << 20, keptColumns)] as [(Int, Set<String>?)] {
                do {
                    if let difference = try JSONReaderComparison.compare(path: path, lines: lines, chunkSize: chunkSize, onlyColumns: kept).difference {
                        trap("simdjson and the stream parser differ (lines: \(lines), chunks of \(chunkSize) bytes, "
                             + "columns kept: \(kept.map { $0.sorted().description } ?? "all")): \(difference)", bytes)
                    }
                } catch {
                    trap("cannot compare the JSON readers: \(error)", bytes)
                }
            }
        }
    }

    /// The columns a reading of only some keeps: keys the samples and seeds often hold.
    private static let keptColumns: Set<String> = ["id", "a", "name", "value", "status", "key"]

    /// Every row of `source` as text: its first batch, then (when it can be cut) its parts of 16
    /// bytes, read on both cores as the commands read them (`FileParts.readInOrder`), then the rest.
    private static func rowsInParts(of source: any RecordSource, schema: RecordSchema) throws -> [String] {
        var source = source
        var rows: [String] = []
        var rest: (any RecordSource)? = source
        if let first = try source.nextBatch(schema: schema) {
            rows += text(of: first)
            if let parts = try source.fileParts(size: 16) {
                rest = try parts.readInOrder(work: { $0 }, take: { table in if let table { rows += text(of: table) } })
            }
        }
        while let batch = try rest?.nextBatch(schema: schema) { rows += text(of: batch) }
        return rows
    }

    /// Traps unless `actual` (read in parts) has the rows, or the error, of `expected`.
    private static func checkSame(_ actual: Result<[String], Error>, as expected: Result<[String], Error>, _ what: String, _ bytes: [UInt8]) {
        switch (expected, actual) {
        case let (.success(expected), .success(actual)) where expected == actual: return
        case let (.failure(expected), .failure(actual)) where "\(expected)" == "\(actual)": return
        default: trap("\(what) read in parts: \(actual), in one pass: \(expected)", bytes)
        }
    }

    private static func text(of record: Record) -> String {
        record.fields.map { "\($0)=\($1)" }.joined(separator: "|")
    }

    private static func text(of table: CellTable) -> [String] {
        let shapes = RecordShapeCache()
        return (0..<table.rowCount).map { text(of: table.record(at: $0, shapes: shapes)) }
    }

    /// The output of one run, or nil when listview rejected the input with a `ListviewError`.
    static func render(_ bytes: [UInt8], format: InputFormat, style: OutputStyle,
                       configure: (inout ListRequest) -> Void = { _ in }) -> [UInt8]? {
        writeScratch(bytes)
        var request = ListRequest()
        request.read.inputs = [path]
        request.read.format = format
        request.look.style = style
        if style == .table {
            request.look.width = 40
            request.look.wrap = true
            request.look.border = true
        }
        configure(&request)
        let sink = OutputSink.memory()
        do {
            try ListRunner.run(request, to: sink)
        } catch is ListviewError {
            return nil
        } catch {
            trap("an error that is not a ListviewError: \(error)", bytes)
        }
        return sink.takeCollected()
    }

    /// Writes `bytes` to the scratch file (`path`).
    static func writeScratch(_ bytes: [UInt8]) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard descriptor >= 0, written == bytes.count, close(descriptor) == 0 else { trap("cannot write \(path)", []) }
    }

    static func trap(_ message: String, _ bytes: [UInt8]) -> Never {
        FileHandle.standardError.write(Data("listview-fuzz: \(message)\n\(String(decoding: bytes, as: UTF8.self))\n".utf8))
        abort()
    }
}

/// Records with every kind of value, for the `where` and `template` targets.
enum SampleRecords {
    static let all: [Record] = {
        let schema = RecordSchema()
        let nested = Value.object(ObjectValue(keys: ["x", "y"], values: [.string("é✓"), .array([.bool(true), .null])]))
        return [
            schema.record(keys: ["id", "name", "price", "tags", "meta", "empty"],
                          values: [.number("1"), .string("Ada"), .number("9.5"), .array([.string("a")]), nested, .null]),
            schema.record(keys: ["id", "name", "note"],
                          values: [.number("-2e300"), .string(""), .string("line\nbreak\u{1B}[2J")]),
        ]
    }()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func listviewFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.selected.run(bytes)
    return 0
}

/// libFuzzer's driver, started from the executable's entry point (SwiftPM names it `ListviewFuzz_main`).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("ListviewFuzz_main")
func listviewFuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    _ = FuzzTarget.selected
    return LLVMFuzzerRunDriver(&count, &arguments, listviewFuzzTestOneInput)
}
