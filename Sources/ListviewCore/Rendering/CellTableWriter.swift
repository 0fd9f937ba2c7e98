/// Draws a `CellTable` exactly as the table style draws the records it stands for, straight
/// from the cells' bytes: the fast way to show a whole plain CSV or TSV file.
///
/// The columns were measured as the table was built. A printable-ASCII cell that fits
/// its column is copied as it is; any other cell (non-ASCII, control characters, too
/// wide) goes the way of a record's cell.
public enum CellTableWriter {
    /// The table's columns measured over all its rows, as `TableLayout.measure` measures records.
    public static func layout(of table: CellTable, gap: Int = 2) -> TableLayout {
        TableLayout(table.columns.map { ColumnSpec($0) }, measures: table.measures, gap: gap)
    }

    /// Rows laid out per block; a table of fewer than two blocks is laid out on one thread.
    public static let blockSize = 8_192

    /// Writes the header line and then every row, in `order` (row numbers) or as stored, laid out by `layout`.
    ///
    /// A large table is laid out on both cores: the rows are cut into blocks, a second thread lays
    /// out every other block into a buffer of its own (at most a few blocks ahead), and this thread
    /// lays out the others straight into the sink and writes the second thread's blocks in turn.
    public static func write(_ table: CellTable, order: [Int]? = nil, layout: TableLayout, into sink: OutputSink) throws {
        try sink.writeLine(layout.headerLine)
        let rowCount = order?.count ?? table.rowCount
        try table.withCells { cells in
            func rows(of block: Int) -> Range<Int> { block * blockSize..<min(rowCount, (block + 1) * blockSize) }
            func row(_ index: Int) -> Int { order?[index] ?? index }
            let blocks = (rowCount + blockSize - 1) / blockSize
            let helper = blocks < 2 ? nil : AlternateBlocks(count: blocks) { block, bytes in
                for index in rows(of: block) { layout.appendLine(row: row(index), of: cells, to: &bytes) }
            }
            defer { helper?.finish() }
            for block in 0..<blocks {
                if block % 2 == 1, let helper {
                    try sink.write(bytes: helper.take(block))
                    continue
                }
                for index in rows(of: block) { try sink.appendBytes { layout.appendLine(row: row(index), of: cells, to: &$0) } }
            }
            try sink.flush()
        }
    }
}

/// Lays out the odd-numbered blocks of rows on a second thread, a few blocks ahead of the
/// thread that takes them in order.
private final class AlternateBlocks: @unchecked Sendable {
    /// Blocks laid out and not yet taken, at most this many.
    private static let lead: UInt32 = 2
    private let buffers: UnsafeMutablePointer<[UInt8]>
    private let count: Int
    private let laidOut = CountingSemaphore()
    private let room = CountingSemaphore(AlternateBlocks.lead)
    private var stopped = false  // written before `room.signal()`, read after `room.wait()`
    private var thread: BackgroundThread?

    init(count: Int, layOut: @escaping (Int, inout [UInt8]) -> Void) {
        self.count = count
        buffers = .allocate(capacity: count)
        buffers.initialize(repeating: [], count: count)
        thread = BackgroundThread { [self] in
            for block in stride(from: 1, to: count, by: 2) {
                room.wait()
                if stopped { return }
                layOut(block, &buffers[block])
                laidOut.signal()
            }
        }
    }

    /// The bytes of odd-numbered `block`, once laid out; blocks are taken in order.
    func take(_ block: Int) -> [UInt8] {
        laidOut.wait()
        let bytes = buffers[block]
        buffers[block] = []
        room.signal()
        return bytes
    }

    /// Stops the second thread (the rows are written, or writing failed) and waits for it.
    func finish() {
        stopped = true
        room.signal()
        thread?.wait()
    }

    deinit {
        buffers.deinitialize(count: count)
        buffers.deallocate()
    }
}

extension TableLayout {
    /// Appends the line of a cell table's row, and its newline, to `bytes`.
    @inline(__always)
    func appendLine(row: Int, of cells: CellTable.Cells, to bytes: inout [UInt8]) {
        var pendingSpaces = 0
        for index in columns.indices {
            let (kind, text) = cells.cell(row: row, column: index)
            if let shown = kind.shownText {
                appendCell(index, text: shown, dimmed: kind == .null, pendingSpaces: &pendingSpaces, to: &bytes)
            } else if text.count <= columns[index].width, CellText.isPrintableASCII(text) {
                appendFitted(index, text, width: text.count, pendingSpaces: &pendingSpaces, to: &bytes)
            } else {
                appendCell(index, text: String(decoding: text, as: UTF8.self), dimmed: false, pendingSpaces: &pendingSpaces, to: &bytes)
            }
        }
        bytes.append(0x0A)
    }
}
