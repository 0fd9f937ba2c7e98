import Glibc
import Synchronization

/// A compressed input decompressed on a thread of its own into a pipe, which the input's reader
/// then reads as it reads any pipe: the first rows come as soon as their block is
/// decompressed, memory stays flat, and nothing is written to disk.
///
/// The thread reads the compressed bytes (after `prefix`, bytes already read from the
/// source to recognise the format), decompresses them and writes the result into the
/// pipe; when the stream is broken it notes why (`failure`) before it closes the pipe,
/// so a reader that meets the pipe's end asks `failure` whether the input was whole.
/// A reader that stops early closes its end: the thread's next write fails and it ends.
public final class DecompressingPipe: @unchecked Sendable {
    /// The end the reader reads.
    public let readDescriptor: Int32
    private let writeDescriptor: Int32
    private let format: CompressedFormat
    private let source: Int32
    private let ownsSource: Bool
    private let prefix: [UInt8]
    private let failed = Mutex<DecompressionError?>(nil)

    /// Starts decompressing `source` (a file or standard input) in `format`.
    public init(format: CompressedFormat, source: Int32, ownsSource: Bool, prefix: [UInt8]) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            throw DecompressionError(problem: "no pipe for decompressing (\(String(cString: strerror(errno))))", offset: 0, advice: nil)
        }
        (readDescriptor, writeDescriptor) = (ends[0], ends[1])
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        self.format = format
        self.source = source
        self.ownsSource = ownsSource
        self.prefix = prefix
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<DecompressingPipe>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        if started == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<DecompressingPipe>.fromOpaque(context).release()
            close(writeDescriptor)
            throw DecompressionError(problem: "no thread for decompressing", offset: 0, advice: nil)
        }
    }

    /// Why the stream could not be read whole, once the pipe has ended; nil for a whole stream.
    public var failure: DecompressionError? {
        failed.withLock { $0 }
    }

    /// The thread's work: read, decompress, write, until the source ends or the reader leaves.
    private func run() {
        // A reader that left makes a write fail with EPIPE rather than end the process.
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        defer {
            close(writeDescriptor)
            if ownsSource { close(source) }
        }
        do {
            let decompressor = try format.makeDecompressor()
            try prefix.withUnsafeBytes { try decompressor.feed($0, emit: write) }
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw DecompressionError(problem: "reading failed (\(String(cString: strerror(errno))))", offset: 0, advice: nil)
                }
                if count == 0 { break }
                try chunk.withUnsafeBytes { try decompressor.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count]), emit: write) }
            }
            try decompressor.finish()
        } catch let error as DecompressionError {
            failed.withLock { $0 = error }
        } catch is ReaderLeft {
            return
        } catch {
            failed.withLock { $0 = DecompressionError(problem: "\(error)", offset: 0, advice: nil) }
        }
    }

    private struct ReaderLeft: Error {}

    /// Writes `bytes` whole into the pipe; throws `ReaderLeft` once the reader has closed it.
    private func write(_ bytes: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < bytes.count {
            let count = Glibc.write(writeDescriptor, bytes.baseAddress.map { $0 + done }, bytes.count - done)
            if count < 0 {
                if errno == EINTR { continue }
                throw ReaderLeft()
            }
            done += count
        }
    }
}
