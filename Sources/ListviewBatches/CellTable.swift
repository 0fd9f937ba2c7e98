import CPrefetch
import Glibc
import ListviewValues

/// Rows of scalar cells, kept as bytes in one arena: what a plain table of a whole CSV, TSV or
/// JSON file needs to be measured, sorted and drawn, without a `String`, `Value` or record per cell.
///
/// A cell is a run of UTF-8 bytes (quotes and escapes already undone) and a `CellKind`
/// saying what value it stands for. A row has a cell for each column known when it
/// ended; columns found later (a JSON key first seen in a later object) are absent
/// from it. A cell's value is what the record reader would make of it (`mapColumn`);
/// only the cells a run looks at become values. Each column is measured for a table as
/// its cells arrive, while they are in the cache (and, for a file read in halves, on
/// both threads).
public struct CellTable: Sendable {
    /// The column names, in order.
    public private(set) var columns: [String]
    /// `.text` cells that read as numbers are numbers (`--no-infer` turns this off).
    public let inferTypes: Bool
    /// Every cell's bytes, one after another.
    private var arena = ByteArena()
    /// Where each cell's bytes end in `arena`, row after row; a cell starts where the one before it ends.
    private var ends = CellEnds()
    /// Each cell's kind, once a cell is not `.text` (`hasKinds`); empty before.
    private var kinds: [CellKind] = []
    private(set) var hasKinds = false
    /// The cells `reserveCapacity` made room for.
    private var expectedCells = 0
    /// Where each row's cells start in `ends`; empty while every row has a cell per column.
    private var rowStarts: [Int] = []
    /// Whether some row may have fewer cells than columns (`rowStarts` is kept).
    var mayHaveShortRows: Bool { !rowStarts.isEmpty }
    /// The number of complete rows.
    public private(set) var rowCount = 0
    /// A large later part joined without copying (`append`), at most one: its rows follow this
    /// table's own. Any change but reading copies it in first (`joinTail`).
    private var tail: [CellTable] = []
    /// The rows whose fields came in another order than the columns (a JSON object's keys as
    /// written), with the columns in that order; a record view keeps it.
    public private(set) var fieldOrders: [Int: [Int]] = [:]
    /// The cells of the row being added.
    private var pendingCells = 0
    /// Each column's widest cell and whether its cells are numbers, over every cell added. A row
    /// discarded unfinished is measured too; it is only ever one handed over again.
    public private(set) var measures: [ColumnMeasure]
    /// False for a batch that is only written out (a part of a streamed file): its cells are not
    /// measured, and `measures` stays as it was.
    public var measuresColumns = true
    /// Turns a nested cell's compact JSON back into its value, for a field path that steps into it
    /// (`customer.name`); set by the reader that parses JSON. Without one, a nested cell has no value.
    public var nestedDecoder: NestedValueDecoder?
    /// Rows of the input a reader passed over between this batch's rows, each recognised as a
    /// record already known (`RowRecognizer`), in input order. Each counts as a record of the
    /// input; none is among `rowCount`. A batch taken (`takeCompletedRows`) takes them along.
    public var passedOver: [PassedOverRow] = []
    /// The lines of the rows passed over, one after another, when their recognizer keeps them
    /// (`RowRecognizer.keepsLines`): each row's `PassedOverRow.line` lies here.
    public var passedOverLines: [UInt8] = []

    /// The record of the batch that row `row` is, counted from 0: the rows and the rows passed
    /// over before it.
    public func record(ofRow row: Int) -> Int {
        var (low, high) = (0, passedOver.count)
        while low < high {
            let middle = (low + high) / 2
            if passedOver[middle].position <= row { low = middle + 1 } else { high = middle }
        }
        return row + low
    }

    /// The record of the batch that its `index`-th row passed over is, counted from 0.
    public func record(ofPassedOver index: Int) -> Int {
        passedOver[index].position + index
    }

    public init(columns: [String], inferTypes: Bool) {
        self.columns = columns
        self.inferTypes = inferTypes
        measures = columns.map { ColumnMeasure(title: $0) }
    }

    /// The value a `.text` cell stands for: a number when `inferTypes` and the text reads as one, else a string.
    @inline(__always)
    public static func value(of bytes: UnsafeRawBufferPointer, inferTypes: Bool) -> Value {
        let text = String(decoding: bytes, as: UTF8.self)
        return inferTypes && NumberText.isNumber(bytes) ? .number(text) : .string(text)
    }

    // MARK: Building

    /// Makes room for about `bytes` bytes of cell text in `cells` cells, so a large table grows
    /// without copying itself over and over (room never touched costs no memory).
    public mutating func reserveCapacity(bytes: Int, cells: Int) {
        joinTail()
        arena.reserveCapacity(bytes)
        ends.reserveCapacity(cells)
        if hasKinds { kinds.reserveCapacity(cells) }
        expectedCells = cells
    }

    /// True when some cell holds a nested object or array (`.nested`).
    public var hasNestedCells: Bool { hasKinds && kinds.contains(.nested) }

    /// Adds a column after the others; rows already added lack it.
    public mutating func addColumn(_ name: String) {
        joinTail()
        if rowStarts.isEmpty && rowCount > 0 {
            rowStarts = (0..<rowCount).map { $0 * columns.count }
        }
        columns.append(name)
        measures.append(ColumnMeasure(title: name))
        // A long row's cell already added under the new column is measured now.
        let column = columns.count - 1
        if column < pendingCells {
            let cell = ends.count - pendingCells + column
            let start = cell == 0 ? 0 : ends[cell - 1]
            let kind = hasKinds ? kinds[cell] : .text
            arena.withUnsafeBytes { arena in
                measures[column].add(cellOf: kind, text: UnsafeRawBufferPointer(rebasing: arena[start..<ends[cell]]), inferTypes: inferTypes)
            }
        }
    }

    /// Adds the next cell of the current row. `printableASCII` says the caller already found every
    /// byte printable ASCII.
    public mutating func appendCell(_ bytes: UnsafeRawBufferPointer, kind: CellKind = .text, printableASCII: Bool = false) {
        joinTail()
        if !bytes.isEmpty { arena.append(contentsOf: bytes) }
        measure(bytes, kind: kind, printableASCII: printableASCII)
        endCell(at: arena.count, kind: kind)
    }

    /// Ends the current row's next cell, whose bytes are in the arena up to `end` and measured.
    @inline(__always)
    private mutating func endCell(at end: Int, kind: CellKind) {
        ends.append(end)
        if kind != .text && !hasKinds { beginKinds(textCells: ends.count - 1) }
        if hasKinds { kinds.append(kind) }
        pendingCells += 1
    }

    /// Keeps each cell's kind from now on (`hasKinds`): the first `textCells` cells, all added
    /// while every cell was `.text`, are `.text`.
    private mutating func beginKinds(textCells: Int) {
        kinds.reserveCapacity(max(expectedCells, ends.count))
        kinds.append(contentsOf: repeatElement(.text, count: textCells))
        hasKinds = true
    }

    /// Adds a whole row at once: `texts[i]` of kind `kinds[i]` in column `i` of the first
    /// `texts.count` columns, the others absent. What `appendCell` of each and then
    /// `endRow(padding: .absent, fieldOrder:)` do, with one check per row that the arena, the
    /// kinds and the measures are this table's own and have room, instead of one of each per
    /// cell (a JSON record's fields, `JSONBatchAssembler`). False, the row dropped, as `endRow`.
    public mutating func appendRow(texts: UnsafeBufferPointer<UnsafeRawBufferPointer>, kinds rowKinds: UnsafeBufferPointer<CellKind>,
                                   fieldOrder: [Int]?) -> Bool {
        joinTail()
        let count = texts.count
        // A row of a cell or two (a count's) goes cell by cell: the checks it saves cost less than the set-up.
        guard pendingCells == 0, count <= columns.count, rowKinds.count == count, count > 2 else {
            for index in texts.indices { appendCell(texts[index], kind: index < rowKinds.count ? rowKinds[index] : .text) }
            return endRow(padding: .absent, fieldOrder: fieldOrder)
        }
        appendCellsAtOnce(texts: texts, kinds: rowKinds, width: count)
        return endRow(padding: .absent, fieldOrder: fieldOrder)
    }

    /// Adds whole rows at once, a cell per column: `texts[i]` of kind `kinds[i]` in column
    /// `i % columns.count`, row after row. What `appendRow` of each row does (no field order of
    /// its own), with one check for them all (a projected count's rows of one or two cells,
    /// `JSONBatchAssembler.takeProjectedRun`, for which `appendRow` goes cell by cell).
    public mutating func appendRows(texts: UnsafeBufferPointer<UnsafeRawBufferPointer>, kinds rowKinds: UnsafeBufferPointer<CellKind>) {
        joinTail()
        let width = columns.count
        guard width > 0, !texts.isEmpty else { return }
        guard pendingCells == 0, rowKinds.count == texts.count, texts.count % width == 0 else {
            // Not whole rows: the cells one row at a time, as given.
            var start = 0
            while start < texts.count {
                let end = min(start + width, texts.count)
                _ = appendRow(texts: UnsafeBufferPointer(rebasing: texts[start..<end]),
                              kinds: UnsafeBufferPointer(rebasing: rowKinds[start..<min(end, rowKinds.count)]), fieldOrder: nil)
                start = end
            }
            return
        }
        let rows = texts.count / width
        let firstCell = ends.count
        appendCellsAtOnce(texts: texts, kinds: rowKinds, width: width)
        if !rowStarts.isEmpty { rowStarts.append(contentsOf: (0..<rows).lazy.map { firstCell + $0 * width }) }
        pendingCells = 0
        rowCount += rows
    }

    /// Adds `texts` (of `rowKinds`) as the next cells, rows of `width` from the current row's
    /// first: their bytes, ends and kinds each appended in one go, measured when columns are.
    @inline(__always)
    private mutating func appendCellsAtOnce(texts: UnsafeBufferPointer<UnsafeRawBufferPointer>, kinds rowKinds: UnsafeBufferPointer<CellKind>,
                                            width: Int) {
        if measuresColumns {
            let inferTypes = inferTypes
            measures.withUnsafeMutableBufferPointer { measures in
                var column = 0
                for index in texts.indices {
                    measures[column].add(cellOf: rowKinds[index], text: texts[index], inferTypes: inferTypes, printableASCII: false)
                    column = column + 1 == width ? 0 : column + 1
                }
            }
        }
        if !hasKinds, rowKinds.contains(where: { $0 != .text }) { beginKinds(textCells: ends.count) }
        // The bytes at once, then their ends a group at a time.
        let start = arena.count
        withUnsafeTemporaryAllocation(of: Int.self, capacity: texts.count) { lengths in
            guard let first = lengths.baseAddress else { return }
            arena.append(each: texts, lengths: first)
            ends.append(lengths: UnsafeBufferPointer(lengths), from: start)
        }
        if hasKinds { kinds.append(contentsOf: rowKinds) }
        pendingCells = texts.count
    }

    /// Adds cells `columns` of `row` of `source` (another table's cells) to the current row, as
    /// `appendCell` of each would; the run's bytes, which lie together, in one copy.
    public mutating func appendCells(_ columns: Range<Int>, ofRow row: Int, in source: Cells) {
        guard !columns.isEmpty else { return }
        let (segment, segmentRow) = source.place(of: row)
        let first = segmentRow * source.columnCount + columns.lowerBound
        // A row that may lack cells has no run to copy at once.
        guard segment.rowStarts.isEmpty, columns.upperBound <= source.columnCount, first + columns.count <= segment.ends.count else {
            for column in columns {
                let (kind, text) = source.cell(row: row, column: column)
                appendCell(text, kind: kind)
            }
            return
        }
        joinTail()
        let last = first + columns.count - 1
        let start = first == 0 ? 0 : segment.ends[first - 1]
        let offset = arena.count - start
        let text = UnsafeRawBufferPointer(rebasing: segment.arena[start..<segment.ends[last]])
        if !text.isEmpty { arena.append(contentsOf: text) }
        // The run's measures through one access, its kinds in one append (as `appendRow`).
        let runKinds = segment.kinds.isEmpty ? nil : UnsafeBufferPointer(rebasing: segment.kinds[first...last])
        if measuresColumns {
            let inferTypes = inferTypes, firstColumn = pendingCells
            measures.withUnsafeMutableBufferPointer { measures in
                for cell in first...last where firstColumn + cell - first < measures.count {
                    let cellStart = cell == 0 ? 0 : segment.ends[cell - 1]
                    measures[firstColumn + cell - first].add(cellOf: runKinds?[cell - first] ?? .text,
                                                             text: UnsafeRawBufferPointer(rebasing: segment.arena[cellStart..<segment.ends[cell]]),
                                                             inferTypes: inferTypes, printableASCII: false)
                }
            }
        }
        if !hasKinds, let runKinds, runKinds.contains(where: { $0 != .text }) { beginKinds(textCells: ends.count) }
        for cell in first...last { ends.append(segment.ends[cell] + offset) }
        if hasKinds {
            if let runKinds { kinds.append(contentsOf: runKinds) } else { kinds.append(contentsOf: repeatElement(.text, count: columns.count)) }
        }
        pendingCells += columns.count
    }

    /// Adds `count` absent cells to the current row at once (a JSON object without some keys,
    /// or whose values a read passed over): `appendCell` of each, without its per-cell work.
    public mutating func appendAbsentCells(_ count: Int) {
        guard count > 0 else { return }
        joinTail()
        if measuresColumns {
            for column in pendingCells..<min(pendingCells + count, measures.count) {
                measures[column].add(cellOf: .absent, text: UnsafeRawBufferPointer(start: nil, count: 0), inferTypes: inferTypes)
            }
        }
        ends.append(arena.count, count: count)
        if !hasKinds { beginKinds(textCells: ends.count - count) }
        kinds.append(contentsOf: repeatElement(.absent, count: count))
        pendingCells += count
    }

    /// Appends `count` whole rows at once (a spilled table read back, a run of CSV rows): their
    /// cells' bytes run together in `text`, each cell's length in `lengths` and raw kind in
    /// `kinds` (nil: every cell `.text`), row after row, a cell per column; `fieldOrders` by row
    /// of these.
    public mutating func appendRows(count: Int, text: UnsafeRawBufferPointer, lengths: UnsafeBufferPointer<Int>, kinds: UnsafeRawBufferPointer?,
                                    fieldOrders orders: [Int: [Int]] = [:]) {
        joinTail()
        if !rowStarts.isEmpty { rowStarts.append(contentsOf: (0..<count).map { ends.count + $0 * columns.count }) }
        @inline(__always) func kind(_ index: Int) -> CellKind { kinds.flatMap { CellKind(rawValue: $0[index]) } ?? .text }
        if measuresColumns {
            let (inferTypes, width) = (inferTypes, columns.count)
            measures.withUnsafeMutableBufferPointer { measures in
                var start = 0, column = 0
                for (index, length) in lengths.enumerated() {
                    if column < measures.count {
                        measures[column].add(cellOf: kind(index), text: UnsafeRawBufferPointer(rebasing: text[start..<start + length]), inferTypes: inferTypes)
                    }
                    start += length
                    column = column + 1 == width ? 0 : column + 1
                }
            }
        }
        let base = arena.count
        if !text.isEmpty { arena.append(contentsOf: text) }
        if kinds != nil && !hasKinds { beginKinds(textCells: ends.count) }
        ends.append(lengths: lengths, from: base)
        if hasKinds { self.kinds.append(contentsOf: lengths.indices.lazy.map(kind)) }
        for (row, order) in orders where !order.isStrictlyIncreasing { fieldOrders[rowCount + row] = order }
        rowCount += count
    }

    /// Appends rows `rows` of `other` as they are, their bytes in one copy, when both tables hold
    /// a cell per column of the same columns (no row short of cells, nothing joined to `other`
    /// or pending in either); false, and nothing appended, otherwise.
    mutating func appendWhole(rows: Range<Int>, of other: CellTable) -> Bool {
        let columnCount = columns.count
        guard columnCount > 0, other.columns == columns, other.inferTypes == inferTypes, rowStarts.isEmpty, other.rowStarts.isEmpty,
              other.tail.isEmpty, pendingCells == 0, other.pendingCells == 0, rows.lowerBound >= 0, rows.upperBound <= other.rowCount
        else { return false }
        joinTail()
        guard !rows.isEmpty else { return true }
        let (firstCell, endCell) = (rows.lowerBound * columnCount, rows.upperBound * columnCount)
        let start = firstCell == 0 ? 0 : other.ends[firstCell - 1]
        let offset = arena.count - start
        other.arena.withUnsafeBytes { bytes in
            let text = UnsafeRawBufferPointer(rebasing: bytes[start..<other.ends[endCell - 1]])
            if !text.isEmpty { arena.append(contentsOf: text) }
        }
        for cell in firstCell..<endCell { ends.append(other.ends[cell] + offset) }
        if other.hasKinds && !hasKinds { beginKinds(textCells: ends.count - (endCell - firstCell)) }
        if hasKinds {
            if other.hasKinds { kinds.append(contentsOf: other.kinds[firstCell..<endCell]) } else { kinds.append(contentsOf: repeatElement(.text, count: endCell - firstCell)) }
        }
        if measuresColumns {
            arena.withUnsafeBytes { bytes in
                for cell in firstCell..<endCell {
                    let cellStart = (cell == 0 ? 0 : other.ends[cell - 1]) + offset
                    measures[cell % columnCount].add(cellOf: other.hasKinds ? other.kinds[cell] : .text,
                                                     text: UnsafeRawBufferPointer(rebasing: bytes[cellStart..<other.ends[cell] + offset]), inferTypes: inferTypes)
                }
            }
        }
        for row in rows { if let order = other.fieldOrders[row] { fieldOrders[rowCount + row - rows.lowerBound] = order } }
        rowCount += rows.count
        return true
    }

    /// Measures the cell being added.
    @inline(__always)
    private mutating func measure(_ text: UnsafeRawBufferPointer, kind: CellKind, printableASCII: Bool) {
        guard measuresColumns, pendingCells < measures.count else { return }
        measures[pendingCells].add(cellOf: kind, text: text, inferTypes: inferTypes, printableASCII: printableASCII)
    }

    /// Ends the current row, padding it with `padding` cells up to the column count (a short CSV
    /// row with nulls, a JSON object without some keys with absent cells). False (and the row is
    /// dropped) when it had more cells than columns, which a cell table cannot hold.
    public mutating func endRow(padding: CellKind = .null, fieldOrder: [Int]? = nil) -> Bool {
        joinTail()
        guard pendingCells <= columns.count else {
            discardPendingRow()
            return false
        }
        if let fieldOrder, !fieldOrder.isStrictlyIncreasing { fieldOrders[rowCount] = fieldOrder }
        if !rowStarts.isEmpty { rowStarts.append(ends.count - pendingCells) }
        if padding == .absent {
            appendAbsentCells(columns.count - pendingCells)
        } else {
            while pendingCells < columns.count { appendCell(UnsafeRawBufferPointer(start: nil, count: 0), kind: padding) }
        }
        pendingCells = 0
        rowCount += 1
        return true
    }

    /// Drops the cells of the row being added (a scanner that found the row unfinished will hand it over again).
    public mutating func discardPendingRow() {
        joinTail()
        guard pendingCells > 0 else { return }
        ends.removeLast(pendingCells)
        if hasKinds { kinds.removeLast(pendingCells) }
        arena.removeLast(from: ends.last ?? 0)
        pendingCells = 0
    }

    /// Hands over every complete row as a table of its own, keeping the columns and the cells of
    /// a row still being added here (a streamed batch, without copying the rows).
    public mutating func takeCompletedRows() -> CellTable {
        joinTail()
        var rest = CellTable(columns: columns, inferTypes: inferTypes)
        rest.nestedDecoder = nestedDecoder
        rest.measuresColumns = measuresColumns
        let firstPending = ends.count - pendingCells
        arena.withUnsafeBytes { arena in
            for cell in firstPending..<ends.count {
                let start = cell == 0 ? 0 : ends[cell - 1]
                rest.appendCell(UnsafeRawBufferPointer(rebasing: arena[start..<ends[cell]]), kind: hasKinds ? kinds[cell] : .text)
            }
        }
        discardPendingRow()
        let completed = self
        self = rest
        return completed
    }

    /// The number of cells of the row being added.
    public var cellsInPendingRow: Int { pendingCells }

    /// The bytes of all the cells' text.
    public var textByteCount: Int { arena.count + tail.reduce(0) { $0 + $1.textByteCount } }

    /// The memory the table takes, about: its text, and a cell's end and kind (9 bytes) for every
    /// column of every row. What a memory budget counts a held table as.
    public var estimatedBytes: Int { Self.estimatedBytes(text: textByteCount, rows: rowCount, columns: columns.count) }

    /// What `estimatedBytes` counts for `rows` rows of `columns` cells holding `text` bytes.
    public static func estimatedBytes(text: Int, rows: Int, columns: Int) -> Int { text + rows * max(1, columns) * 9 }

    /// Appends the rows of `later` (a later part of a file); false, and nothing appended, unless
    /// both tables infer types alike and one's columns begin with the other's (a long row in
    /// either part adds columns the other lacks: its rows lack them too).
    public mutating func append(_ later: CellTable) -> Bool {
        joinTail()
        // A large part with the same columns and a cell per column joins as it is: no copy, and
        // never both parts' cells in memory twice.
        if later.rowCount >= Self.smallestTail, later.tail.isEmpty, later.columns == columns, later.inferTypes == inferTypes,
           rowStarts.isEmpty, later.rowStarts.isEmpty, pendingCells == 0, later.pendingCells == 0 {
            for column in measures.indices { measures[column].merge(later.measures[column]) }
            for (row, order) in later.fieldOrders { fieldOrders[rowCount + row] = order }
            rowCount += later.rowCount
            tail = [later]
            return true
        }
        return appendCopying(later)
    }

    /// Rows a part needs to join without a copy; a smaller one (a streamed batch) is copied in.
    private static let smallestTail = 65_536

    /// Copies the joined part in, so this table's own arrays hold every row again.
    @inline(__always)
    private mutating func joinTail() {
        if !tail.isEmpty { joinTailNow() }
    }

    private mutating func joinTailNow() {
        guard let later = tail.first else { return }
        tail = []
        rowCount -= later.rowCount
        for (row, _) in later.fieldOrders { fieldOrders[rowCount + row] = nil }
        _ = appendCopying(later)
    }

    /// `append`, copying `later`'s cells after this table's.
    private mutating func appendCopying(_ later: CellTable) -> Bool {
        var later = later
        later.joinTail()
        guard later.inferTypes == inferTypes, later.pendingCells == 0, pendingCells == 0,
              later.columns.starts(with: columns) || columns.starts(with: later.columns) else { return false }
        for name in later.columns.dropFirst(columns.count) { addColumn(name) }
        let cellOffset = ends.count
        if !rowStarts.isEmpty || !later.rowStarts.isEmpty || later.columns.count != columns.count {
            if rowStarts.isEmpty { rowStarts = (0..<rowCount).map { $0 * columns.count } }
            let laterStarts = later.rowStarts.isEmpty ? (0..<later.rowCount).map { $0 * later.columns.count } : later.rowStarts
            rowStarts.append(contentsOf: laterStarts.lazy.map { $0 + cellOffset })
        }
        let offset = arena.count
        if later.hasKinds || hasKinds {
            if !hasKinds { beginKinds(textCells: ends.count) }
            kinds.append(contentsOf: later.hasKinds ? later.kinds : [CellKind](repeating: .text, count: later.ends.count))
        }
        for column in later.measures.indices { measures[column].merge(later.measures[column]) }
        arena.append(contentsOf: later.arena)
        ends.append(contentsOf: later.ends, offset: offset)
        for (row, order) in later.fieldOrders { fieldOrders[rowCount + row] = order }
        rowCount += later.rowCount
        return true
    }

    // MARK: Reading

    /// The cells, read through pointers valid only inside `body` (a table is drawn row after row without copying).
    @inline(__always)
    public func withCells<Result>(_ body: (Cells) throws -> Result) rethrows -> Result {
        try withSegment { head in
            guard let later = tail.first else {
                return try body(Cells(head: head, tail: nil, split: rowCount, columnCount: columns.count,
                                      inferTypes: inferTypes, nestedDecoder: nestedDecoder))
            }
            return try later.withSegment { tail in
                try body(Cells(head: head, tail: tail, split: rowCount - later.rowCount, columnCount: columns.count,
                               inferTypes: inferTypes, nestedDecoder: nestedDecoder))
            }
        }
    }

    /// This table's own cells (not a joined part's), through pointers valid only inside `body`.
    @inline(__always)
    private func withSegment<Result>(_ body: (Segment) throws -> Result) rethrows -> Result {
        try arena.withUnsafeBytes { arena in
            try ends.withView { ends in
                try kinds.withUnsafeBufferPointer { kinds in
                    try rowStarts.withUnsafeBufferPointer { rowStarts in
                        try body(Segment(arena: arena, ends: ends, kinds: kinds, rowStarts: rowStarts))
                    }
                }
            }
        }
    }

    /// The cells of one part of a table, row after row.
    fileprivate struct Segment {
        let arena: UnsafeRawBufferPointer
        let ends: CellEnds.View
        let kinds: UnsafeBufferPointer<CellKind>
        let rowStarts: UnsafeBufferPointer<Int>

        /// Where cell `column` of `row` lies among the cells, or nil when the row lacks it.
        @inline(__always)
        func index(row: Int, column: Int, columnCount: Int) -> Int? {
            if rowStarts.isEmpty { return row * columnCount + column }
            let index = rowStarts[row] + column
            let rowEnd = row + 1 < rowStarts.count ? rowStarts[row + 1] : ends.count
            return index < rowEnd ? index : nil
        }

        @inline(__always)
        func cell(row: Int, column: Int, columnCount: Int) -> (kind: CellKind, text: UnsafeRawBufferPointer) {
            guard let index = index(row: row, column: column, columnCount: columnCount) else {
                return (.absent, UnsafeRawBufferPointer(start: nil, count: 0))
            }
            let start = index == 0 ? 0 : ends[index - 1]
            return (kinds.isEmpty ? .text : kinds[index], UnsafeRawBufferPointer(rebasing: arena[start..<ends[index]]))
        }

        /// Writes the line fields of cells `columns` of `row` to `fields`: where the first one starts
        /// is looked up once, and each one after starts where the one before it ends.
        @inline(__always)
        func lineFields(row: Int, columns: Range<Int>, columnCount: Int, into fields: UnsafeMutablePointer<LineField>) {
            let first: Int, held: Int
            if rowStarts.isEmpty {
                (first, held) = (row * columnCount + columns.lowerBound, columns.count)
            } else {
                first = rowStarts[row] + columns.lowerBound
                let rowEnd = row + 1 < rowStarts.count ? rowStarts[row + 1] : ends.count
                held = max(0, min(columns.count, rowEnd - first))
            }
            if held > 0 {
                var start = first == 0 ? 0 : ends[first - 1]
                let last = first + held - 1, group = first >> CellEnds.groupShift
                // The usual row, its ends in one group and its bytes in the arena (checked once):
                // each end read from its group's relative ends, each kind and text through pointers.
                if ends.wide.isEmpty, last >> CellEnds.groupShift == group, last < ends.relative.count,
                   let relative = ends.relative.baseAddress, let text = arena.baseAddress,
                   kinds.isEmpty || last < kinds.count, ends[last] <= arena.count, start <= ends[last] {
                    let groupStart = ends.groupStarts[group]
                    for offset in 0..<held {
                        let end = groupStart &+ Int(relative[first &+ offset])
                        fields[offset] = LineField(kind: kinds.isEmpty ? .text : kinds[first &+ offset],
                                                   text: UnsafeRawBufferPointer(start: text + start, count: end &- start))
                        start = end
                    }
                    for offset in held..<columns.count { fields[offset] = .none }
                    return
                }
                for offset in 0..<held {
                    let end = ends[first + offset]
                    fields[offset] = LineField(kind: kinds.isEmpty ? .text : kinds[first + offset],
                                               text: UnsafeRawBufferPointer(rebasing: arena[start..<end]))
                    start = end
                }
            }
            // The cells a short row lacks: absent.
            for offset in held..<columns.count { fields[offset] = .none }
        }

        /// A cell's kind alone, without looking up where its bytes lie.
        @inline(__always)
        func kind(row: Int, column: Int, columnCount: Int) -> CellKind {
            guard let index = index(row: row, column: column, columnCount: columnCount) else { return .absent }
            return kinds.isEmpty ? .text : kinds[index]
        }

        /// Sets bit `1 << kind` of `met[column]` for the kind of each cell in the segment's whole
        /// rows `rows`: one pass over the kinds, row after row. False, with nothing set, when a row
        /// may lack cells (a short CSV row), whose kinds are then told row by row.
        func noteKinds(rows: Range<Int>, columnCount: Int, into met: inout [UInt8]) -> Bool {
            guard rowStarts.isEmpty, columnCount > 0 else { return rowStarts.isEmpty }
            let rows = rows.clamped(to: 0..<ends.count / columnCount)
            guard !rows.isEmpty else { return true }
            // An empty buffer may still have an address: every cell is `.text` when there are no kinds.
            guard !kinds.isEmpty, let kinds = kinds.baseAddress else {
                for column in 0..<columnCount { met[column] |= CellKind.text.bit }
                return true
            }
            met.withUnsafeMutableBufferPointer { met in
                var cell = kinds + rows.lowerBound * columnCount
                for _ in rows {
                    for column in 0..<columnCount { met[column] |= cell[column].bit }
                    cell += columnCount
                }
            }
            return true
        }

        /// The bytes of all of `row`'s cells, which lie together, first to last.
        @inline(__always)
        func rowText(row: Int, columnCount: Int) -> UnsafeRawBufferPointer {
            let first = rowStarts.isEmpty ? row * columnCount : rowStarts[row]
            let end = rowStarts.isEmpty ? first + columnCount : row + 1 < rowStarts.count ? rowStarts[row + 1] : ends.count
            guard end > first else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            return UnsafeRawBufferPointer(rebasing: arena[(first == 0 ? 0 : ends[first - 1])..<ends[end - 1]])
        }

        /// Whether `row` here and `otherRow` of `other` hold the same cells: each of the same kind
        /// and bytes. False when either table's rows may lack cells (`rowStarts`): those are
        /// compared cell by cell.
        @inline(__always)
        func sameCells(row: Int, as otherRow: Int, of other: Segment, columnCount: Int) -> Bool {
            guard rowStarts.isEmpty, other.rowStarts.isEmpty, columnCount > 0 else { return false }
            let (first, otherFirst) = (row * columnCount, otherRow * columnCount)
            let start = first == 0 ? 0 : ends[first - 1]
            let otherStart = otherFirst == 0 ? 0 : other.ends[otherFirst - 1]
            let count = ends[first + columnCount - 1] - start
            // The row's bytes lie together: one comparison of them, then where each cell ends.
            guard count == other.ends[otherFirst + columnCount - 1] - otherStart else { return false }
            if count > 0 {
                guard let bytes = arena.baseAddress, let otherBytes = other.arena.baseAddress,
                      memcmp(bytes + start, otherBytes + otherStart, count) == 0 else { return false }
            }
            guard ends.sameLengths(of: first, start: start, count: columnCount - 1, as: other.ends, otherFirst, start: otherStart) else {
                return false
            }
            if kinds.isEmpty && other.kinds.isEmpty { return true }
            return (0..<columnCount).allSatisfy { column in
                (kinds.isEmpty ? .text : kinds[first + column]) == (other.kinds.isEmpty ? .text : other.kinds[otherFirst + column])
            }
        }

        /// Whether `row`'s cells are `line`'s fields split at `delimiter`, each `.text` of the same
        /// bytes: what a CSV reader would make of the line (which has no quote, no line break,
        /// no escape). False when the table's rows may lack cells.
        @inline(__always)
        func sameCells(row: Int, asLine line: UnsafeRawBufferPointer, delimiter: UInt8, columnCount: Int) -> Bool {
            guard rowStarts.isEmpty, holdsRow(row, columnCount: columnCount),
                  kinds.isEmpty || (0..<columnCount).allSatisfy({ kinds[row * columnCount + $0] == .text }) else { return false }
            let first = row * columnCount
            var start = first == 0 ? 0 : ends[first - 1]
            // The cells' bytes and a delimiter between each two: the line's length.
            guard line.count == ends[first + columnCount - 1] - start + columnCount - 1 else { return false }
            var at = 0
            for column in 0..<columnCount {
                let end = ends[first + column]
                let length = end - start
                guard ByteWord.same(UnsafeRawBufferPointer(rebasing: arena[start..<end]), UnsafeRawBufferPointer(rebasing: line[at..<(at + length)])) else {
                    return false
                }
                at += length
                if column < columnCount - 1 {
                    guard line[at] == delimiter else { return false }
                    at += 1
                }
                start = end
            }
            // A cell holding the delimiter would read as two fields: the line has a delimiter only between cells.
            return ByteBlock.count(of: delimiter, in: line) == columnCount - 1
        }

        /// Starts loading where the cell ends of `row` lie (a table with a cell per column).
        @inline(__always)
        func prefetchEnds(row: Int, columnCount: Int) {
            guard rowStarts.isEmpty, holdsRow(row, columnCount: columnCount) else { return }
            ends.prefetch(row * columnCount)
        }

        /// Starts loading the bytes of `row`'s cells, whose ends `prefetchEnds` loaded a while ago.
        @inline(__always)
        func prefetchText(row: Int, columnCount: Int) {
            guard rowStarts.isEmpty, columnCount > 0, holdsRow(row, columnCount: columnCount), let base = arena.baseAddress else { return }
            let first = row * columnCount
            let start = first == 0 ? 0 : ends[first - 1]
            let end = ends[first + columnCount - 1]
            // A row's first few cache lines; the processor's own prefetcher follows a longer row.
            var line = start
            while line < end && line < start + 256 {
                listview_prefetch(base + line)
                line += 64
            }
        }

        /// Whether the segment holds all of `row`'s cells: a multiplication, not a division, as
        /// the matcher of a keyed diff asks it of every row it looks up.
        @inline(__always)
        private func holdsRow(_ row: Int, columnCount: Int) -> Bool {
            guard columnCount > 0, row >= 0 else { return false }
            let (cells, overflow) = (row + 1).multipliedReportingOverflow(by: columnCount)
            return !overflow && cells <= ends.count
        }
    }

    /// A read-only view of a table's cells (see `withCells`).
    public struct Cells {
        fileprivate let head: Segment
        fileprivate let tail: Segment?
        /// The first row of `tail`.
        fileprivate let split: Int
        fileprivate let columnCount: Int
        public let inferTypes: Bool
        fileprivate let nestedDecoder: NestedValueDecoder?

        /// The value of a cell, as the record reader makes it; nil for an absent cell, and for a
        /// nested one when the table has no decoder.
        @inline(__always)
        public func value(row: Int, column: Int) -> Value? {
            let (kind, text) = cell(row: row, column: column)
            if kind == .nested { return nestedDecoder?(text) }
            return kind.value(of: text, inferTypes: inferTypes)
        }

        /// Calls `body` with each of `rows` in turn (its index among them, and the row), loading the cells of the rows a few places
        /// ahead meanwhile: rows in an order other than the table's (a sort) are drawn without
        /// waiting on memory for each one.
        @inline(__always)
        public func forEachRow<Rows: RandomAccessCollection>(_ rows: Rows, _ body: (Rows.Index, Int) throws -> Void) rethrows
        where Rows.Element == Int {
            let nearAhead = 8, farAhead = 16
            var index = rows.startIndex
            var near = rows.index(index, offsetBy: nearAhead, limitedBy: rows.endIndex) ?? rows.endIndex
            var far = rows.index(index, offsetBy: farAhead, limitedBy: rows.endIndex) ?? rows.endIndex
            while index != rows.endIndex {
                if far != rows.endIndex {
                    prefetchEnds(row: rows[far])
                    rows.formIndex(after: &far)
                }
                if near != rows.endIndex {
                    prefetchText(row: rows[near])
                    rows.formIndex(after: &near)
                }
                try body(index, rows[index])
                rows.formIndex(after: &index)
            }
        }

        /// Starts loading where `row`'s cells end (a row looked up out of order, a few rows ahead).
        @inline(__always)
        public func prefetchEnds(row: Int) {
            if row >= split, let tail { return tail.prefetchEnds(row: row - split, columnCount: columnCount) }
            head.prefetchEnds(row: row, columnCount: columnCount)
        }

        /// Starts loading `row`'s bytes, once `prefetchEnds` loaded where they lie.
        @inline(__always)
        public func prefetchText(row: Int) {
            if row >= split, let tail { return tail.prefetchText(row: row - split, columnCount: columnCount) }
            head.prefetchText(row: row, columnCount: columnCount)
        }

        /// Whether `row` here and `otherRow` of `other` hold the same cells, each of the same kind
        /// and bytes, in tables of as many columns; false when that cannot be told from the row's
        /// bytes at once (rows that may lack cells), though the cells may be the same.
        @inline(__always)
        public func sameCells(row: Int, as otherRow: Int, of other: Cells) -> Bool {
            guard columnCount == other.columnCount else { return false }
            let (mine, theirs) = (place(of: row), other.place(of: otherRow))
            return mine.segment.sameCells(row: mine.row, as: theirs.row, of: theirs.segment, columnCount: columnCount)
        }

        /// Whether `row`'s cells are `line`'s fields split at `delimiter`, each `.text` of the same
        /// bytes (`RowRecognizer`: a CSV line without quotes, line breaks or escapes).
        public func sameCells(row: Int, asLine line: UnsafeRawBufferPointer, delimiter: UInt8) -> Bool {
            guard columnCount > 0, row >= 0 else { return false }
            let place = place(of: row)
            return place.segment.sameCells(row: place.row, asLine: line, delimiter: delimiter, columnCount: columnCount)
        }

        /// The segment `row` lies in, and its row there.
        @inline(__always)
        fileprivate func place(of row: Int) -> (segment: Segment, row: Int) {
            if row >= split, let tail { return (tail, row - split) }
            return (head, row)
        }

        /// A cell's kind (`cell(row:column:)`'s, without its bytes).
        @inline(__always)
        public func kind(row: Int, column: Int) -> CellKind {
            if row >= split, let tail { return tail.kind(row: row - split, column: column, columnCount: columnCount) }
            return head.kind(row: row, column: column, columnCount: columnCount)
        }

        /// A cell's kind and bytes (empty for null and absent cells).
        @inline(__always)
        public func cell(row: Int, column: Int) -> (kind: CellKind, text: UnsafeRawBufferPointer) {
            if row >= split, let tail { return tail.cell(row: row - split, column: column, columnCount: columnCount) }
            return head.cell(row: row, column: column, columnCount: columnCount)
        }

        /// Writes the line fields of cells `columns` of `row`, one each (`LineField(kind:text:)`), to
        /// `fields`: a run of a row's columns, read in one pass over where its cells end.
        public func lineFields(row: Int, columns: Range<Int>, into fields: UnsafeMutablePointer<LineField>) {
            if row >= split, let tail { return tail.lineFields(row: row - split, columns: columns, columnCount: columnCount, into: fields) }
            head.lineFields(row: row, columns: columns, columnCount: columnCount, into: fields)
        }

        /// The kinds each column holds over `rows`: bit `CellKind.bit` of `result[column]` is set
        /// for each kind met there. Rows that follow one another (a block of a list in the table's
        /// order) are read as one stretch of kinds, others row by row. Nil when some row may lack
        /// cells (a short CSV row).
        @_specialize(exported: true, where Rows == ArraySlice<Int>)
        public func kindsMet<Rows: Collection>(rows: Rows) -> [UInt8]? where Rows.Element == Int {
            var met = [UInt8](repeating: 0, count: columnCount)
            guard head.rowStarts.isEmpty, tail?.rowStarts.isEmpty ?? true else { return nil }
            guard let first = rows.first else { return met }
            var next = first
            guard rows.allSatisfy({ row in defer { next += 1 }; return row == next }) else {
                for row in rows {
                    for column in 0..<columnCount { met[column] |= kind(row: row, column: column).bit }
                }
                return met
            }
            let run = first..<next
            _ = head.noteKinds(rows: run.clamped(to: 0..<split), columnCount: columnCount, into: &met)
            if let tail, run.upperBound > split {
                _ = tail.noteKinds(rows: max(run.lowerBound, split) - split..<run.upperBound - split, columnCount: columnCount, into: &met)
            }
            return met
        }

        /// Reads `column` down `rows`: calls `nested` with each row whose cell there is nested, in
        /// order, with its bytes, and returns whether some row holds another value there (a cell
        /// neither absent nor nested). One pass over the kinds, without a call per cell: most
        /// columns hold no nested cell.
        @_specialize(exported: true, where Rows == ArraySlice<Int>)
        public func forEachNestedCell<Rows: Collection>(in column: Int, rows: Rows, _ nested: (Int, UnsafeRawBufferPointer) -> Void) -> Bool
        where Rows.Element == Int {
            var holdsOthers = false
            for row in rows {
                let inTail = row >= split && tail != nil
                let kind = inTail ? tail.unsafelyUnwrapped.kind(row: row - split, column: column, columnCount: columnCount)
                    : head.kind(row: row, column: column, columnCount: columnCount)
                switch kind {
                case .absent: continue
                case .nested: nested(row, cell(row: row, column: column).text)
                default: holdsOthers = true
                }
            }
            return holdsOthers
        }

        /// The bytes of all of `row`'s cells run together, first to last (the spill format's text).
        @inline(__always)
        public func rowText(row: Int) -> UnsafeRawBufferPointer {
            if row >= split, let tail { return tail.rowText(row: row - split, columnCount: columnCount) }
            return head.rowText(row: row, columnCount: columnCount)
        }
    }

    /// `transform` of every row's cell in `column`: its kind and bytes.
    public func mapColumn<Result>(_ column: Int, _ transform: (CellKind, UnsafeRawBufferPointer) throws -> Result) rethrows -> [Result] {
        try withCells { cells in
            try (0..<rowCount).map { row in
                let (kind, text) = cells.cell(row: row, column: column)
                return try transform(kind, text)
            }
        }
    }
}

extension Array where Element == Int {
    /// True when every element is larger than the one before it.
    public var isStrictlyIncreasing: Bool {
        zip(self, dropFirst()).allSatisfy { $0 < $1 }
    }
}

/// Parses the compact JSON text of a nested cell back into its value (nil when it is not JSON).
public typealias NestedValueDecoder = @Sendable (UnsafeRawBufferPointer) -> Value?

/// What a `CellTable` cell stands for.
public enum CellKind: UInt8, Sendable {
    /// A CSV cell: a number when types are inferred and it reads as one, else a string.
    case text
    case string, number
    /// `true` or `false`, as its text.
    case bool
    /// A null (or a cell a short CSV row lacks, which the record reader pads with null).
    case null
    /// No value: a JSON object without that key.
    case absent
    /// An array or object, as its compact JSON text (`Value.compactJSON`).
    case nested


    /// This kind's bit in a set of kinds (`CellTable.Cells.kindsMet`).
    @inline(__always)
    public var bit: UInt8 { 1 << rawValue }

    /// Whether an empty cell of this kind is written `""` in CSV: every empty string is, so that a
    /// reader tells it from null (an empty field), but a CSV cell read with nothing between its
    /// delimiters (`.text`) is written as it was read, with nothing. The one rule of how an empty
    /// cell is written, for every CSV writer.
    @inline(__always)
    public var quotesWhenEmpty: Bool { self != .text }

    /// The value of a cell of this kind holding `text`, as the record reader makes it; nil for an
    /// absent cell, and for a nested one, which keeps its JSON text only.
    @inline(__always)
    public func value(of text: UnsafeRawBufferPointer, inferTypes: Bool) -> Value? {
        switch self {
        case .text: return CellTable.value(of: text, inferTypes: inferTypes)
        case .string: return .string(String(decoding: text, as: UTF8.self))
        case .number: return .number(String(decoding: text, as: UTF8.self))
        case .bool: return .bool(text.count == 4)
        case .null: return .null
        case .absent, .nested: return nil
        }
    }

    /// `value` seen as a cell, its kind and its bytes, passed to `body`: the one view that the
    /// value rules (comparing, filtering) read, whether they start from a table's cell or a value
    /// (a path into a nested value). A missing value is `.absent`, a container `.nested` with its
    /// compact JSON, as a table holds them.
    public static func withCell<Result>(of value: Value?, _ body: (CellKind, UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        let (kind, text): (CellKind, String)
        switch value {
        case nil: (kind, text) = (.absent, "")
        case .null: (kind, text) = (.null, "")
        case .bool(let flag): (kind, text) = (.bool, flag ? "true" : "false")
        case .number(let number): (kind, text) = (.number, number)
        case .string(let string): (kind, text) = (.string, string)
        case .array, .object: (kind, text) = (.nested, value?.compactJSON ?? "")
        }
        var owned = text
        return try owned.withUTF8 { try body(kind, UnsafeRawBufferPointer($0)) }
    }
}
