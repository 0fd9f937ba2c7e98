import Glibc
import ListviewBatches
import ListviewCompression
import ListviewValues

/// A file or standard input, read in large chunks, without a leading UTF-8 byte order mark.
///
/// Opening reports a missing, unreadable or directory path as
/// `ListviewError.cannotOpen` (status 66); a failing read is `.readFailed` (74),
/// and so is a regular file that ends before the size it had when opened (it
/// shrank while being read: what was read is not the whole file). Text that
/// starts with a UTF-16 or UTF-32 byte order mark is `.malformedInput` (65),
/// with a hint to convert it, rather than a parse error at its second byte.
public final class ByteInput {
    /// The name used in messages: the path, or `<stdin>`.
    public let name: String
    /// The path as given, or nil for standard input.
    public let path: String?
    private var fileDescriptor: Int32
    private var ownsDescriptor: Bool
    /// The compression the input was found in, read through its decompressing thread's pipe.
    public private(set) var compression: CompressedFormat?
    private var decompressing: DecompressingPipe?
    /// Bytes read from standard input to recognise a compression, handed out first.
    private var pendingPrefix: [UInt8] = []
    private var buffer: [UInt8]
    /// The bytes of `buffer` read but not yet handed out.
    private var unread = 0..<0
    private var started = false
    private var atEnd = false
    /// A regular file's size when opened; reading fewer bytes means it shrank.
    private var expectedSize: Int?
    /// The file offset of the next read (bytes read so far, from where reading started).
    private var bytesRead = 0
    /// Reads stop at this file offset, as if the input ended there, until it is cleared.
    public var stopOffset: Int?

    /// Opens `path`; `-` means standard input.
    public init(path: String, chunkSize: Int = 1 << 20) throws {
        if path == "-" {
            buffer = [UInt8](repeating: 0, count: chunkSize)
            self.name = "<stdin>"
            self.path = nil
            fileDescriptor = 0
            ownsDescriptor = false
            // Standard input cannot be peeked: its first bytes are read, then handed out first.
            let head = Self.readHead(of: 0)
            if try !decompressIfCompressed(head: head, prefix: head) { pendingPrefix = head }
            return
        }
        self.name = path
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ListviewError.cannotOpen(source: path, reason: SystemError.message(for: errno))
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw ListviewError.cannotOpen(source: path, reason: SystemError.message(for: EISDIR))
        }
        // A small regular file gets a buffer of its own size (one read, one page), not a whole chunk;
        // a file that grows meanwhile is still read to its end, in more reads.
        let isSmallFile = (status.st_mode & S_IFMT) == S_IFREG && Int(status.st_size) < chunkSize
        buffer = [UInt8](repeating: 0, count: isSmallFile ? min(chunkSize, max(Int(status.st_size) + 1, 4096)) : chunkSize)
        if (status.st_mode & S_IFMT) == S_IFREG { expectedSize = Int(status.st_size) }
        fileDescriptor = descriptor
        ownsDescriptor = true
        var head = [UInt8](repeating: 0, count: 4)
        let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 4, 0) }
        if count > 0 {
            if try decompressIfCompressed(head: Array(head.prefix(count)), prefix: []) {
                buffer = [UInt8](repeating: 0, count: chunkSize)
            }
        } else if (status.st_mode & S_IFMT) != S_IFREG {
            // A FIFO or device: pread cannot peek; its first bytes are read and handed out first.
            let head = Self.readHead(of: descriptor)
            if try !decompressIfCompressed(head: head, prefix: head) { pendingPrefix = head }
        }
    }

    /// Reads from then on through a decompressing thread when `head` (the first bytes) start a
    /// compressed stream; `prefix` are bytes already taken from the descriptor. False when not.
    private func decompressIfCompressed(head: [UInt8], prefix: [UInt8]) throws -> Bool {
        guard let format = CompressedFormat.detect(head) else { return false }
        let pipe: DecompressingPipe
        do {
            pipe = try DecompressingPipe(format: format, source: fileDescriptor, ownsSource: ownsDescriptor, prefix: prefix)
        } catch let error as DecompressionError {
            throw ListviewError.readFailed(source: name, reason: error.message)
        }
        (fileDescriptor, ownsDescriptor, expectedSize) = (pipe.readDescriptor, true, nil)
        (compression, decompressing) = (format, pipe)
        return true
    }

    /// Up to the first 4 bytes of `descriptor` (fewer at its end), read.
    private static func readHead(of descriptor: Int32) -> [UInt8] {
        var head: [UInt8] = []
        var byte = [UInt8](repeating: 0, count: 4)
        while head.count < 4 {
            let count = byte.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, 4 - head.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            head += byte.prefix(count)
        }
        return head
    }

    deinit {
        if ownsDescriptor { close(fileDescriptor) }
    }

    /// A regular file's size when it was opened; nil for pipes, terminals and devices.
    public var regularFileSize: Int? { expectedSize }

    /// The file offset reading has reached: bytes before it were handed out or are buffered.
    public var readPosition: Int { bytesRead }

    /// Starts reading a regular file at `offset` instead of its beginning (a byte order mark
    /// is then not looked for). Call before anything is read. `size` is the file's size when
    /// the reading of it began (a part of a file opened again): a file that is shorter now
    /// shrank while being read.
    public func startReading(at offset: Int, ofSize size: Int? = nil) throws {
        guard !started, expectedSize != nil else { throw ListviewError.readFailed(source: name, reason: "cannot seek") }
        if let size { expectedSize = size }
        started = true
        guard lseek(fileDescriptor, off_t(offset), SEEK_SET) == off_t(offset) else {
            throw ListviewError.readFailed(source: name, reason: SystemError.message(for: errno))
        }
        bytesRead = offset
    }

    /// Reads up to `count` bytes at file `offset` into `buffer` without moving the reading position.
    /// Returns the bytes read (0 at the end of the file).
    public func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = pread(fileDescriptor, buffer.baseAddress, buffer.count, off_t(offset))
            if count >= 0 { return count }
            if errno != EINTR { throw ListviewError.readFailed(source: name, reason: SystemError.message(for: errno)) }
        }
    }

    /// The first bytes of the input (up to one chunk), without consuming them; a UTF-8 byte order mark is dropped.
    public func peek() throws -> [UInt8] {
        try start()
        return Array(buffer[unread])
    }

    /// Calls `body` with the next bytes, at most `limit` of them; returns false at the end of the input.
    ///
    /// Reads from the file are a whole chunk; a reader that wants to stop early (a first page)
    /// takes them in smaller slices, so it turns no more of the input into records than it needs.
    public func withNextChunk(limit: Int = .max, _ body: (UnsafeRawBufferPointer) throws -> Void) throws -> Bool {
        try start()
        if unread.isEmpty {
            guard try readChunk() else { return false }
        }
        let slice = unread.lowerBound..<min(unread.upperBound, unread.lowerBound + max(limit, 1))
        unread = slice.upperBound..<unread.upperBound
        try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[slice])) }
        return true
    }

    /// Reads the first chunk: drops a UTF-8 byte order mark, refuses UTF-16 and UTF-32.
    private func start() throws {
        guard !started else { return }
        started = true
        guard try readChunk() else { return }
        let bytes = buffer[unread]
        if bytes.starts(with: Self.utf8ByteOrderMark) { unread = unread.lowerBound + Self.utf8ByteOrderMark.count..<unread.upperBound }
        if let encoding = Self.wideEncoding(startingWith: Array(buffer[unread].prefix(4))) {
            throw ListviewError.malformedInput(
                source: name, line: 1, column: 1,
                message: "the input is \(encoding) (byte order mark); listview reads UTF-8: convert it with iconv -f \(encoding) -t UTF-8")
        }
        if let foreign = ForeignFormat.detect(Array(buffer[unread].prefix(64))) {
            throw ListviewError.malformedInput(source: name, line: nil, column: nil, message: foreign.hint(for: name))
        }
    }

    /// The UTF-8 byte order mark, which readers skip at the start of their input.
    public static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The name of the UTF-16 or UTF-32 encoding whose byte order mark `bytes` start with.
    public static func wideEncoding(startingWith bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32LE" }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32BE" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
        return nil
    }

    /// Reads at least `size` bytes at a time from the next read on (a token longer than a chunk
    /// is then handed on in slices that grow, so a parser that re-reads what it holds does not
    /// read it over and over).
    public func growChunks(to size: Int) {
        guard size > buffer.count, unread.isEmpty else { return }
        buffer = [UInt8](repeating: 0, count: size)
    }

    /// Fills `buffer` with the next read; false at the end of the input.
    private func readChunk() throws -> Bool {
        guard !atEnd else { return false }
        if !pendingPrefix.isEmpty {
            var count = min(pendingPrefix.count, buffer.count)
            buffer.replaceSubrange(0..<count, with: pendingPrefix.prefix(count))
            pendingPrefix.removeFirst(count)
            // The bytes that follow, in the same chunk: a format's magic may be longer than the prefix.
            if pendingPrefix.isEmpty && count < buffer.count {
                let more = buffer.withUnsafeMutableBytes { raw in Glibc.read(fileDescriptor, raw.baseAddress.map { $0 + count }, raw.count - count) }
                if more > 0 { count += more }
                if more == 0 { atEnd = true }
            }
            bytesRead += count
            unread = 0..<count
            return true
        }
        let room = stopOffset.map { max(0, $0 - bytesRead) } ?? Int.max
        guard room > 0 else { return false }  // not the end: reading resumes when the stop is cleared
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                Glibc.read(fileDescriptor, raw.baseAddress, min(raw.count, room))
            }
            if count < 0 {
                if errno == EINTR { continue }
                let code = errno
                if code == EISDIR {
                    throw ListviewError.cannotOpen(source: name, reason: SystemError.message(for: code))
                }
                throw ListviewError.readFailed(source: name, reason: SystemError.message(for: code))
            }
            if count == 0 {
                atEnd = true
                // The end of a decompressed stream: whole, or broken at a compressed byte.
                if let failure = decompressing?.failure {
                    throw ListviewError.malformedInput(source: name, line: nil, column: nil, message: failure.message)
                }
                if let expectedSize, bytesRead < expectedSize {
                    throw ListviewError.readFailed(
                        source: name, reason: "the file shrank while being read (it ended after \(bytesRead) of \(expectedSize) bytes)")
                }
                return false
            }
            bytesRead += count
            unread = 0..<count
            return true
        }
    }
}
