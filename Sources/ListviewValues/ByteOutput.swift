import Glibc

/// Bytes being written out: a growing buffer that every writer appends to (table lines, JSON,
/// CSV), then hands to the kernel or reads back.
///
/// It owns its memory and cannot be copied (`~Copyable`), so an append needs no
/// check that the storage is shared, as an array's does: a cell's few bytes cost
/// a copy and a comparison. Writers take it `inout`; a buffer laid out on one
/// thread and written on another travels in an `OutputBlock`.
public struct ByteOutput: ~Copyable {
    @usableFromInline var base: UnsafeMutableRawPointer
    @usableFromInline var written = 0
    @usableFromInline var capacity: Int

    // The memory is malloc's (16-byte aligned), so that growing it is `realloc`: a large buffer
    // (a table's cells, past the mmap threshold) is moved by remapping its pages, not copied
    // into fresh ones.
    public init(capacity: Int = 4_096) {
        self.capacity = Swift.max(capacity, 64)
        base = Self.allocate(self.capacity)
        HugePages.advise(base, count: self.capacity)
    }

    deinit { free(base) }

    /// `count` bytes from malloc. Where it has none, Swift's allocation (malloc underneath) stops
    /// the program, as every allocation here did before.
    private static func allocate(_ count: Int) -> UnsafeMutableRawPointer {
        malloc(count) ?? UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
    }

    /// The bytes written so far.
    public var count: Int { written }

    public var isEmpty: Bool { written == 0 }

    /// Makes room for at least `capacity` bytes in all.
    public mutating func reserveCapacity(_ capacity: Int) {
        if capacity > self.capacity { grow(to: capacity) }
    }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if written == capacity { grow(to: written + 1) }
        base.storeBytes(of: byte, toByteOffset: written, as: UInt8.self)
        written += 1
    }

    @inlinable @inline(__always)
    public mutating func append(contentsOf bytes: UnsafeRawBufferPointer) {
        guard bytes.baseAddress != nil else { return }
        if written + bytes.count > capacity { grow(to: written + bytes.count) }
        Self.copy(bytes, to: base + written)
        written += bytes.count
    }

    /// Appends `bytes` between `opening` and `closing` (a string's text between its quotes), after
    /// one check for room.
    @inlinable @inline(__always)
    public mutating func append(_ opening: UInt8, _ bytes: UnsafeRawBufferPointer, _ closing: UInt8) {
        let count = bytes.count
        if written + count + 2 > capacity { grow(to: written + count + 2) }
        base.storeBytes(of: opening, toByteOffset: written, as: UInt8.self)
        Self.copy(bytes, to: base + written + 1)
        base.storeBytes(of: closing, toByteOffset: written + count + 1, as: UInt8.self)
        written += count + 2
    }

    /// Makes room for `most` more bytes, lets `body` write up to that many after the last through
    /// a pointer, and keeps as many as it says it wrote: many pieces written with one check for
    /// room.
    @inlinable @inline(__always)
    public mutating func append(atMost most: Int, _ body: (UnsafeMutableRawPointer) -> Int) {
        if written + most > capacity { grow(to: written + most) }
        written += body(base + written)
    }

    /// Copies `bytes` to `destination`: up to sixteen bytes (a cell, a key, a word) as two
    /// overlapping loads and stores, without a call to `memcpy`; more through it.
    @inlinable @inline(__always)
    public static func copy(_ bytes: UnsafeRawBufferPointer, to destination: UnsafeMutableRawPointer) {
        guard let source = bytes.baseAddress else { return }
        let count = bytes.count
        if count > 16 {
            destination.copyMemory(from: source, byteCount: count)
        } else if count >= 8 {
            let first = source.loadUnaligned(as: UInt64.self), last = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            destination.storeBytes(of: first, as: UInt64.self)
            destination.storeBytes(of: last, toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            let first = source.loadUnaligned(as: UInt32.self), last = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            destination.storeBytes(of: first, as: UInt32.self)
            destination.storeBytes(of: last, toByteOffset: count - 4, as: UInt32.self)
        } else {
            for offset in 0..<count { destination.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self) }
        }
    }

    @inlinable
    public mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: UnsafeRawBufferPointer(bytes))
    }

    public mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBytes { append(contentsOf: $0) }
    }

    /// Appends `count` copies of `byte`.
    @inlinable
    public mutating func append(repeating byte: UInt8, count: Int) {
        guard count > 0 else { return }
        if written + count > capacity { grow(to: written + count) }
        (base + written).initializeMemory(as: UInt8.self, repeating: byte, count: count)
        written += count
    }

    /// Appends the UTF-8 of `text`.
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: UnsafeRawBufferPointer($0)) }
    }

    /// Drops the bytes from `offset` on (what was written since `count` was `offset`).
    public mutating func removeLast(from offset: Int) {
        written = Swift.min(Swift.max(offset, 0), written)
    }

    /// Drops the first `count` bytes, the rest moved to the start.
    public mutating func removeFirst(_ count: Int) {
        let dropped = Swift.min(Swift.max(count, 0), written)
        if dropped < written { base.copyMemory(from: base + dropped, byteCount: written - dropped) }
        written -= dropped
    }

    /// Drops every byte, keeping the memory for what comes next.
    public mutating func removeAll() {
        written = 0
    }

    /// Calls `body` with the bytes written so far.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: written))
    }

    /// The bytes written so far, as an array.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// The bytes written so far, as text.
    public var string: String { withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }

    @usableFromInline
    mutating func grow(to needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        if let moved = realloc(base, newCapacity) {
            base = moved
        } else {
            let newBase = Self.allocate(newCapacity)
            newBase.copyMemory(from: base, byteCount: written)
            free(base)
            base = newBase
        }
        capacity = newCapacity
        HugePages.advise(base, count: capacity)
    }
}

/// A `ByteOutput` laid out on one thread, to be written on another.
// Unchecked: one thread at a time owns a block: the one laying it out, then the writer it is handed to
// (through OrderedWork's lock, which orders the two).
public final class OutputBlock: @unchecked Sendable {
    public var output: ByteOutput

    public init(_ output: consuming ByteOutput) {
        self.output = output
    }
}
