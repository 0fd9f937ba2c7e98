import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewQuery
import ListviewValues

/// `--style csv` and `--style tsv`: a header row, then one line per record.
///
/// CSV follows RFC 4180: a field holding the delimiter, a quote, CR or LF (or starting with U+FEFF) is
/// quoted, with quotes doubled. TSV escapes tab, CR, LF and backslash as
/// `\t \r \n \\`, losslessly. Null and missing fields are empty; nested
/// values are compact JSON; numbers keep their source text.
public struct DelimitedPresenter: ListPresenter {
    public enum Dialect: Sendable {
        case csv
        case tsv
    }

    public var fields: OutputFields
    public var dialect: Dialect
    private var bytes: [UInt8] = []

    public init(fields: OutputFields, dialect: Dialect) {
        self.fields = fields
        self.dialect = dialect
    }

    public mutating func begin(page: PageInfo?, into sink: OutputSink) throws {
        bytes.removeAll(keepingCapacity: true)
        appendLine(fields.headerNames.map { Value.string($0) })
        try sink.write(bytes: bytes)
    }

    public mutating func sectionHeader(_ section: SectionInfo, continued: Bool, into sink: OutputSink) throws {}

    public mutating func row(_ record: Record, into sink: OutputSink) throws {
        bytes.removeAll(keepingCapacity: true)
        appendLine(fields.row(of: record))
        try sink.write(bytes: bytes)
    }

    public mutating func sectionFooter(_ section: SectionInfo, into sink: OutputSink) throws {}
    public mutating func emptyState(into sink: OutputSink) throws {}
    public mutating func end(page: PageInfo?, into sink: OutputSink) throws {}

    private mutating func appendLine(_ values: [Value?]) {
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(dialect == .csv ? UInt8(ascii: ",") : 0x09) }
            guard let value, !value.isNull else { continue }
            let text = ValueText.plain(value)
            if text.isEmpty && dialect == .csv {
                bytes.append(contentsOf: [0x22, 0x22])  // "" tells an empty string from a null
                continue
            }
            switch dialect {
            case .csv: Self.appendCSVField(text, to: &bytes)
            case .tsv: Self.appendTSVField(text, to: &bytes)
            }
        }
        bytes.append(0x0A)
    }

    static func appendCSVField(_ text: String, to bytes: inout [UInt8]) {
        // A field starting with U+FEFF is quoted too: as the file's first bytes, a reader
        // (listview among them) would take it for a byte order mark and drop it.
        let needsQuotes = text.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            || text.utf8.starts(with: [0xEF, 0xBB, 0xBF])
        guard needsQuotes else {
            bytes.append(contentsOf: text.utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    static func appendTSVField(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
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
