import CPrefetch

/// Rows of a table found by the hash of their key in constant time: an open-addressing hash
/// table of row numbers (linear probing), four bytes a row plus eight for its hash.
///
/// The table keeps no keys: a caller finding a row compares its key with the key of each
/// row of the same hash (`isMatch`), so one index serves any key and any equality.
public struct RowIndex: Sendable {
    private var hashes: [UInt64]
    /// Each slot's row, or -1 for an empty slot.
    private var slotRows: [Int32]
    private let mask: Int

    /// An index with room for `capacity` rows (kept at most half full).
    public init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        hashes = Array(repeating: 0, count: size)
        slotRows = Array(repeating: -1, count: size)
        mask = size - 1
    }

    /// Adds `row` under `hash` unless a row of that hash passes `isDuplicate`; returns that row then.
    public mutating func insert(_ row: Int, hash: UInt64, isDuplicate: (Int) -> Bool) -> Int? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slotRows[slot] >= 0 {
            if hashes[slot] == hash, isDuplicate(Int(slotRows[slot])) { return Int(slotRows[slot]) }
            slot = (slot + 1) & mask
        }
        slotRows[slot] = Int32(truncatingIfNeeded: row)
        hashes[slot] = hash
        return nil
    }

    /// Starts loading the slot where rows of `hash` are looked for (a row a few places ahead).
    @inline(__always)
    public func prefetch(hash: UInt64) {
        let slot = Int(truncatingIfNeeded: hash) & mask
        hashes.withUnsafeBufferPointer { listview_prefetch($0.baseAddress.map { UnsafeRawPointer($0 + slot) }) }
        slotRows.withUnsafeBufferPointer { listview_prefetch($0.baseAddress.map { UnsafeRawPointer($0 + slot) }) }
    }

    /// The first row added under `hash` that passes `isMatch`, or nil.
    @inline(__always)
    public func first(hash: UInt64, where isMatch: (Int) -> Bool) -> Int? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slotRows[slot] >= 0 {
            if hashes[slot] == hash, isMatch(Int(slotRows[slot])) { return Int(slotRows[slot]) }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
