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
    /// The compression the input was found in, read in blocks its decompressing thread hands over.
    public private(set) var compression: CompressedFormat?
    /// The decompressed blocks read, for a compressed input.
    private var blocks: DecompressedBlocks?
    /// True for the input that started the decompressing thread: it stops the thread when it goes.
    private var ownsBlocks = false
    /// True when taking a block releases the ones before it: a reader that takes blocks in order
    /// from its start (not a part's reader, which leaves that to whoever hands the parts on).
    private var releasesBlocks = true
    /// The number of the next block to take.
    private var nextBlockNumber = 0
    /// The bytes of the current block after `unread`, held back by a stop.
    private var blockRest = 0..<0
    /// True once the last block was taken.
    private var tookLastBlock = false
    /// Reads gather at least this many bytes of blocks (`growChunks`).
    private var minimumChunk = 0
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
    /// `--follow`: the end of the input is waited past (`follow(_:)`).
    private var following: Following?
    /// True when following a regular file: its end is waited past until it grows.
    private var followsGrowth = false
    /// Reads stop at this file offset, as if the input ended there, until it is cleared. A part's
    /// reader of decompressed blocks whose stop is cleared reads on in order, and from then on
    /// releases the blocks it passes.
    public var stopOffset: Int? {
        didSet { if stopOffset == nil { releasesBlocks = true } }
    }

    /// Opens `path`; `-` means standard input.
    public init(path: String, chunkSize: Int = 1 << 20) throws {
        if path == "-" {
            buffer = Self.readBuffer(count: chunkSize)
            self.name = "<stdin>"
            self.path = nil
            fileDescriptor = 0
            ownsDescriptor = false
            // Standard input cannot be peeked: its first bytes are read, then handed out first.
            let head = Self.readHead(of: 0)
            if try !decompressIfCompressed(head: head, prefix: head, chunkSize: chunkSize) { pendingPrefix = head }
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
        buffer = Self.readBuffer(count: isSmallFile ? min(chunkSize, max(Int(status.st_size) + 1, 4096)) : chunkSize)
        if (status.st_mode & S_IFMT) == S_IFREG { expectedSize = Int(status.st_size) }
        fileDescriptor = descriptor
        ownsDescriptor = true
        var head = [UInt8](repeating: 0, count: 4)
        let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 4, 0) }
        if count > 0 {
            if try decompressIfCompressed(head: Array(head.prefix(count)), prefix: [], chunkSize: chunkSize) {
                buffer = []
            }
        } else if (status.st_mode & S_IFMT) != S_IFREG {
            // A FIFO or device: pread cannot peek; its first bytes are read and handed out first.
            let head = Self.readHead(of: descriptor)
            if try !decompressIfCompressed(head: head, prefix: head, chunkSize: chunkSize) { pendingPrefix = head }
        }
    }

    /// Reads from then on through a decompressing thread when `head` (the first bytes) start a
    /// compressed stream; `prefix` are bytes already taken from the descriptor. Its blocks are half
    /// a chunk. False when not compressed.
    private func decompressIfCompressed(head: [UInt8], prefix: [UInt8], chunkSize: Int) throws -> Bool {
        guard let format = CompressedFormat.detect(head) else { return false }
        do {
            blocks = try DecompressedBlocks(format: format, source: fileDescriptor, ownsSource: ownsDescriptor, prefix: prefix,
                                            blockSize: chunkSize / 2)
        } catch let error as DecompressionError {
            throw ListviewError.readFailed(source: name, reason: error.message)
        }
        // The thread reads the descriptor from now on, and closes it when it owns it.
        isFileOfCompressedData = expectedSize != nil
        (fileDescriptor, ownsDescriptor, expectedSize) = (-1, false, nil)
        (compression, ownsBlocks) = (format, true)
        return true
    }

    /// A reader of part of a decompressed input: its block `number`, stopping at its end until the
    /// stop is cleared (then it reads on through the blocks after it), and whether that block is
    /// the input's last. Nil when the input has no such block (it ended before) or is not a
    /// decompressed input.
    public func reader(ofBlock number: Int) -> (input: ByteInput, isLast: Bool)? {
        guard let blocks, let block = blocks.block(number) else { return nil }
        let part = ByteInput(name: name, path: path, blocks: blocks)
        part.started = true
        part.nextBlockNumber = number
        part.bytesRead = block.start
        part.stopOffset = block.end
        part.releasesBlocks = false
        return (part, block.isLast)
    }

    /// A reader of `blocks`, which another input decompresses.
    private init(name: String, path: String?, blocks: DecompressedBlocks) {
        self.name = name
        self.path = path
        self.blocks = blocks
        (fileDescriptor, ownsDescriptor, buffer) = (-1, false, [])
    }

    /// Where a decompressed input's current block ends: the number of the next block it would
    /// take, that block's offset, and whether the current block is the input's last. Nil for
    /// other inputs.
    public var blockBoundary: (nextBlock: Int, offset: Int, atLastBlock: Bool)? {
        guard blocks != nil else { return nil }
        return (nextBlockNumber, bytesRead + blockRest.count, tookLastBlock)
    }

    /// Stops a decompressed input's reading at the end of the block that holds the next byte to
    /// read; false, with no stop set, when that block is the last (or there is none).
    public func stopAtTheEndOfItsBlock() -> Bool {
        guard let blocks else { return false }
        if !blockRest.isEmpty {
            guard !tookLastBlock else { return false }
            stopOffset = bytesRead + blockRest.count
            return true
        }
        guard !tookLastBlock, let next = blocks.block(nextBlockNumber), !next.isLast else { return false }
        stopOffset = next.end
        return true
    }

    /// Forgets a decompressed input's blocks numbered below `number`: no reader asks for them
    /// again (the parts before it were handed on).
    public func releaseBlocks(below number: Int) {
        blocks?.release(below: number)
    }

    /// True when the input is a regular file, compressed or not: reading it never waits for a
    /// writer, though a compressed one has no size to seek in (`regularFileSize` is nil).
    public var isRegularFile: Bool { expectedSize != nil || isFileOfCompressedData }
    private var isFileOfCompressedData = false

    /// Reads on as the input grows (`--follow`): at the end of a regular file (standard input
    /// redirected from one too) the reading thread waits for more instead of ending; a pipe is
    /// waited on so that `following` can stop the wait, and ends when its writer closes it.
    /// A reader therefore meets no end in between and hands on only complete records. A
    /// compressed input is not followed: its decompressing thread reads it to its end.
    public func follow(_ following: Following) {
        guard blocks == nil else { return }
        var status = stat()
        followsGrowth = fstat(fileDescriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        self.following = following
        // A first look at a file that was empty then (a sniff) is no end now.
        if followsGrowth { atEnd = false }
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
        if ownsBlocks { blocks?.stop() }
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

    /// The first bytes of the input, without consuming them, read on until `isEnough` holds for
    /// them, the input ends, or `limit` bytes are held (a UTF-8 byte order mark is dropped), and
    /// whether the input ended. What a pipe's reads happened to deliver decides nothing: the bytes
    /// are read until they are enough. A decompressed input's first block is taken as it is (its
    /// size does not depend on timing).
    public func peek(until isEnough: (ArraySlice<UInt8>) -> Bool, limit: Int) throws -> (bytes: [UInt8], atEnd: Bool) {
        try start()
        while blocks == nil, stopOffset == nil, unread.count < limit, !isEnough(buffer[unread]) {
            guard try readMore() else { break }
        }
        return (Array(buffer[unread]), atEnd || (blocks != nil && tookLastBlock && blockRest.isEmpty))
    }

    /// Reads the next bytes of an input that is not decompressed after those `buffer` holds unread,
    /// growing `buffer` when they fill it; false at the end of the input.
    private func readMore() throws -> Bool {
        guard !atEnd else { return false }
        if unread.upperBound == buffer.count {
            if unread.lowerBound > 0 {
                buffer.replaceSubrange(0..<unread.count, with: buffer[unread])
                unread = 0..<unread.count
            } else {
                buffer.append(contentsOf: repeatElement(0, count: max(buffer.count, 4096)))
            }
        }
        // The first bytes of standard input or a pipe, read to recognise a compression, come first.
        if !pendingPrefix.isEmpty {
            let end = unread.upperBound, count = min(pendingPrefix.count, buffer.count - end)
            buffer.replaceSubrange(end..<end + count, with: pendingPrefix.prefix(count))
            pendingPrefix.removeFirst(count)
            bytesRead += count
            unread = unread.lowerBound..<end + count
            return true
        }
        while true {
            let end = unread.upperBound
            guard let count = try readOnce(into: end, count: buffer.count - end) else { continue }
            if count == 0 {
                try reachedEnd()
                return false
            }
            bytesRead += count
            unread = unread.lowerBound..<end + count
            return true
        }
    }

    /// One read(2) into `buffer` from `start`, at most `count` bytes: how many were read (0 at the
    /// end), or nil when a signal interrupted it (the caller tries again, after its own wait).
    private func readOnce(into start: Int, count: Int) throws -> Int? {
        let read = buffer.withUnsafeMutableBytes { raw in Glibc.read(fileDescriptor, raw.baseAddress.map { $0 + start }, count) }
        guard read < 0 else { return read }
        let code = errno
        if code == EINTR { return nil }
        if code == EISDIR { throw ListviewError.cannotOpen(source: name, reason: SystemError.message(for: code)) }
        throw ListviewError.readFailed(source: name, reason: SystemError.message(for: code))
    }

    /// Marks the end of the input: a regular file that ends before the size it had when opened
    /// shrank while being read, and what was read is not the whole file.
    private func reachedEnd() throws {
        atEnd = true
        if let expectedSize, bytesRead < expectedSize {
            throw ListviewError.readFailed(
                source: name, reason: "the file shrank while being read (it ended after \(bytesRead) of \(expectedSize) bytes)")
        }
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
        let slice = unread.lowerBound..<unread.lowerBound + min(unread.count, max(limit, 1))
        unread = slice.upperBound..<unread.upperBound
        try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[slice])) }
        return true
    }

    /// Reads the first chunk: drops a UTF-8 byte order mark, refuses UTF-16 and UTF-32.
    private func start() throws {
        guard !started else { return }
        started = true
        guard try readChunk() else { return }
        // The checks below look at the first bytes: a pipe's first read may hold fewer than decide
        // them. (A followed input is read as it grows, by `readChunk` alone.)
        while following == nil, blocks == nil, stopOffset == nil, !ForeignFormat.isDecided(buffer[unread]), try readMore() {}
        let bytes = buffer[unread]
        if bytes.starts(with: Self.utf8ByteOrderMark) { unread = unread.lowerBound + Self.utf8ByteOrderMark.count..<unread.upperBound }
        if let encoding = Self.wideEncoding(startingWith: Array(buffer[unread].prefix(4))) {
            throw ListviewError.malformedInput(
                source: name, line: 1, column: 1,
                message: "the input is \(encoding) (byte order mark); listview reads UTF-8: convert it with iconv -f \(encoding) -t UTF-8")
        }
        if let foreign = ForeignFormat.detect(Array(buffer[unread].prefix(ForeignFormat.headLength))) {
            throw ListviewError.malformedInput(source: name, line: nil, column: nil, message: foreign.hint(for: name))
        }
    }

    /// The buffer of a followed input at least: a CSV or JSON reader's slice.
    static let followedChunk = 1 << 16

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

    /// A buffer of `count` bytes for reads to fill, not zeroed first: only bytes a read wrote are
    /// to be looked at (here, `unread`). Each part of a file read on both cores opens an input with
    /// a chunk of its own, and zeroing them took 3% of a JSON count's instructions; a file is cut
    /// into parts by reading a block at each cut (`JSONCut`), whose zeroing took two thirds of that.
    public static func readBuffer(count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// Reads at least `size` bytes at a time from the next read on (a token longer than a chunk
    /// is then handed on in slices that grow, so a parser that re-reads what it holds does not
    /// read it over and over).
    public func growChunks(to size: Int) {
        minimumChunk = size
        guard blocks == nil, size > buffer.count, unread.isEmpty else { return }
        buffer = Self.readBuffer(count: size)
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
                if !followsGrowth { try following?.waitUntilReadable(fileDescriptor) }
                let more = buffer.withUnsafeMutableBytes { raw in Glibc.read(fileDescriptor, raw.baseAddress.map { $0 + count }, raw.count - count) }
                if more > 0 { count += more }
                if more == 0 && !followsGrowth { atEnd = true }
            }
            bytesRead += count
            unread = 0..<count
            return true
        }
        let room = stopOffset.map { max(0, $0 - bytesRead) } ?? Int.max
        guard room > 0 else { return false }  // not the end: reading resumes when the stop is cleared
        if blocks != nil { return try readBlock(room: room) }
        // A followed file read past its first bytes: a chunk takes what a moment adds, not a small file's page.
        if following != nil && buffer.count < Self.followedChunk { buffer = Self.readBuffer(count: Self.followedChunk) }
        while true {
            if let following, !followsGrowth { try following.waitUntilReadable(fileDescriptor) }
            guard let count = try readOnce(into: 0, count: min(buffer.count, room)) else { continue }
            if count == 0 {
                if let following, followsGrowth {
                    try following.waitForGrowth(of: fileDescriptor, name: name)
                    continue
                }
                try reachedEnd()
                return false
            }
            bytesRead += count
            unread = 0..<count
            return true
        }
    }

    /// Hands out the next bytes of the decompressed blocks, at most `room` of them: the rest of the
    /// current block, else the next block (with those after it, up to `minimumChunk`); false at
    /// the end of the stream, which throws when the stream was broken.
    private func readBlock(room: Int) throws -> Bool {
        guard let blocks else { return false }
        if blockRest.isEmpty {
            guard !tookLastBlock, var block = blocks.block(nextBlockNumber) else {
                atEnd = true
                // The end of a decompressed stream: whole, or broken at a compressed byte.
                if let failure = blocks.failure {
                    throw ListviewError.malformedInput(source: name, line: nil, column: nil, message: failure.message)
                }
                return false
            }
            nextBlockNumber += 1
            // A token longer than a block: the blocks after it join it, so it is parsed in one piece.
            var joined = block.bytes
            while joined.count < minimumChunk, !block.isLast, let following = blocks.block(nextBlockNumber) {
                joined += following.bytes
                block = following
                nextBlockNumber += 1
            }
            if releasesBlocks { blocks.release(below: nextBlockNumber) }
            (buffer, blockRest, tookLastBlock) = (joined, 0..<joined.count, block.isLast)
        }
        let count = min(blockRest.count, room)
        unread = blockRest.lowerBound..<blockRest.lowerBound + count
        blockRest = unread.upperBound..<blockRest.upperBound
        bytesRead += count
        if count == 0 { return try readBlock(room: room) }
        return true
    }
}
