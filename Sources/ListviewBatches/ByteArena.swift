import ListviewValues

/// The bytes of a cell table's cells, one after another: a `ByteOutput` with value semantics
/// (copied on write, as an array is) whose append is a uniqueness check, a capacity check and a
/// copy. The buffer and its growth are `ByteOutput`'s; this adds only the sharing.
///
/// `[UInt8].append(contentsOf:)` goes through the generic sequence append, about
/// twice the cost of this for a cell's few bytes, and a table appends every cell.
// Unchecked: `Storage` is only written when uniquely referenced (copy on write), so a shared arena is only read.
struct ByteArena: @unchecked Sendable {
    /// The memory; shared by copies of the arena until one of them writes.
    private final class Storage {
        var bytes: ByteOutput

        init(capacity: Int) {
            bytes = ByteOutput(capacity: capacity)
        }
    }

    private var storage = Storage(capacity: 0)

    /// The bytes in use.
    var count: Int { storage.bytes.count }

    /// Makes room for at least `capacity` bytes in all.
    mutating func reserveCapacity(_ capacity: Int) {
        makeUnique(capacity: capacity)
        storage.bytes.reserveCapacity(capacity)
    }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeRawBufferPointer) {
        if !isKnownUniquelyReferenced(&storage) { copyStorage(capacity: count + bytes.count) }
        storage.bytes.append(contentsOf: bytes)
    }

    /// Appends each of `texts` in turn, writing each one's length to `lengths`, with one
    /// uniqueness and room check for all of them.
    @inline(__always)
    mutating func append(each texts: UnsafeBufferPointer<UnsafeRawBufferPointer>, lengths: UnsafeMutablePointer<Int>) {
        var total = 0
        for (index, text) in texts.enumerated() {
            lengths[index] = text.count
            total += text.count
        }
        makeUnique(capacity: count + total)
        storage.bytes.append(atMost: total) { out in
            var written = 0
            for text in texts {
                ByteOutput.copy(text, to: out + written)
                written += text.count
            }
            return written
        }
    }

    mutating func append(contentsOf other: ByteArena) {
        other.withUnsafeBytes { append(contentsOf: $0) }
    }

    /// Drops the bytes from `offset` on.
    mutating func removeLast(from offset: Int) {
        makeUnique(capacity: count)
        storage.bytes.removeLast(from: Swift.min(Swift.max(offset, 0), count))
    }

    /// The bytes in use, through a pointer valid only inside `body`.
    @inline(__always)
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try storage.bytes.withUnsafeBytes(body)
    }

    private mutating func makeUnique(capacity: Int) {
        if !isKnownUniquelyReferenced(&storage) { copyStorage(capacity: capacity) }
    }

    /// This arena's bytes in storage of its own, with room for `capacity` bytes in all.
    private mutating func copyStorage(capacity: Int) {
        let copy = Storage(capacity: Swift.max(capacity, count, 2 * count))
        storage.bytes.withUnsafeBytes { copy.bytes.append(contentsOf: $0) }
        storage = copy
    }
}
