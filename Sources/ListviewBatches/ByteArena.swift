/// The bytes of a cell table's cells, one after another: a growing buffer with value semantics
/// (copied on write, as an array is) whose append is a capacity check and a copy.
///
/// `[UInt8].append(contentsOf:)` goes through the generic sequence append, about
/// twice the cost of this for a cell's few bytes, and a table appends every cell.
struct ByteArena: @unchecked Sendable {
    /// The memory; shared by copies of the arena until one of them writes.
    private final class Storage {
        let base: UnsafeMutableRawPointer
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(byteCount: Swift.max(capacity, 1), alignment: 16)
        }

        deinit { base.deallocate() }
    }

    private var storage = Storage(capacity: 0)
    /// The bytes in use.
    private(set) var count = 0

    /// Makes room for at least `capacity` bytes in all.
    mutating func reserveCapacity(_ capacity: Int) {
        if capacity > storage.capacity || !isKnownUniquelyReferenced(&storage) { reallocate(Swift.max(capacity, count)) }
    }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > storage.capacity || !isKnownUniquelyReferenced(&storage) {
            reallocate(Swift.max(count + bytes.count, storage.capacity * 2))
        }
        (storage.base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    mutating func append(contentsOf other: ByteArena) {
        other.withUnsafeBytes { append(contentsOf: $0) }
    }

    /// Drops the bytes from `offset` on.
    mutating func removeLast(from offset: Int) {
        count = Swift.min(Swift.max(offset, 0), count)
    }

    /// The bytes in use, through a pointer valid only inside `body`.
    @inline(__always)
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: storage.base, count: count))
    }

    private mutating func reallocate(_ capacity: Int) {
        let grown = Storage(capacity: capacity)
        grown.base.copyMemory(from: storage.base, byteCount: count)
        storage = grown
    }
}
