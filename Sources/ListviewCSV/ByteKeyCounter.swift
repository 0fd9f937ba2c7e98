import Glibc
import ListviewBatches
import ListviewInput
import ListviewValues

/// Counts occurrences of byte strings, keeping them in the order they were first seen:
/// a group-by count over raw bytes, with no `String` or `Value` per row.
///
/// Keys are copied once, when first seen, into one byte array; lookups hash
/// the bytes with a per-run seed into an open-addressing table.
public struct ByteKeyCounter {
    private struct Entry {
        var start: Int
        var length: Int
        var hash: Int
        var count: Int
    }

    private var keyBytes: [UInt8] = []
    private var entries: [Entry] = []
    /// Entry index + 1 per slot, 0 for an empty slot; the count of slots is a power of two.
    private var slots = [Int](repeating: 0, count: 64)

    public init() {}

    /// The number of distinct keys.
    public var distinctCount: Int { entries.count }

    /// Adds `count` occurrences of `key`.
    public mutating func add(_ key: UnsafeRawBufferPointer, count: Int = 1) {
        let hash = Self.hash(key)
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let occupant = slots[slot]
            if occupant == 0 { break }
            let entry = entries[occupant - 1]
            if entry.hash == hash && entry.length == key.count && storedKey(entry, equals: key) {
                entries[occupant - 1].count += count
                return
            }
            slot = (slot + 1) & mask
        }
        entries.append(Entry(start: keyBytes.count, length: key.count, hash: hash, count: count))
        keyBytes.append(contentsOf: key)
        slots[slot] = entries.count
        if entries.count * 2 > slots.count { grow() }
    }

    /// Adds every key of `other` with its count, after this counter's own keys.
    public mutating func add(_ other: ByteKeyCounter) {
        other.forEach { key, count in add(key, count: count) }
    }

    /// Calls `body` with each key and its count, in first-seen order.
    public func forEach(_ body: (UnsafeRawBufferPointer, Int) throws -> Void) rethrows {
        try keyBytes.withUnsafeBytes { stored in
            for entry in entries {
                try body(UnsafeRawBufferPointer(rebasing: stored[entry.start..<entry.start + entry.length]), entry.count)
            }
        }
    }

    /// A different seed in every run, so no input can be made to collide on purpose.
    private static let seed = UInt64.random(in: .min ... .max) | 1

    /// A hash of `key` eight bytes at a time (multiply, rotate, xor; then the murmur3 finaliser);
    /// much cheaper than `Hasher` for the short keys a column of groups holds.
    @inline(__always)
    static func hash(_ key: UnsafeRawBufferPointer) -> Int {
        var state = seed ^ (UInt64(key.count) &* 0x9E37_79B9_7F4A_7C15)
        var index = 0
        while index + 8 <= key.count {
            state = (state ^ key.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            state = (state << 29) | (state >> 35)
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < key.count {
            tail |= UInt64(key[index]) << shift
            shift += 8
            index += 1
        }
        state = (state ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        state ^= state >> 33
        state = state &* 0xFF51_AFD7_ED55_8CCD
        state ^= state >> 33
        return Int(truncatingIfNeeded: state)
    }

    private func storedKey(_ entry: Entry, equals key: UnsafeRawBufferPointer) -> Bool {
        keyBytes.withUnsafeBytes { stored in
            guard let storedBase = stored.baseAddress, let keyBase = key.baseAddress else { return key.isEmpty }
            return memcmp(storedBase + entry.start, keyBase, key.count) == 0
        }
    }

    private mutating func grow() {
        slots = [Int](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var slot = entry.hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = index + 1
        }
    }
}
