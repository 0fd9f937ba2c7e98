import CPrefetch
import ListviewValues

/// Where each cell of a `CellTable` ends in its arena, in 4 bytes a cell instead of 8.
///
/// Cells are grouped 1,024 at a time; a group keeps the offset where its first cell
/// starts, and each cell its end relative to that (a `UInt32`). A table of a million
/// rows of eleven columns keeps 44 MB of ends instead of 88 MB, and a row read out of
/// order (a sorted table) touches one cache line of them instead of two. When a group's
/// cells span 4 GiB or more (cells of megabytes each), the ends are kept whole from then
/// on (`wide`): slower and larger, never wrong.
struct CellEnds {
    /// Cells per group: `1 << groupShift`.
    static let groupShift = 10
    /// Each cell's end, relative to the start of its group.
    private var relative: [UInt32] = []
    /// Where each group's first cell starts.
    private var groupStarts: [Int] = []
    /// `groupStarts.last` (0 when there is no group), kept beside the array: a cell's append reads
    /// it without going through the array's buffer.
    private var lastGroupStart = 0
    /// Every end as it is, once a group's span outgrew `spanLimit`; nil before.
    private var wide: [Int]?
    /// The largest span a group may have before the ends are kept whole (smaller in tests).
    private let spanLimit: Int

    init(spanLimit: Int = Int(UInt32.max)) {
        self.spanLimit = spanLimit
    }

    /// The number of cells.
    var count: Int { wide?.count ?? relative.count }

    /// True when every end is kept whole (for tests).
    var isWide: Bool { wide != nil }

    /// The end of cell `index`.
    @inline(__always)
    subscript(index: Int) -> Int {
        if let wide { return wide[index] }
        return groupStarts[index >> Self.groupShift] + Int(relative[index])
    }

    /// The end of the last cell, or nil when there is none.
    var last: Int? { count == 0 ? nil : self[count - 1] }

    /// The cells there is room for without growing.
    var capacity: Int { wide?.capacity ?? relative.capacity }

    mutating func reserveCapacity(_ cells: Int) {
        if wide != nil {
            wide?.reserveCapacity(cells)
        } else {
            if cells > relative.capacity { growRelative(to: cells) }
            groupStarts.reserveCapacity((cells >> Self.groupShift) + 1)
        }
    }

    /// Adds a cell that ends at `end` (at or after the end of the cell before it).
    @inline(__always)
    mutating func append(_ end: Int) {
        if wide != nil {
            wide?.append(end)
            return
        }
        let index = relative.count
        if index & ((1 << Self.groupShift) - 1) == 0 {
            lastGroupStart = index == 0 ? 0 : self[index - 1]
            groupStarts.append(lastGroupStart)
        }
        let span = end - lastGroupStart
        guard span < spanLimit else {
            widen()
            wide?.append(end)
            return
        }
        makeRoom(1)
        relative.append(UInt32(truncatingIfNeeded: span))
    }

    /// Adds cells of `lengths` bytes each, the first starting at `start` (where the cell before
    /// it ends): a group's run of relative ends at once, not a cell at a time.
    mutating func append(lengths: UnsafeBufferPointer<Int>, from start: Int) {
        let groupSize = 1 << Self.groupShift
        var end = start, next = 0
        while next < lengths.count, wide == nil {
            let index = relative.count
            if index & (groupSize - 1) == 0 {
                lastGroupStart = index == 0 ? 0 : self[index - 1]
                groupStarts.append(lastGroupStart)
            }
            // The cells up to the group's end whose spans fit, written in place.
            let run = Swift.min(groupSize - (index & (groupSize - 1)), lengths.count - next)
            makeRoom(run)
            relative.append(contentsOf: repeatElement(0, count: run))
            var filled = 0
            relative.withUnsafeMutableBufferPointer { relative in
                while filled < run {
                    let span = end + lengths[next + filled] - lastGroupStart
                    guard span < spanLimit else { break }
                    end += lengths[next + filled]
                    relative[index + filled] = UInt32(truncatingIfNeeded: span)
                    filled += 1
                }
            }
            next += filled
            // A span too long: the ends are kept whole from this cell on (`append` widens them;
            // the group starts are not read after).
            if filled < run {
                relative.removeLast(run - filled)
                break
            }
        }
        while next < lengths.count {
            end += lengths[next]
            append(end)
            next += 1
        }
    }

    /// Appends `end` `count` times (cells that add no bytes: a row's absent cells), a group's run at once.
    mutating func append(_ end: Int, count: Int) {
        let groupMask = (1 << Self.groupShift) - 1
        var left = count
        while left > 0 {
            let index = relative.count
            // The wide form, a group's first cell (which starts the group) and a span too long go one by one.
            guard wide == nil, index & groupMask != 0, end - lastGroupStart < spanLimit else {
                append(end)
                left -= 1
                continue
            }
            let run = min(left, groupMask + 1 - (index & groupMask))
            makeRoom(run)
            relative.append(contentsOf: repeatElement(UInt32(truncatingIfNeeded: end - lastGroupStart), count: run))
            left -= run
        }
    }

    /// Adds the cells of `other`, their ends moved by `offset`.
    mutating func append(contentsOf other: CellEnds, offset: Int) {
        // Room grows by doubling: a table joined from many batches must not copy its ends each time.
        let needed = count + other.count
        if needed > capacity { reserveCapacity(Swift.max(needed, capacity * 2)) }
        guard wide == nil, other.wide == nil else {
            for index in 0..<other.count { append(other[index] + offset) }
            return
        }
        // Each run of cells within one group here and one group there keeps the other's relative
        // ends moved by one amount: a run is copied at once, not cell by cell (a table joined
        // from a file's parts copies every part's ends this way).
        let groupSize = 1 << Self.groupShift, groupMask = groupSize - 1
        other.relative.withUnsafeBufferPointer { theirs in
            var next = 0
            while next < theirs.count {
                let index = relative.count
                // A group's first cell starts the group.
                guard index & groupMask != 0 else {
                    append(other[next] + offset)
                    next += 1
                    continue
                }
                let run = Swift.min(theirs.count - next, groupSize - (index & groupMask), groupSize - (next & groupMask))
                let shift = other.groupStarts[next >> Self.groupShift] + offset - lastGroupStart
                guard Int(theirs[next + run - 1]) + shift < spanLimit else {
                    for cell in next..<next + run { append(other[cell] + offset) }
                    next += run
                    continue
                }
                let moved = UInt32(truncatingIfNeeded: shift)
                relative.append(contentsOf: UnsafeBufferPointer(rebasing: theirs[next..<next + run]).lazy.map { $0 &+ moved })
                next += run
            }
        }
    }

    /// Makes room for `extra` more relative ends, the room doubled when it runs out.
    @inline(__always)
    private mutating func makeRoom(_ extra: Int) {
        if relative.count + extra > relative.capacity { growRelative(to: Swift.max(relative.count + extra, relative.capacity * 2)) }
    }

    /// Moves the relative ends to room for `cells`, advised to take huge pages before the ends
    /// move in (an array's own growth would write them first): a large table's ends are read
    /// at random.
    @inline(never)
    private mutating func growRelative(to cells: Int) {
        var grown: [UInt32] = []
        grown.reserveCapacity(cells)
        HugePages.advise(&grown)
        grown.append(contentsOf: relative)
        relative = grown
    }

    /// Drops the last `cells` cells.
    mutating func removeLast(_ cells: Int) {
        if wide != nil {
            wide?.removeLast(cells)
            return
        }
        relative.removeLast(cells)
        groupStarts.removeLast(groupStarts.count - ((relative.count + (1 << Self.groupShift) - 1) >> Self.groupShift))
        lastGroupStart = groupStarts.last ?? 0
    }

    /// Keeps every end whole from now on.
    private mutating func widen() {
        var ends: [Int] = []
        ends.reserveCapacity(relative.capacity)
        for index in relative.indices { ends.append(self[index]) }
        wide = ends
        relative = []
        groupStarts = []
        lastGroupStart = 0
    }

    /// The ends, read through pointers valid only inside `body`.
    @inline(__always)
    func withView<Result>(_ body: (View) throws -> Result) rethrows -> Result {
        try relative.withUnsafeBufferPointer { relative in
            try groupStarts.withUnsafeBufferPointer { groupStarts in
                try (wide ?? []).withUnsafeBufferPointer { wide in
                    try body(View(relative: relative, groupStarts: groupStarts, wide: wide))
                }
            }
        }
    }

    /// A read-only view of the ends (see `withView`).
    struct View {
        let relative: UnsafeBufferPointer<UInt32>
        let groupStarts: UnsafeBufferPointer<Int>
        let wide: UnsafeBufferPointer<Int>

        var count: Int { wide.isEmpty ? relative.count : wide.count }

        /// The end of cell `index`.
        @inline(__always)
        subscript(index: Int) -> Int {
            if !wide.isEmpty { return wide[index] }
            return groupStarts[index >> CellEnds.groupShift] + Int(relative[index])
        }

        /// Whether the `count` cells from `first` on, the first starting at `start`, have the
        /// lengths of those of `other` from `otherFirst` on, starting at `otherStart`: each ends
        /// as far from its first cell's start. Cells within one group each (the usual row) are
        /// compared straight from their relative ends.
        @inline(__always)
        func sameLengths(of first: Int, start: Int, count: Int, as other: View, _ otherFirst: Int, start otherStart: Int) -> Bool {
            guard count > 0 else { return true }
            let (last, otherLast) = (first + count - 1, otherFirst + count - 1)
            let group = first >> CellEnds.groupShift, otherGroup = otherFirst >> CellEnds.groupShift
            if wide.isEmpty, other.wide.isEmpty, last >> CellEnds.groupShift == group, otherLast >> CellEnds.groupShift == otherGroup,
               last < relative.count, otherLast < other.relative.count,
               let mine = relative.baseAddress, let theirs = other.relative.baseAddress {
                // ends[i] = groupStarts[group] + relative[i]: the same lengths when every relative
                // end differs from the other's by the same amount.
                let offset = (start &- groupStarts[group]) &- (otherStart &- other.groupStarts[otherGroup])
                var differences = 0
                for cell in 0..<count {
                    differences |= (Int(mine[first &+ cell]) &- Int(theirs[otherFirst &+ cell])) ^ offset
                }
                return differences == 0
            }
            return (0..<count).allSatisfy { self[first + $0] - start == other[otherFirst + $0] - otherStart }
        }

        /// Starts loading the end of cell `index` (and the ends after it on the same cache line).
        @inline(__always)
        func prefetch(_ index: Int) {
            guard index < count else { return }
            if wide.isEmpty {
                listview_prefetch(relative.baseAddress.map { UnsafeRawPointer($0 + index) })
            } else {
                listview_prefetch(wide.baseAddress.map { UnsafeRawPointer($0 + index) })
            }
        }
    }
}
