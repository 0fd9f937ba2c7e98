/// Rows of text cells under one header, kept as bytes in one arena: what a plain CSV or TSV
/// table needs to be measured, sorted and drawn, without a `String`, `Value` or record per cell.
///
/// Every row has one cell per column. A cell is a run of UTF-8 bytes (quotes already
/// undone), or missing: the row was too short to have it, and it reads as null, as
/// the record reader pads such rows. A cell's value is what the record reader would
/// make of it (`mapColumn`); only the cells a run looks at become values. Each column is
/// measured for a table as its cells arrive, while they are in the cache (and, for a file
/// read in halves, on both threads).
public struct CellTable: Sendable {
    /// The column names, in order.
    public let columns: [String]
    /// Cells that read as numbers are numbers (`--no-infer` turns this off).
    public let inferTypes: Bool
    /// Every cell's bytes, one after another.
    private var arena: [UInt8] = []
    /// Where each cell's bytes end in `arena`, row after row; a cell starts where the one before it ends.
    private var ends: [Int] = []
    /// Which cells are missing; empty until a row is too short.
    private var missing: [Bool] = []
    /// The cells of the row being added.
    private var pendingCells = 0
    /// Each column's widest cell and whether its cells are numbers, over every cell added. A row
    /// discarded unfinished is measured too; it is only ever one handed over again.
    private(set) var measures: [TableLayout.ColumnMeasure]
    private static let nullWidth = CellText.shown(Value.null).width

    public init(columns: [String], inferTypes: Bool) {
        self.columns = columns
        self.inferTypes = inferTypes
        measures = columns.map { TableLayout.ColumnMeasure(title: $0) }
    }

    /// The number of complete rows.
    public var rowCount: Int { columns.isEmpty ? 0 : ends.count / columns.count }

    /// The value a cell's text stands for: a number when `inferTypes` and the text reads as one, else a string.
    @inline(__always)
    public static func value(of bytes: UnsafeRawBufferPointer, inferTypes: Bool) -> Value {
        let text = String(decoding: bytes, as: UTF8.self)
        return inferTypes && NumberText.isNumber(bytes) ? .number(text) : .string(text)
    }

    // MARK: Building

    /// Adds the next cell of the current row; `unquoting` undoes doubled quotes (`a""b` → `a"b`).
    public mutating func appendCell(_ bytes: UnsafeRawBufferPointer, unquoting: Bool) {
        let start = arena.count
        if unquoting {
            var index = 0
            while index < bytes.count {
                arena.append(bytes[index])
                index += bytes[index] == UInt8(ascii: "\"") ? 2 : 1
            }
            arena.withUnsafeBytes { measure(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        } else {
            arena.append(contentsOf: bytes)
            measure(bytes)
        }
        ends.append(arena.count)
        if !missing.isEmpty { missing.append(false) }
        pendingCells += 1
    }

    /// Measures the text of the cell being added.
    @inline(__always)
    private mutating func measure(_ text: UnsafeRawBufferPointer) {
        guard pendingCells < measures.count else { return }
        let kind: TableLayout.ColumnMeasure.Kind = inferTypes && NumberText.isNumber(text) ? .number : .other
        measures[pendingCells].add(kind, width: CellText.shownWidth(of: text))
    }

    /// Ends the current row, padding it with missing cells up to the column count. False (and
    /// the row is dropped) when it had more cells than columns, which a cell table cannot hold.
    public mutating func endRow() -> Bool {
        guard pendingCells <= columns.count else {
            discardPendingRow()
            return false
        }
        if pendingCells < columns.count {
            if missing.isEmpty { missing = [Bool](repeating: false, count: ends.count) }
            for column in pendingCells..<columns.count {
                ends.append(arena.count)
                missing.append(true)
                measures[column].add(.absent, width: Self.nullWidth)
            }
        }
        pendingCells = 0
        return true
    }

    /// Drops the cells of the row being added (a scanner that found the row unfinished will hand it over again).
    public mutating func discardPendingRow() {
        guard pendingCells > 0 else { return }
        ends.removeLast(pendingCells)
        if !missing.isEmpty { missing.removeLast(pendingCells) }
        arena.removeSubrange((ends.last ?? 0)...)
        pendingCells = 0
    }

    /// Appends the rows of `later`, which has the same columns.
    public mutating func append(_ later: CellTable) {
        let offset = arena.count
        if !later.missing.isEmpty || !missing.isEmpty {
            if missing.isEmpty { missing = [Bool](repeating: false, count: ends.count) }
            missing.append(contentsOf: later.missing.isEmpty ? [Bool](repeating: false, count: later.ends.count) : later.missing)
        }
        for column in measures.indices { measures[column].merge(later.measures[column]) }
        arena.append(contentsOf: later.arena)
        ends.reserveCapacity(ends.count + later.ends.count)
        for end in later.ends { ends.append(end + offset) }
    }

    // MARK: Reading

    /// The cells, read through pointers valid only inside `body` (a table is drawn row after row without copying).
    @inline(__always)
    public func withCells<Result>(_ body: (Cells) throws -> Result) rethrows -> Result {
        try arena.withUnsafeBytes { arena in
            try ends.withUnsafeBufferPointer { ends in
                try missing.withUnsafeBufferPointer { missing in
                    try body(Cells(arena: arena, ends: ends, missing: missing, columnCount: columns.count))
                }
            }
        }
    }

    /// A read-only view of a table's cells (see `withCells`).
    public struct Cells {
        fileprivate let arena: UnsafeRawBufferPointer
        fileprivate let ends: UnsafeBufferPointer<Int>
        fileprivate let missing: UnsafeBufferPointer<Bool>
        fileprivate let columnCount: Int

        /// The bytes of a cell (empty for a missing one).
        @inline(__always)
        public func bytes(row: Int, column: Int) -> UnsafeRawBufferPointer {
            let index = row * columnCount + column
            let start = index == 0 ? 0 : ends[index - 1]
            return UnsafeRawBufferPointer(rebasing: arena[start..<ends[index]])
        }

        /// True when the row was too short to have a cell in `column` (the cell reads as null).
        @inline(__always)
        public func isMissing(row: Int, column: Int) -> Bool {
            !missing.isEmpty && missing[row * columnCount + column]
        }
    }

    /// `transform` of every row's value in `column`, the value being what the record reader makes
    /// of the cell: null when missing, else a number or a string.
    public func mapColumn<Result>(_ column: Int, _ transform: (Value) throws -> Result) rethrows -> [Result] {
        try withCells { cells in
            try (0..<rowCount).map { row in
                let value = cells.isMissing(row: row, column: column)
                    ? Value.null : Self.value(of: cells.bytes(row: row, column: column), inferTypes: inferTypes)
                return try transform(value)
            }
        }
    }
}
