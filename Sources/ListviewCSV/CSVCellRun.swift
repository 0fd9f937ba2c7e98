import ListviewBatches
import ListviewValues

/// The cells of the rows a CSV parse read since they were last handed to the batch, and of the
/// row being read after them: their bytes run together, each cell's length and raw kind, in
/// memory kept from one run to the next. A cell is a copy, a store and a count (libcsv reuses
/// the memory of the field it hands over).
struct CSVCellRun: ~Copyable {
    private(set) var text = ByteOutput(capacity: 1 << 16)
    private var lengths: UnsafeMutablePointer<Int>
    private var kinds: UnsafeMutablePointer<UInt8>
    private var capacity = 4_096
    /// The cells in the run.
    private(set) var count = 0
    /// Whether some cell of the run is not `.text`.
    private(set) var hasKinds = false

    init() {
        lengths = .allocate(capacity: capacity)
        kinds = .allocate(capacity: capacity)
    }

    deinit {
        lengths.deallocate()
        kinds.deallocate()
    }

    /// Adds a cell.
    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer, kind: CellKind) {
        if count == capacity { grow() }
        if !bytes.isEmpty { text.append(contentsOf: bytes) }
        lengths[count] = bytes.count
        kinds[count] = kind.rawValue
        if kind != .text { hasKinds = true }
        count += 1
    }

    private mutating func grow() {
        let grown = 2 * capacity
        let (moreLengths, moreKinds) = (UnsafeMutablePointer<Int>.allocate(capacity: grown), UnsafeMutablePointer<UInt8>.allocate(capacity: grown))
        moreLengths.update(from: lengths, count: count)
        moreKinds.update(from: kinds, count: count)
        lengths.deallocate()
        kinds.deallocate()
        (lengths, kinds, capacity) = (moreLengths, moreKinds, grown)
    }

    /// Calls `body` with the first `cells` cells: their bytes (the first `bytes` of the text),
    /// lengths, and raw kinds (nil when all are `.text`).
    func withCells<Result>(_ cells: Int, bytes: Int,
                           _ body: (UnsafeRawBufferPointer, UnsafeBufferPointer<Int>, UnsafeRawBufferPointer?) -> Result) -> Result {
        text.withUnsafeBytes { text in
            body(UnsafeRawBufferPointer(rebasing: text[..<bytes]), UnsafeBufferPointer(start: lengths, count: cells),
                 hasKinds ? UnsafeRawBufferPointer(start: kinds, count: cells) : nil)
        }
    }

    /// Calls `body` with each cell in turn: its bytes and kind.
    func forEach(_ body: (UnsafeRawBufferPointer, CellKind) -> Void) {
        text.withUnsafeBytes { text in
            var start = 0
            for cell in 0..<count {
                body(UnsafeRawBufferPointer(rebasing: text[start..<start + lengths[cell]]), CellKind(rawValue: kinds[cell]) ?? .text)
                start += lengths[cell]
            }
        }
    }

    /// Drops the first `cells` cells, whose bytes are the first `bytes`; the rest move to the start.
    mutating func removeFirst(_ cells: Int, bytes: Int) {
        text.removeFirst(bytes)
        let rest = count - cells
        if rest > 0 {
            lengths.update(from: lengths + cells, count: rest)
            kinds.update(from: kinds + cells, count: rest)
        }
        count = rest
        hasKinds = (0..<rest).contains { kinds[$0] != CellKind.text.rawValue }
    }
}
