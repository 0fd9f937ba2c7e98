import Glibc
import ListviewValues
import Synchronization

/// `--follow`: inputs read on as they grow, like `tail -f` and `less +F`, until stopped.
///
/// A `ByteInput` that follows (`ByteInput.follow(_:)`) does not end at the end of a regular
/// file: its reading thread waits here for the file to grow, looking every `interval`, and
/// reads the new bytes. Its reader therefore never meets an end in between, so it hands on
/// only complete records: a last line still being written waits for the rest of it. A pipe
/// (or FIFO) is waited on here too, with `poll`, so that the wait can be stopped; it still
/// ends when its writer closes it. A file that shrinks below what was read (truncated, or
/// rewritten in place) ends the reading with an error; the records read before stay. A
/// renamed file is followed as `tail -f` does: the open file, not the name.
///
/// Another thread `stop()`s the waiting: the wait then throws `Stopped`, which is no end of
/// the input (a record cut off is not read as one).
public final class Following: Sendable {
    /// Thrown by a read that waits, or would wait, for more once `stop()` was called.
    public struct Stopped: Error {}

    private struct State {
        var stopped = false
        var reachedEnd = false
    }

    private let state = Mutex(State())
    /// How long a wait lasts before it looks again: for a file to grow, for `stop()`.
    public let interval: Int32

    /// Follows with a look every `interval` milliseconds (a pipe's bytes wake the wait at once).
    public init(interval: Int32 = 100) {
        self.interval = max(1, interval)
    }

    /// Ends every wait, now and later, with `Stopped` (from any thread).
    public func stop() {
        state.withLock { $0.stopped = true }
    }

    public var isStopped: Bool { state.withLock { $0.stopped } }

    /// True once a reader has read all its input held and waited for more: what the input held
    /// when it was opened is read, and records from here on are new ones.
    public var hasReachedEnd: Bool { state.withLock { $0.reachedEnd } }

    private func waiting() throws {
        let stopped = state.withLock { state in
            state.reachedEnd = true
            return state.stopped
        }
        if stopped { throw Stopped() }
    }

    /// Waits until the regular file open as `descriptor` has bytes past the reading position.
    /// Throws `Stopped` once stopped, and a read error (naming `name`) when the file is shorter
    /// than the position.
    func waitForGrowth(of descriptor: Int32, name: String) throws {
        let position = Int(lseek(descriptor, 0, SEEK_CUR))
        while true {
            try waiting()
            var status = stat()
            guard fstat(descriptor, &status) == 0 else {
                throw ListviewError.readFailed(source: name, reason: SystemError.message(for: errno))
            }
            let size = Int(status.st_size)
            if size > position { return }
            if size < position {
                throw ListviewError.readFailed(
                    source: name,
                    reason: "it was cut to \(ByteCount.text(size)) while followed, from \(ByteCount.text(position)) read; following stopped")
            }
            _ = poll(nil, 0, interval)
        }
    }

    /// Waits until `descriptor` (a pipe, a FIFO, a terminal) has bytes to read, or its writer
    /// closed it (the read then finds its end). Throws `Stopped` once stopped.
    func waitUntilReadable(_ descriptor: Int32) throws {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        if isStopped { throw Stopped() }
        if poll(&entry, 1, 0) > 0 { return }
        while true {
            try waiting()
            entry.revents = 0
            let ready = poll(&entry, 1, interval)
            // An error other than a signal is the read's to report.
            if ready > 0 || ready < 0 && errno != EINTR { return }
        }
    }
}
