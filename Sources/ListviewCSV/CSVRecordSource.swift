import ListviewCore

/// How a CSV or TSV input is read.
public struct CSVOptions: Sendable {
    /// The field separator: `,` for CSV, tab for TSV, or `--delimiter`.
    public var delimiter: UInt8 = UInt8(ascii: ",")
    /// The first row names the columns; without it columns are `1`…`n`.
    public var hasHeader = true
    /// Cells that read as numbers become numbers (their text unchanged); off with `--no-infer`.
    public var inferTypes = true
    /// Strict quoting (RFC 4180) rejects stray quotes; lenient (`--lazy-quotes`) keeps them as text.
    public var strictQuotes = true
    /// When set, only these columns' cells are decoded; the others read as null. For a caller that
    /// looks at a few columns only (`--counts`): their text is checked as UTF-8 but never turned into values.
    public var onlyColumns: Set<String>?

    public init() {}
}

/// Records from CSV or TSV text through libcsv, pulled chunk by chunk.
///
/// Records are available as soon as their row ends, so the first page of a
/// huge file or a slow pipe needs only its first rows. Errors carry the line
/// and column where the parser stopped; a quoted field left open at the end
/// is reported at the line where it began.
public final class CSVRecordSource: RecordSource {
    /// Bytes parsed at a time: a first page needs a few hundred rows, not a megabyte's worth.
    static let sliceSize = 64 << 10
    private let input: ByteInput
    private let assembler: CSVRecordAssembler
    private let parser: LibcsvParser
    private var position = TextPosition()
    private var finished = false

    public init(input: ByteInput, options: CSVOptions = CSVOptions(), schema: RecordSchema) {
        self.input = input
        assembler = CSVRecordAssembler(schema: schema, hasHeader: options.hasHeader, inferTypes: options.inferTypes,
                                       onlyColumns: options.onlyColumns)
        parser = LibcsvParser(assembler: assembler, delimiter: options.delimiter, strict: options.strictQuotes)
    }

    public func next() throws -> Record? {
        while !assembler.hasCompletedRecord && !finished {
            try readMore()
        }
        return assembler.nextCompleted()
    }

    /// The header's column names (or `1`…`n` without one), once the first row is read.
    public var declaredColumns: [String]? { assembler.headerNames }

    /// Notes about the input worth a line on stderr: ragged rows.
    public var warnings: [String] {
        var notes: [String] = []
        if assembler.longRows > 0 {
            notes.append("\(input.name): \(RowCount.text(assembler.longRows)) had more fields than the header (kept as extra columns)")
        }
        if assembler.shortRows > 0 {
            notes.append("\(input.name): \(RowCount.text(assembler.shortRows)) had fewer fields than the header (padded with null)")
        }
        return notes
    }

    private func readMore() throws {
        let more = try input.withNextChunk(limit: Self.sliceSize) { chunk in
            let outcome = parser.parse(chunk)
            try check()
            if case let .failed(message, offset) = outcome {
                position.advance(over: UnsafeRawBufferPointer(rebasing: chunk[0..<offset]))
                throw ListviewError.malformedInput(source: input.name, line: position.line, column: position.column, message: message)
            }
            position.advance(over: chunk)
        }
        guard !more else { return }
        finished = true
        let (outcome, openFieldNewlines) = parser.finish()
        try check()
        if case let .failed(message, _) = outcome {
            let line = position.line - openFieldNewlines
            throw ListviewError.malformedInput(source: input.name, line: line, column: nil, message: message)
        }
    }

    /// A refusal from the assembler (invalid UTF-8), reported at the line it reached.
    private func check() throws {
        if let refusal = assembler.refusal {
            throw ListviewError.malformedInput(source: input.name, line: assembler.line, column: nil, message: refusal)
        }
    }
}

/// `1 row`, `3 rows`.
enum RowCount {
    static func text(_ count: Int) -> String { count == 1 ? "1 row" : "\(count) rows" }
}
