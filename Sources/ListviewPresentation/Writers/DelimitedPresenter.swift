import ListviewBatches
import ListviewDataSource
import ListviewValues

/// `--style csv` and `--style tsv`: a header row, then one line per record.
///
/// CSV follows RFC 4180: a field holding the delimiter, a quote, CR or LF (or starting with U+FEFF) is
/// quoted, with quotes doubled. TSV escapes tab, CR, LF and backslash as
/// `\t \r \n \\`, losslessly. Null and missing fields are empty; an empty string is `""` in
/// CSV, but a CSV cell read with nothing in it is written with nothing again
/// (`CellKind.quotesWhenEmpty`); nested values are compact JSON; numbers keep their
/// source text. Rows are written straight from their cells.
public struct DelimitedPresenter: TableRowPresenter {
    public enum Dialect: Sendable {
        case csv
        case tsv
    }

    public var fields: OutputFields
    public var dialect: Dialect
    private var table = CellTable(columns: [], inferTypes: false)
    private var resolved: TableOutputFields

    public init(fields: OutputFields, dialect: Dialect) {
        self.fields = fields
        self.dialect = dialect
        resolved = TableOutputFields(fields, table: table, writesHeaderRow: true)
    }

    public mutating func use(_ table: CellTable) {
        self.table = table
        resolved = TableOutputFields(fields, table: table, writesHeaderRow: true)
    }

    public mutating func begin(page: PageInfo?, into sink: OutputSink) throws {
        let (names, dialect) = (fields.headerNames, dialect)
        try sink.appendBytes { bytes in
            // A one-column header holding `;`, a tab or `|` (and no comma, having one field) is
            // quoted: a CSV reader's sniff would take that for the separator (`SniffedSeparators`).
            if dialect == .csv, names.count == 1, var name = names.first, name.utf8.contains(where: SniffedSeparators.all.contains) {
                name.withUTF8 { Self.appendCSVField(UnsafeRawBufferPointer($0), quoted: true, to: &bytes) }
            } else {
                for (index, name) in names.enumerated() {
                    var name = name
                    name.withUTF8 { Self.appendField(UnsafeRawBufferPointer($0), first: index == 0, dialect: dialect, to: &bytes) }
                }
            }
            bytes.append(0x0A)
        }
    }

    public mutating func sectionHeader(_ section: SectionInfo, continued: Bool, into sink: OutputSink) throws {}

    public mutating func rows(_ items: ArraySlice<RowRef>, into sink: OutputSink) throws {
        try rowLayout.write(items, into: sink)
    }

    public var standaloneRows: StandaloneRows? { rowLayout }

    /// A line of delimited fields per row.
    private var rowLayout: StandaloneRows {
        let (table, resolved, dialect) = (table, resolved, dialect)
        return StandaloneRows(table: table) { row, cells, bytes in
            Self.appendLine(dialect: dialect, to: &bytes) { field in resolved.forEachDelimitedField(row: row, of: table, cells: cells, field) }
        }
    }

    /// Appends one row's line: `fields` calls its argument with each field in turn (its text, nil
    /// for null or missing, and whether it is `""` when empty).
    @inline(__always)
    public static func appendLine(dialect: Dialect, to bytes: inout ByteOutput,
                                  fields: (_ field: (UnsafeRawBufferPointer?, _ quotesWhenEmpty: Bool) -> Void) -> Void) {
        var first = true
        let start = bytes.count
        fields { text, quotesWhenEmpty in
            appendField(text, first: first, dialect: dialect, quotesWhenEmpty: quotesWhenEmpty, to: &bytes)
            first = false
        }
        // A one-column row with nothing in it: a blank line, which CSV readers skip, so `""`.
        // (A TSV reader takes a blank line in a one-column file for an empty value.)
        if dialect == .csv && bytes.count == start { bytes.append(contentsOf: [0x22, 0x22]) }
        bytes.append(0x0A)
    }

    /// Appends one row's line of `fields`, laid out before (`LineField`): one call a row, each
    /// field's check and copy inlined in one loop.
    public static func appendLine(dialect: Dialect, fields: UnsafeBufferPointer<LineField>, to bytes: inout ByteOutput) {
        let start = bytes.count
        for (index, field) in fields.enumerated() {
            appendField(field.text, first: index == 0, dialect: dialect, quotesWhenEmpty: field.quotesWhenEmpty, to: &bytes)
        }
        if dialect == .csv && bytes.count == start { bytes.append(contentsOf: [0x22, 0x22]) }
        bytes.append(0x0A)
    }

    public mutating func sectionFooter(_ section: SectionInfo, into sink: OutputSink) throws {}
    public mutating func emptyState(into sink: OutputSink) throws {}
    public mutating func end(page: PageInfo?, into sink: OutputSink) throws {}

    /// Appends one field (nil: null or missing, an empty field), after a separator unless `first`;
    /// empty text is `""` in CSV when `quotesWhenEmpty` (TSV has no quoting: empty either way).
    @inline(__always)
    public static func appendField(_ text: UnsafeRawBufferPointer?, first: Bool, dialect: Dialect, quotesWhenEmpty: Bool = true,
                            to bytes: inout ByteOutput) {
        if !first { bytes.append(dialect == .csv ? UInt8(ascii: ",") : 0x09) }
        guard let text else { return }
        switch dialect {
        case .csv:
            if text.isEmpty {
                // "" tells an empty string from a null; a cell read with nothing in it stays so.
                if quotesWhenEmpty { bytes.append(contentsOf: [0x22, 0x22]) }
            } else if hasNoByteBelowDashButSpace(text) && text[0] != 0xEF {
                // Neither a comma, a quote, CR, LF nor U+FEFF: as it is, without a call.
                bytes.append(contentsOf: text)
            } else {
                appendCSVField(text, to: &bytes)
            }
        case .tsv:
            appendTSVField(text, to: &bytes)
        }
    }

    static func appendCSVField(_ text: UnsafeRawBufferPointer, quoted: Bool = false, to bytes: inout ByteOutput) {
        // A field starting with U+FEFF is quoted too: as the file's first bytes, a reader
        // (listview among them) would take it for a byte order mark and drop it.
        let startsWithByteOrderMark = text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF
        guard quoted || startsWithByteOrderMark || needsCSVQuotes(text) else {
            bytes.append(contentsOf: text)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        var start = 0
        for index in text.indices where text[index] == UInt8(ascii: "\"") {
            // Each quote is doubled: the run up to it and the quote go out, and the quote again starts the next run.
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[start...index]))
            start = index
        }
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[start...]))
        bytes.append(UInt8(ascii: "\""))
    }

    /// True when every byte of `text` is a space or `-` (0x2D) and above, so none is a comma, a
    /// quote, CR or LF (most fields: words, names, numbers, dates, sentences): eight bytes at a
    /// time, each space first raised to 0x60 (the `0x80` of its byte in `zeroByteMask`, halved,
    /// added without a carry), then one test of the word for a byte below 0x2D.
    @inline(__always)
    private static func hasNoByteBelowDashButSpace(_ text: UnsafeRawBufferPointer) -> Bool {
        !ByteWord.contains(in: text, wordHolds: { word in
            let raised = word &+ ByteWord.zeroByteMask(word ^ 0x2020_2020_2020_2020) >> 1
            return (raised &- 0x2D2D_2D2D_2D2D_2D2D) & ~raised & 0x8080_8080_8080_8080 != 0
        }, byteIs: { $0 < 0x2D && $0 != 0x20 })
    }

    /// True when `text` holds a comma, a quote, a CR or an LF: eight bytes at a time, the last
    /// eight overlapping the ones before.
    private static func needsCSVQuotes(_ text: UnsafeRawBufferPointer) -> Bool {
        ByteWord.contains(in: text, wordHolds: { word in
            ByteWord.hasZeroByte(word ^ 0x2C2C_2C2C_2C2C_2C2C) || ByteWord.hasZeroByte(word ^ 0x2222_2222_2222_2222)
                || ByteWord.hasZeroByte(word ^ 0x0A0A_0A0A_0A0A_0A0A) || ByteWord.hasZeroByte(word ^ 0x0D0D_0D0D_0D0D_0D0D)
        }, byteIs: { byte in
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
        })
    }

    static func appendTSVField(_ text: UnsafeRawBufferPointer, to bytes: inout ByteOutput) {
        for byte in text {
            switch byte {
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
            default: bytes.append(byte)
            }
        }
    }
}
