import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewQuery
import ListviewValues

/// `--style json`: a JSON array of records, one per line; with sections,
/// `{"sections":[{"field":…,"key":…,"count":…,"records":[…]}]}`.
///
/// Records keep their own key order; values are written as parsed (numbers as
/// their source text).
public struct JSONPresenter: ListPresenter {
    public var fields: OutputFields
    public var grouped: Bool
    private var rowsInBlock = 0
    private var sectionsWritten = 0
    private var bytes: [UInt8] = []

    public init(fields: OutputFields, grouped: Bool) {
        self.fields = fields
        self.grouped = grouped
    }

    public mutating func begin(page: PageInfo?, into sink: OutputSink) throws {
        try sink.write(grouped ? "{\"sections\":[" : "[")
        rowsInBlock = 0
        sectionsWritten = 0
    }

    public mutating func sectionHeader(_ section: SectionInfo, continued: Bool, into sink: OutputSink) throws {
        guard grouped else { return }
        try closeSection(into: sink)
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: (sectionsWritten == 0 ? "\n  {\"field\":" : ",\n  {\"field\":").utf8)
        if section.keys.count == 1, let key = section.keys.first {
            JSONString.append(key.field.text, to: &bytes)
            bytes.append(contentsOf: ",\"key\":".utf8)
            key.value.appendJSON(to: &bytes)
        } else {
            Value.array(section.keys.map { .string($0.field.text) }).appendJSON(to: &bytes)
            bytes.append(contentsOf: ",\"key\":".utf8)
            Value.array(section.keys.map(\.value)).appendJSON(to: &bytes)
        }
        bytes.append(contentsOf: ",\"count\":\(section.count),\"records\":[".utf8)
        try sink.write(bytes: bytes)
        sectionsWritten += 1
        rowsInBlock = 0
    }

    public mutating func row(_ record: Record, into sink: OutputSink) throws {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: (rowsInBlock == 0 ? "\n" : ",\n").utf8)
        bytes.append(contentsOf: (grouped ? "    " : "  ").utf8)
        JSONObjectText.append(fields.fields(of: record), to: &bytes)
        try sink.write(bytes: bytes)
        rowsInBlock += 1
    }

    public mutating func sectionFooter(_ section: SectionInfo, into sink: OutputSink) throws {}

    public mutating func emptyState(into sink: OutputSink) throws {}

    public mutating func end(page: PageInfo?, into sink: OutputSink) throws {
        if grouped {
            try closeSection(into: sink)
            try sink.write(sectionsWritten == 0 ? "]}\n" : "\n]}\n")
        } else {
            try sink.write(rowsInBlock == 0 ? "]\n" : "\n]\n")
        }
    }

    private mutating func closeSection(into sink: OutputSink) throws {
        guard sectionsWritten > 0 else { return }
        if rowsInBlock > 0 { try sink.write("\n  ") }
        try sink.write("]}")
        rowsInBlock = 0
    }
}

/// `--style jsonl`: one compact JSON object per record and line.
public struct JSONLinesPresenter: ListPresenter {
    public var fields: OutputFields
    private var bytes: [UInt8] = []

    public init(fields: OutputFields) {
        self.fields = fields
    }

    public mutating func begin(page: PageInfo?, into sink: OutputSink) throws {}
    public mutating func sectionHeader(_ section: SectionInfo, continued: Bool, into sink: OutputSink) throws {}

    public mutating func row(_ record: Record, into sink: OutputSink) throws {
        bytes.removeAll(keepingCapacity: true)
        JSONObjectText.append(fields.fields(of: record), to: &bytes)
        bytes.append(0x0A)
        try sink.write(bytes: bytes)
    }

    public mutating func sectionFooter(_ section: SectionInfo, into sink: OutputSink) throws {}
    public mutating func emptyState(into sink: OutputSink) throws {}
    public mutating func end(page: PageInfo?, into sink: OutputSink) throws {}
}

/// A JSON object from named fields; fields the record lacks are left out.
enum JSONObjectText {
    static func append(_ fields: [(name: String, value: Value?)], to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for (name, value) in fields {
            guard let value else { continue }
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            JSONString.append(name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            value.appendJSON(to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }
}
