import ListviewBatches
import ListviewDataSource
import ListviewValues

/// `--style json`: a JSON array of records, one per line; with sections,
/// `{"sections":[{"field":…,"key":…,"count":…,"records":[…]}]}`. `--footer` values follow a
/// section's records as `"footer":{"count":8,"sum:total":1234.50}`, and those of the whole
/// list the sections (`{"sections":[…],"footer":{…}}`).
///
/// Records keep their own key order; values are written as parsed (numbers as
/// their source text), straight from the cells of their rows.
public struct JSONPresenter: TableRowPresenter {
    public var fields: OutputFields
    public var grouped: Bool
    private var table = CellTable(columns: [], inferTypes: false)
    private var resolved: TableOutputFields
    private var rowsInBlock = 0
    private var sectionsWritten = 0
    /// The footer values of the section being written, written when it closes.
    private var sectionFooter: [FooterValue] = []
    /// The `--footer` values of the whole list, written after the sections.
    public var grandTotal: [FooterValue] = []

    public init(fields: OutputFields, grouped: Bool) {
        self.fields = fields
        self.grouped = grouped
        resolved = TableOutputFields(self.fields, table: table, writesHeaderRow: false)
    }

    public mutating func use(_ table: CellTable) {
        self.table = table
        resolved = TableOutputFields(fields, table: table, writesHeaderRow: false)
    }

    public mutating func begin(page: PageInfo?, into sink: OutputSink) throws {
        try sink.write(grouped ? "{\"sections\":[" : "[")
        rowsInBlock = 0
        sectionsWritten = 0
    }

    /// A section's group fields and values after `"field":`: `"status","key":"shipped"`, or
    /// arrays of both for nested groups.
    public static func appendFieldAndKey(of section: SectionInfo, to bytes: inout ByteOutput) {
        if section.keys.count == 1, let key = section.keys.first {
            JSONString.append(key.field.text, to: &bytes)
            bytes.append(",\"key\":")
            key.value.appendJSON(to: &bytes)
        } else {
            Value.array(section.keys.map { .string($0.field.text) }).appendJSON(to: &bytes)
            bytes.append(",\"key\":")
            Value.array(section.keys.map(\.value)).appendJSON(to: &bytes)
        }
    }

    public mutating func sectionHeader(_ section: SectionInfo, continued: Bool, into sink: OutputSink) throws {
        guard grouped else { return }
        try closeSection(into: sink)
        let opening = sectionsWritten == 0 ? "\n  {\"field\":" : ",\n  {\"field\":"
        try sink.appendBytes { bytes in
            bytes.append(opening)
            Self.appendFieldAndKey(of: section, to: &bytes)
            bytes.append(",\"count\":\(section.count),\"records\":[")
        }
        sectionsWritten += 1
        rowsInBlock = 0
    }

    public mutating func rows(_ items: ArraySlice<RowRef>, into sink: OutputSink) throws {
        let (table, resolved, first, indent) = (table, resolved, rowsInBlock, grouped ? "    " : "  ")
        try TableRowWriter.write(items, of: table, into: sink) { position, item, cells, bytes in
            bytes.append(first + position == 0 ? "\n" : ",\n")
            bytes.append(indent)
            resolved.appendObject(row: item.row, of: table, cells: cells, to: &bytes)
        }
        rowsInBlock += items.count
    }

    /// Rows of an array are separated by commas: none stands alone.
    public var standaloneRows: StandaloneRows? { nil }

    public mutating func sectionFooter(_ section: SectionInfo, into sink: OutputSink) throws {
        sectionFooter = section.footerValues
    }

    public mutating func emptyState(into sink: OutputSink) throws {}

    public mutating func end(page: PageInfo?, into sink: OutputSink) throws {
        if grouped {
            try closeSection(into: sink)
            try sink.write(sectionsWritten == 0 ? "]" : "\n]")
            if !grandTotal.isEmpty { try sink.appendBytes { Self.appendFooter(grandTotal, to: &$0) } }
            try sink.write("}\n")
        } else {
            try sink.write(rowsInBlock == 0 ? "]\n" : "\n]\n")
        }
    }

    private mutating func closeSection(into sink: OutputSink) throws {
        guard sectionsWritten > 0 else { return }
        if rowsInBlock > 0 { try sink.write("\n  ") }
        try sink.write("]")
        if !sectionFooter.isEmpty { try sink.appendBytes { Self.appendFooter(sectionFooter, to: &$0) } }
        try sink.write("}")
        rowsInBlock = 0
        sectionFooter = []
    }

    /// `,"footer":{"count":8,"sum:total":1234.50}`.
    private static func appendFooter(_ values: [FooterValue], to bytes: inout ByteOutput) {
        bytes.append(",\"footer\":{")
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONString.append(value.name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            value.value.appendJSON(to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }
}

/// `--style jsonl`: one compact JSON object per record and line.
public struct JSONLinesPresenter: TableRowPresenter {
    public var fields: OutputFields
    private var table = CellTable(columns: [], inferTypes: false)
    private var resolved: TableOutputFields

    public init(fields: OutputFields) {
        self.fields = fields
        resolved = TableOutputFields(fields, table: table, writesHeaderRow: false)
    }

    public mutating func use(_ table: CellTable) {
        self.table = table
        resolved = TableOutputFields(fields, table: table, writesHeaderRow: false)
    }

    public mutating func begin(page: PageInfo?, into sink: OutputSink) throws {}
    public mutating func sectionHeader(_ section: SectionInfo, continued: Bool, into sink: OutputSink) throws {}

    public mutating func rows(_ items: ArraySlice<RowRef>, into sink: OutputSink) throws {
        try rowLayout.write(items, into: sink)
    }

    public var standaloneRows: StandaloneRows? { rowLayout }

    /// A compact object and a newline per row.
    private var rowLayout: StandaloneRows {
        let (table, resolved) = (table, resolved)
        return StandaloneRows(table: table) { row, cells, bytes in
            resolved.appendObject(row: row, of: table, cells: cells, to: &bytes)
            bytes.append(0x0A)
        }
    }

    public mutating func sectionFooter(_ section: SectionInfo, into sink: OutputSink) throws {}
    public mutating func emptyState(into sink: OutputSink) throws {}
    public mutating func end(page: PageInfo?, into sink: OutputSink) throws {}
}
