import Glibc
import ListviewBatches
import ListviewDataSource
import ListviewQuery
import ListviewValues




/// A buffered byte writer over a file descriptor (usually standard output).
///
/// Everything listview prints goes through one sink, in large writes rather than
/// one `print` per cell. Write failures become `ListviewError`s: a closed pipe is
/// `.outputClosed` (the caller ends quietly), anything else `.writeFailed`.
public final class OutputSink {
    public let fileDescriptor: Int32
    private var buffer: ByteOutput
    private let flushThreshold: Int
    /// Bytes handed to the kernel so far.
    public private(set) var bytesWritten = 0
    /// Write control characters escaped (`TerminalEscaping.appendEscaped`), line feeds and tabs
    /// apart: set for a machine style written to a terminal, which must not act on ESC, BEL,
    /// backspace or bidi overrides from the data. Human styles escape their cells themselves.
    public var escapesControls = false
    /// Called once, just before the first bytes go to the file descriptor (a loading indicator
    /// erases itself there).
    public var beforeFirstOutput: (() -> Void)?

    public init(fileDescriptor: Int32 = 1, flushThreshold: Int = 1 << 16) {
        self.fileDescriptor = fileDescriptor
        self.flushThreshold = flushThreshold
        // A memory sink's threshold is Int.max, and Int.max + 4096 overflows: reserve only for a real threshold.
        buffer = ByteOutput(capacity: flushThreshold < 1 << 24 ? flushThreshold + 4096 : 4096)
    }

    /// A sink that only collects bytes; `collected` returns them. For tests and for measuring.
    public static func memory() -> OutputSink {
        OutputSink(fileDescriptor: -1, flushThreshold: Int.max)
    }

    /// Hands over the bytes a memory sink collected, leaving it empty.
    public func takeCollected() -> [UInt8] {
        defer { buffer.removeAll() }
        guard escapesControls else { return buffer.bytes }
        var escaped = ByteOutput(capacity: buffer.count + 64)
        _ = buffer.withUnsafeBytes { TerminalEscaping.appendEscaped($0, to: &escaped, final: true) }
        return escaped.bytes
    }

    /// The bytes collected by a memory sink, as text.
    public var collected: String { buffer.string }

    public func write(_ text: String) throws {
        buffer.append(text)
        try flushIfFull()
    }

    public func write(byte: UInt8) throws {
        buffer.append(byte)
        try flushIfFull()
    }

    public func write(bytes: [UInt8]) throws {
        buffer.append(contentsOf: bytes)
        try flushIfFull()
    }

    /// Writes `block`, laid out elsewhere: one the size of the buffer or more goes to the kernel as
    /// it is, after what is buffered, instead of being copied in first.
    public func write(block: borrowing ByteOutput) throws {
        guard fileDescriptor >= 0, block.count >= flushThreshold, !escapesControls else {
            block.withUnsafeBytes { buffer.append(contentsOf: $0) }
            return try flushIfFull()
        }
        try flush()
        try block.withUnsafeBytes { try hand($0) }
    }

    /// Writes `text` and a newline.
    public func writeLine(_ text: String) throws {
        buffer.append(text)
        buffer.append(0x0A)
        try flushIfFull()
    }

    /// Writes each of `lines` and a newline after it.
    public func writeLines(_ lines: [String]) throws {
        for line in lines { try writeLine(line) }
    }

    /// Lets `body` append bytes to the buffer directly (a table row is laid out in place, not as a string first).
    public func appendBytes(_ body: (inout ByteOutput) -> Void) throws {
        body(&buffer)
        try flushIfFull()
    }

    private func flushIfFull() throws {
        if buffer.count >= flushThreshold { try flush() }
    }

    /// Throws `.outputClosed` when nobody will read the output any more (the reading end
    /// of a pipe is closed), so a long load can stop before it has written anything.
    public func checkReaderPresent() throws {
        guard fileDescriptor >= 0 else { return }
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
        if poll(&descriptor, 1, 0) == 1, descriptor.revents & Int16(POLLERR) != 0 {
            var status = stat()
            if fstat(fileDescriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFIFO { throw ListviewError.outputClosed }
        }
    }

    /// Hands every buffered byte to the kernel.
    public func flush() throws {
        guard fileDescriptor >= 0, !buffer.isEmpty else { return }
        guard escapesControls else {
            defer { buffer.removeAll() }
            return try buffer.withUnsafeBytes { try hand($0) }
        }
        var escaped = ByteOutput(capacity: buffer.count + 64)
        let held = buffer.withUnsafeBytes { TerminalEscaping.appendEscaped($0, to: &escaped, final: false) }
        let rest = buffer.withUnsafeBytes { Array($0.suffix(held)) }
        buffer.removeAll()
        buffer.append(contentsOf: rest)
        try escaped.withUnsafeBytes { try hand($0) }
    }

    /// Writes all of `bytes` to the file descriptor.
    private func hand(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress else { return }
        if let first = beforeFirstOutput {
            beforeFirstOutput = nil
            first()
        }
        var offset = 0
        while offset < bytes.count {
            let result = Glibc.write(fileDescriptor, base + offset, bytes.count - offset)
            if result < 0 {
                let failure = errno
                if failure == EINTR { continue }
                bytesWritten += offset
                if failure == EPIPE { throw ListviewError.outputClosed }
                throw ListviewError.writeFailed(reason: SystemError.message(for: failure))
            }
            offset += result
        }
        bytesWritten += offset
    }
}
