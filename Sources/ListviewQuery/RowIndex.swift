import CPrefetch

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
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// The hash bits a slot keeps: the high ones (the low ones place it).
    @inline(__always)
    private static func tag(_ hash: UInt64) -> UInt64 { hash >> 32 }

    /// Adds `row` under `hash` unless a row of that hash passes `isDuplicate`; returns that row then.
    public mutating func insert(_ row: Int, hash: UInt64, isDuplicate: (Int) -> Bool) -> Int? {
        let (earlier, slot) = probe(hash: hash, isMatch: isDuplicate)
        if let earlier { return earlier }
        slots[slot] = Self.tag(hash) << 32 | UInt64(truncatingIfNeeded: row + 1) & 0xFFFF_FFFF
        return nil
    }

    /// Starts loading the slot where rows of `hash` are looked for (a row a few places ahead).
    @inline(__always)
    public func prefetch(hash: UInt64) {
        let slot = Int(truncatingIfNeeded: hash) & mask
        slots.withUnsafeBufferPointer { listview_prefetch($0.baseAddress.map { UnsafeRawPointer($0 + slot) }) }
    }

    /// The first row added under `hash` that passes `isMatch`, or nil.
    @inline(__always)
    public func first(hash: UInt64, where isMatch: (Int) -> Bool) -> Int? {
        probe(hash: hash, isMatch: isMatch).row
    }

    /// The first row of `hash`'s slots that passes `isMatch`, else the empty slot that ends them.
    @inline(__always)
    private func probe(hash: UInt64, isMatch: (Int) -> Bool) -> (row: Int?, emptySlot: Int) {
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
}
