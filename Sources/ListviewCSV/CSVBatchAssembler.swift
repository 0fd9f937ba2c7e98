import Glibc
import ListviewBatches
import ListviewInput
import ListviewValues

/// Turns libcsv's field and row events into rows of a `CellTable` batch, as rows complete.
///
/// The first row names the columns (unless `hasHeader` is false: then columns
/// are `1`…`n`). Repeated header names are made unique (`name`, `name_2`) and
/// an empty one is replaced by its column number, so no column is merged or
/// lost. A short row is padded with nulls; a long row keeps its extra cells
/// under their column numbers, as extra columns. Both are counted for a
/// warning. Blank lines are skipped. Cells keep their bytes exactly; they read
/// as numbers where `inferTypes` and the text is one (`CellKind.text`). An empty cell is
/// empty text either way, and says how it was written: nothing between the delimiters
/// (`.text`) or a quoted `""` (`.string`), which CSV output writes back as it was
/// (`CellKind.quotesWhenEmpty`).
final class CSVBatchAssembler {
    private let hasHeader: Bool
    private let inferTypes: Bool
    /// The unique column names from the header (or `1`…`n`), once the first row is read.
    private(set) var header: [String]?
    /// The rows completed so far (a reader hands them on and drops them, or keeps them all), up
    /// to the end of the parser's last call (`commitRows`).
    var batch: CellTable
    /// The rows read since the batch was last given them, each a cell per kept column, and the
    /// cells of the row being read after them. A parser's call hands the rows to the batch at its
    /// end, whole rows at once (`commitRows`, `CellTable.appendRows`): a cell appended to a table
    /// one at a time cost more than libcsv's parse of it.
    private var run = CSVCellRun()
    private var runRows = 0
    /// Where the row being read begins in the run: its first cell, and its first byte.
    private var rowStartCell = 0
    private var rowStartByte = 0
    /// The first row's cells, while it is the header, and which of them were a quoted `""`.
    private var headerCells: [String] = []
    private var headerQuotedEmpty: [Bool] = []
    private var cellsInRow = 0
    /// The last event was a row ended by a CR (an LF next is the rest of a CRLF).
    private var afterCR = false
    /// Rows with fewer cells than the header, padded with nulls.
    private(set) var shortRows = 0
    /// Rows with more cells than the header, kept under extra columns.
    private(set) var longRows = 0
    /// The parser's field and row events so far: a field still open has not changed it.
    private(set) var events = 0
    /// The only columns read into the batch (`CSVOptions.onlyColumns`); the others' cells are
    /// left out (the reader checked their text as UTF-8), and so are a long row's extra cells.
    private let onlyColumns: Set<String>?
    /// Whether each header column is read, once the header is read; nil: all are.
    private var keeps: [Bool]?
    /// The number of columns read (all the header's, without `onlyColumns`).
    private var keptCount = 0

    /// TSV's backslash escapes are decoded (`CSVOptions.backslashEscapes`).
    private let backslashEscapes: Bool
    /// A field with its escapes decoded.
    private var decoded: [UInt8] = []
    /// The texts that read as null (`CSVOptions.nullValues`), as bytes.
    private let nullTexts: [[UInt8]]

    init(hasHeader: Bool, inferTypes: Bool, onlyColumns: Set<String>? = nil, nullValues: [String] = [], backslashEscapes: Bool = false) {
        self.hasHeader = hasHeader
        self.inferTypes = inferTypes
        self.onlyColumns = onlyColumns
        self.nullTexts = nullValues.map { Array($0.utf8) }
        self.backslashEscapes = backslashEscapes
        batch = CellTable(columns: [], inferTypes: inferTypes)
    }

    /// The number of the field the parser is in (1 for the first of a row).
    var pendingFieldNumber: Int { cellsInRow + 1 }

    /// True between rows: no cell of a row pending.
    var isBetweenRows: Bool { cellsInRow == 0 }

    /// A new assembler for rows that follow this one's header (a later part of a file read in
    /// parts), with the same columns; nil before the header is read.
    func continuation() -> CSVBatchAssembler? {
        guard let header else { return nil }
        let next = CSVBatchAssembler(hasHeader: hasHeader, inferTypes: inferTypes, onlyColumns: onlyColumns,
                                     nullValues: nullTexts.map { String(decoding: $0, as: UTF8.self) }, backslashEscapes: backslashEscapes)
        next.header = header
        next.keeps = keeps
        next.keptCount = keptCount
        next.batch = CellTable(columns: batch.columns, inferTypes: inferTypes)
        return next
    }

    /// Whether a line recognised as a known record can be passed over here (`RowRecognizer`):
    /// once the header is read, when every column is kept and no text reads as null, so that a
    /// line without quotes or escapes is its fields, each `.text`, as the line has them.
    var passesOverRows: Bool { header != nil && keeps == nil && nullTexts.isEmpty && !afterCR }

    /// Records a row passed over, tagged `tag`, after the rows completed so far (between rows):
    /// the batch's, and the run's still to be handed to it (`commitRows`), which come before it.
    /// `line`, the row's bytes, is kept in the batch when given (`RowRecognizer.keepsLines`).
    func passOver(tag: Int, line: UnsafeRawBufferPointer? = nil) {
        var kept = 0..<0
        if let line {
            let start = batch.passedOverLines.count
            batch.passedOverLines.append(contentsOf: line)
            kept = start..<batch.passedOverLines.count
        }
        batch.passedOver.append(PassedOverRow(position: batch.rowCount + runRows, tag: tag, line: kept))
    }

    // MARK: Parser events

    func field(_ bytes: UnsafeRawBufferPointer) {
        if backslashEscapes, isKept(cellsInRow), let base = bytes.baseAddress, memchr(base, 0x5C, bytes.count) != nil {
            decode(bytes)
            return decoded.withUnsafeBytes { take($0) }
        }
        take(bytes)
    }

    /// Whether the field in `column` goes to the batch (the header's, or a column `onlyColumns` keeps).
    @inline(__always)
    private func isKept(_ column: Int) -> Bool {
        guard let keeps else { return true }
        return column < keeps.count && keeps[column]
    }

    /// `\t`, `\n`, `\r`, `\\` in `bytes` as the characters they stand for, into `decoded`.
    private func decode(_ bytes: UnsafeRawBufferPointer) {
        decoded.removeAll(keepingCapacity: true)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x5C, index + 1 < bytes.count {
                let meant: UInt8? = switch bytes[index + 1] {
                case UInt8(ascii: "t"): 0x09
                case UInt8(ascii: "n"): 0x0A
                case UInt8(ascii: "r"): 0x0D
                case 0x5C: 0x5C
                default: nil
                }
                if let meant {
                    decoded.append(meant)
                    index += 2
                    continue
                }
            }
            decoded.append(byte)
            index += 1
        }
    }

    /// A field's text, escapes decoded. The reader checked the text as UTF-8 before libcsv saw it
    /// (`IllFormedUTF8Finder`), so a cell needs only the printable-ASCII test that lets it be
    /// measured and written as it is, and a column left out needs nothing.
    @inline(__always)
    private func take(_ bytes: UnsafeRawBufferPointer) {
        events += 1
        afterCR = false
        let column = cellsInRow
        cellsInRow += 1
        // A column left out: only counted (the reader checked its text as UTF-8).
        guard isKept(column) else { return }
        if header == nil {
            takeHeaderCell(bytes)
        } else if !nullTexts.isEmpty, nullTexts.contains(where: { bytes.elementsEqual($0) }) {
            run.append(UnsafeRawBufferPointer(start: nil, count: 0), kind: .null)
        } else {
            // libcsv hands an unquoted empty field over without a pointer (CSV_EMPTY_IS_NULL).
            run.append(bytes, kind: bytes.isEmpty && bytes.baseAddress != nil ? .string : .text)
        }
    }

    /// A cell of the first row: a column name, or without a header a cell kept until the columns
    /// are known. Out of `take`'s way: one row takes it.
    @inline(never)
    private func takeHeaderCell(_ bytes: UnsafeRawBufferPointer) {
        headerCells.append(String(decoding: bytes, as: UTF8.self))
        headerQuotedEmpty.append(bytes.isEmpty && bytes.baseAddress != nil)
    }

    /// Hands the batch the run's whole rows, keeping the cells of the row being read; the
    /// parser calls it at the end of each of its calls, so the batch has every row completed.
    func commitRows() {
        guard runRows > 0 else { return }
        run.withCells(rowStartCell, bytes: rowStartByte) { text, lengths, kinds in
            batch.appendRows(count: runRows, text: text, lengths: lengths, kinds: kinds)
        }
        run.removeFirst(rowStartCell, bytes: rowStartByte)
        (runRows, rowStartCell, rowStartByte) = (0, 0, 0)
    }

    /// Hands the batch the run's whole rows, then the row being read cell by cell, the row not ended.
    private func moveRunToBatch() {
        commitRows()
        run.forEach { bytes, kind in batch.appendCell(bytes, kind: kind) }
        run.removeFirst(run.count, bytes: run.text.count)
    }

    /// A row ends at each CR or LF outside quotes (libcsv reports every one); a CRLF pair is one line.
    func endRow(terminator: Int32) {
        events += 1
        let endsALine = !(terminator == 0x0A && afterCR)  // not the LF of a CRLF
        afterCR = terminator == 0x0D
        if cellsInRow == 0, endsALine, backslashEscapes, header?.count == 1 {
            // TSV has no quoting, so a blank line is how a one-column file writes an empty value.
            take(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        guard cellsInRow > 0 else { return }  // a blank line, or the LF of a CRLF
        let cells = cellsInRow
        cellsInRow = 0
        guard let header else {
            startColumns(count: cells)
            if hasHeader { return }
            _ = batch.endRow()
            return
        }
        if cells == header.count, run.count - rowStartCell == keptCount, batch.columns.count == keptCount {
            // A row of a cell per column (none added for a long row before it): it stays in the run.
            runRows += 1
            (rowStartCell, rowStartByte) = (run.count, run.text.count)
            return
        }
        moveRunToBatch()
        if cells < header.count {
            shortRows += 1
            // Padded with nulls up to the header; the extra columns of long rows are absent.
            while batch.cellsInPendingRow < keptCount { batch.appendCell(UnsafeRawBufferPointer(start: nil, count: 0), kind: .null) }
        } else if cells > header.count {
            longRows += 1
            if keeps == nil { addColumns(upTo: cells) }
        }
        _ = batch.endRow(padding: .absent)
    }

    /// Names the columns from the first row (its cells, or their numbers without a header).
    private func startColumns(count: Int) {
        let names = hasHeader ? ColumnNames.unique(headerCells) : (1...count).map(String.init)
        let cells = headerCells, quotedEmpty = headerQuotedEmpty
        headerCells = []
        headerQuotedEmpty = []
        header = names
        let kept = onlyColumns.map { only in names.map { only.contains($0) } }
        keeps = kept
        keptCount = kept.map { $0.filter { $0 }.count } ?? names.count
        for (column, name) in names.enumerated() where kept?[column] ?? true { batch.addColumn(name) }
        guard !hasHeader else { return }
        for (column, cell) in cells.enumerated() where kept?[column] ?? true {
            var cell = cell
            let kind: CellKind = column < quotedEmpty.count && quotedEmpty[column] ? .string : .text
            cell.withUTF8 { batch.appendCell(UnsafeRawBufferPointer($0), kind: kind) }
        }
    }

    /// Extra columns for a long row, named by their numbers (made unique against the others).
    private func addColumns(upTo count: Int) {
        guard count > batch.columns.count else { return }
        var namer = ColumnNames.Namer(taken: Set(batch.columns))
        for column in batch.columns.count..<count { batch.addColumn(namer.claim(String(column + 1))) }
    }
}
