import CPrefetch
import ListviewValues

/// Rows of a table found by the hash of their key in constant time: an open-addressing hash
/// table of row numbers (linear probing), eight bytes a slot: a row and 32 bits of its hash.
///
/// The table keeps no keys: a caller finding a row compares its key with the key of each
/// row whose hash bits are the same (`isMatch`), so one index serves any key and any equality.
/// A slot is found by the hash's low bits and holds its high ones (`tag`): a look-up loads
/// one word, and a row of another key is seldom compared.
public struct RowIndex: Sendable {
    /// Each slot's tag in the high half and its row plus one in the low half; 0 for an empty slot.
    private var slots: [UInt64]
    private let mask: Int

    /// An index with room for `capacity` rows (kept at most half full).
    public init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        // Advised to take huge pages before the slots are cleared: a look-up lands anywhere in them.
        slots = [UInt64](unsafeUninitializedCapacity: size) { slots, count in
            HugePages.advise(UnsafeMutableRawPointer(slots.baseAddress), count: size * MemoryLayout<UInt64>.stride)
            slots.initialize(repeating: 0)
            count = size
        }
        mask = size - 1
    }

    /// The hash bits a slot keeps: the high ones (the low ones place it).
    @inline(__always)
    private static func tag(_ hash: UInt64) -> UInt64 { hash >> 32 }

    /// Adds `row` under `hash` unless a row of that hash passes `isDuplicate`; returns that row then.
    public mutating func insert(_ row: Int, hash: UInt64, isDuplicate: (Int) -> Bool) -> Int? {
        let (earlier, slot) = probe(hash: hash, isMatch: isDuplicate)
        if let earlier { return earlier }
        slots[slot] = Self.entry(row, hash: hash)
        return nil
    }

    /// Adds each of `rows` under its hash in `hashes` (as many), in order, as `insert` adds one,
    /// each row's slot loaded a few rows ahead; stops at the first row for which a row already
    /// added passes `isDuplicate(earlier, row)`, and returns the two then.
    public mutating func insert(_ rows: some Collection<Int>, hashes: [UInt64], isDuplicate: (Int, Int) -> Bool) -> (earlier: Int, row: Int)? {
        let mask = mask
        return slots.withUnsafeMutableBufferPointer { slots in
            hashes.withUnsafeBufferPointer { hashes in
                for (place, row) in zip(hashes.indices, rows) {
                    if place + 16 < hashes.count { Self.prefetch(slots.baseAddress, mask: mask, hash: hashes[place + 16]) }
                    let (earlier, slot) = Self.probe(UnsafeBufferPointer(slots), mask: mask, hash: hashes[place]) { isDuplicate($0, row) }
                    if let earlier { return (earlier, row) }
                    slots[slot] = Self.entry(row, hash: hashes[place])
                }
                return nil
            }
        }
    }

    /// Starts loading the slot where rows of `hash` are looked for (a row a few places ahead).
    @inline(__always)
    public func prefetch(hash: UInt64) {
        slots.withUnsafeBufferPointer { Self.prefetch($0.baseAddress, mask: mask, hash: hash) }
    }

    @inline(__always)
    private static func prefetch(_ slots: UnsafePointer<UInt64>?, mask: Int, hash: UInt64) {
        listview_prefetch(slots.map { UnsafeRawPointer($0 + (Int(truncatingIfNeeded: hash) & mask)) })
    }

    /// The first row added under `hash` that passes `isMatch`, or nil.
    @inline(__always)
    public func first(hash: UInt64, where isMatch: (Int) -> Bool) -> Int? {
        probe(hash: hash, isMatch: isMatch).row
    }

    @inline(__always)
    private func probe(hash: UInt64, isMatch: (Int) -> Bool) -> (row: Int?, emptySlot: Int) {
        slots.withUnsafeBufferPointer { Self.probe($0, mask: mask, hash: hash, isMatch: isMatch) }
    }

    /// The first row of `hash`'s slots that passes `isMatch`, else the empty slot that ends them.
    @inline(__always)
    private static func probe(_ slots: UnsafeBufferPointer<UInt64>, mask: Int, hash: UInt64,
                              isMatch: (Int) -> Bool) -> (row: Int?, emptySlot: Int) {
        let tag = Self.tag(hash)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let entry = slots[slot]
            let row = Int(entry & 0xFFFF_FFFF) - 1
            if entry >> 32 == tag, isMatch(row) { return (row, slot) }
            slot = (slot + 1) & mask
        }
        return (nil, slot)
    }

    /// A slot holding `row` under `hash`: the tag above, the row plus one below.
    @inline(__always)
    private static func entry(_ row: Int, hash: UInt64) -> UInt64 {
        tag(hash) << 32 | UInt64(truncatingIfNeeded: row + 1) & 0xFFFF_FFFF
    }
}
