import ListviewBatches

/// Lines of CSV or TSV that a reader passed over and kept unparsed (`RowRecognizer.keepsLines`),
/// parsed later by libcsv onto the end of a table, when a caller finds it needs their cells: a
/// keyed diff past its memory budget parses each old line, and each new line that is not an old
/// one, as it compares a partition.
///
/// A kept line is one the reader offered: no line break, no escape, no quote where quotes
/// group text (CSV; TSV's quotes are text), text already checked as UTF-8. Parsed under the
/// header read with it, without quoting, it is one row of `.text` cells, as the reader would
/// have made it there. Rows of other tables and rows passed over can be put
/// between the lines (`append(rows:of:schema:)`, `passOver(tag:)`), so that a table holds rows
/// in input order whichever way each was kept.
public final class KeptLines {
    private let assembler: CSVBatchAssembler
    private let parser: LibcsvParser
    private let columns: [String]
    /// The lines of one `append`, each with a line feed, as libcsv reads them.
    private var buffer: [UInt8] = []

    /// A parser of lines read under `columns` (a header), their fields apart at `delimiter`,
    /// cells inferring types as `inferTypes` says, onto the end of `table`, whose columns begin
    /// with `columns`.
    public init(columns: [String], delimiter: UInt8, inferTypes: Bool, into table: CellTable) {
        assembler = CSVBatchAssembler(columns: columns, inferTypes: inferTypes, backslashEscapes: false)
        assembler.batch = table
        // No quoting: a kept CSV line has no quote, and a TSV reader (which kept lines with
        // quotes) reads a quote as text.
        parser = LibcsvParser(assembler: assembler, delimiter: delimiter, strict: true, quoting: false)
        self.columns = columns
    }

    /// The rows of the table so far.
    public var rowCount: Int { assembler.batch.rowCount }

    /// Parses `lines` (ranges of `text`, each a kept line without its line break) onto the end
    /// of the table; false when one of them is not one row of the header's fields (bytes that
    /// are not such lines: a spill file changed under the run).
    public func append(_ lines: some Collection<Range<Int>>, of text: UnsafeRawBufferPointer) -> Bool {
        guard !lines.isEmpty else { return true }
        buffer.removeAll(keepingCapacity: true)
        for line in lines {
            buffer.append(contentsOf: text[line])
            buffer.append(0x0A)
        }
        let (rows, short, long) = (assembler.batch.rowCount, assembler.shortRows, assembler.longRows)
        guard case .ok = buffer.withUnsafeBytes({ parser.parse($0) }) else { return false }
        return assembler.batch.rowCount == rows + lines.count && assembler.shortRows == short && assembler.longRows == long
            && assembler.isBetweenRows
    }

    /// Appends `rows` of `table` (joining by `schema`, which names the columns of this one).
    public func append(rows: Range<Int>, of table: CellTable, schema: RecordSchema) {
        assembler.batch.append(rows: rows, of: table, schema: schema)
    }

    /// Notes a row passed over, tagged `tag`, after the rows so far (`CellTable.passedOver`).
    public func passOver(tag: Int) {
        assembler.passOver(tag: tag)
    }

    /// The table, `next` taking its place for the lines that follow.
    public func take(leaving next: CellTable) -> CellTable {
        defer { assembler.batch = next }
        return assembler.batch
    }
}
