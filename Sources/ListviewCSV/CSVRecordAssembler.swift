import Glibc
import ListviewCore

/// Turns libcsv's field and row events into records, as rows complete.
///
/// The first row names the columns (unless `hasHeader` is false: then columns
/// are `1`…`n`). Repeated header names are made unique (`name`, `name_2`) and
/// an empty one is replaced by its column number, so no column is merged or
/// lost. A short row is padded with nulls; a long row keeps its extra cells
/// under their column numbers. Both are counted for a warning. Blank lines are
/// skipped. Cells are strings, or numbers when `inferTypes` and they read as one.
final class CSVRecordAssembler {
    let schema: RecordSchema
    private let hasHeader: Bool
    private let inferTypes: Bool
    private var header: [String]?
    /// The column names whose cells are decoded (nil: all), and by position once the header is known.
    private let onlyColumns: Set<String>?
    private var decodes: [Bool]?
    /// The unique column names from the header (or `1`…`n`), once the first row is read.
    var headerNames: [String]? { header }
    private var headerShape: RecordShape?
    private var widerShapes: [Int: RecordShape] = [:]
    private var cells: [Value] = []
    private var afterCR = false
    /// The line the parser has reached (1-based), counting line breaks inside quoted fields.
    private(set) var line = 1
    /// Records completed and not yet handed out.
    private var completed = RecordQueue()
    /// Rows with fewer cells than the header, padded with nulls.
    private(set) var shortRows = 0
    /// Rows with more cells than the header, kept under extra columns.
    private(set) var longRows = 0
    /// Why the assembler stopped taking input, if it did.
    private(set) var refusal: String?

    init(schema: RecordSchema, hasHeader: Bool, inferTypes: Bool, onlyColumns: Set<String>? = nil) {
        self.onlyColumns = onlyColumns
        self.schema = schema
        self.hasHeader = hasHeader
        self.inferTypes = inferTypes
    }

    var hasCompletedRecord: Bool { !completed.isEmpty }

    /// True between rows: no cell of a row pending.
    var isBetweenRows: Bool { cells.isEmpty && refusal == nil }

    /// A new assembler for rows that follow this one's header (the second half of a file read in two),
    /// with the same columns; nil before the header is read.
    func continuation() -> CSVRecordAssembler? {
        guard header != nil, headerShape != nil else { return nil }
        let next = CSVRecordAssembler(schema: schema, hasHeader: hasHeader, inferTypes: inferTypes, onlyColumns: onlyColumns)
        next.header = header
        next.headerShape = headerShape
        next.decodes = decodes
        next.widerShapes = widerShapes
        return next
    }

    func nextCompleted() -> Record? { completed.next() }

    // MARK: Parser events

    func field(_ bytes: UnsafeRawBufferPointer) {
        guard refusal == nil else { return }
        afterCR = false
        if let base = bytes.baseAddress,
           memchr(base, 0x0A, bytes.count) != nil || memchr(base, 0x0D, bytes.count) != nil {
            line += TextPosition.lineBreaks(in: bytes)
        }
        if let decodes, !(cells.count < decodes.count && decodes[cells.count]) {
            guard UTF8Check.isValid(bytes) else {
                refusal = "invalid UTF-8 in field \(cells.count + 1)"
                return
            }
            cells.append(.null)
            return
        }
        // Checked first, then decoded: String(validating:) is not specialised here and looked up
        // generic metadata per cell; decoding checked bytes never replaces anything.
        guard UTF8Check.isValid(bytes) else {
            refusal = "invalid UTF-8 in field \(cells.count + 1)"
            return
        }
        cells.append(CellTable.value(of: bytes, inferTypes: inferTypes && (header != nil || !hasHeader)))
    }

    /// A row ends at each CR or LF outside quotes (libcsv reports every one); a CRLF pair is one line.
    func endRow(terminator: Int32) {
        guard refusal == nil else { return }
        if terminator == 0x0A && afterCR {
            afterCR = false
        } else if terminator == 0x0A || terminator == 0x0D {
            line += 1
            afterCR = terminator == 0x0D
        }
        guard !cells.isEmpty else { return }  // a blank line, or the LF of a CRLF
        let row = cells
        cells.removeAll(keepingCapacity: true)
        guard let header, let headerShape else {
            startColumns(with: row)
            return
        }
        if row.count == header.count {
            completed.append(Record(shape: headerShape, values: row))
        } else if row.count < header.count {
            shortRows += 1
            completed.append(Record(shape: headerShape, values: row))
        } else {
            longRows += 1
            completed.append(Record(shape: widerShape(count: row.count), values: row))
        }
    }

    private func startColumns(with row: [Value]) {
        if hasHeader {
            let names = row.map { value -> String in
                if case .string(let text) = value { return text }
                return ""
            }
            header = ColumnNames.unique(names)
        } else {
            header = (1...row.count).map(String.init)
        }
        let shape = schema.sharedShape(for: header ?? [])
        headerShape = shape
        if let onlyColumns { decodes = (header ?? []).map { onlyColumns.contains($0) } }
        if !hasHeader { completed.append(Record(shape: shape, values: row)) }
    }

    private func widerShape(count: Int) -> RecordShape {
        if let shape = widerShapes[count] { return shape }
        var names = header ?? []
        var taken = Set(names)
        for column in names.count..<count {
            let name = ColumnNames.uniqueName(String(column + 1), avoiding: taken)
            names.append(name)
            taken.insert(name)
        }
        let shape = schema.sharedShape(for: names)
        widerShapes[count] = shape
        return shape
    }
}
