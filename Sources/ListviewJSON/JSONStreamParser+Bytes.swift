extension JSONStreamParser {
    /// Bytes the parser keeps between calls or past a token: the token a chunk's end cut off
    /// (yajl's lexer buffer), or a string with its escapes undone (yajl's decode buffer).
    ///
    /// It owns its memory and cannot be copied, so a pointer into it stays valid until it is
    /// next written to: an event is handed the bytes before the parser reads on.
    struct Bytes: ~Copyable {
        private(set) var base: UnsafeMutablePointer<UInt8>
        private var capacity: Int
        /// The bytes kept, from `base`.
        private(set) var count = 0

        init(capacity: Int = 256) {
            self.capacity = max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        /// Makes room for `count` more bytes, so that `base + count` may be written that far.
        mutating func reserve(_ more: Int) {
            guard count + more > capacity else { return }
            let grown = max(count + more, capacity * 2)
            let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            moved.update(from: base, count: count)
            base.deallocate()
            base = moved
            capacity = grown
        }

        /// Appends `length` bytes from `bytes`.
        mutating func append(_ bytes: UnsafePointer<UInt8>, count length: Int) {
            guard length > 0 else { return }
            reserve(length)
            (base + count).update(from: bytes, count: length)
            count += length
        }

        /// Counts `length` bytes written past the end (after `reserve`) as kept.
        mutating func didWrite(_ length: Int) {
            count += length
        }

        /// Drops every byte, keeping the memory (the bytes stay readable until the next write).
        mutating func removeAll() {
            count = 0
        }
    }
}
