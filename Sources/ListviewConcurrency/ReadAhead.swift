import Synchronization

/// Produces the next elements on a second thread while the current one is used: the pattern's
/// prefetch (a stream's batches read ahead while this thread writes the one at hand).
///
/// `produce` runs on the second thread from `init` to `finish()`, so what it reads belongs to
/// that thread until then. At most `depth` elements wait to be taken; an error is handed over
/// in its place among the elements, so everything before it is used first, as a single thread
/// would. Production ends at the first nil or error.
public final class ReadAhead<Element>: Sendable {
    /// Where the taking thread is.
    private struct Taking {
        var taken = 0
        /// True once the end, or an error, was handed over: nothing more will come.
        var ended = false
    }

    private let depth: Int
    /// Element `index` in slot `index % depth`: written by the second thread before `filled` is
    /// signalled, read by the taker before `room` is.
    private let slots: PartSlots<Result<Element?, Error>>
    private let filled = CountingSemaphore()
    private let room: CountingSemaphore
    private let stopped = Mutex(false)
    private let taking = Mutex(Taking())
    private let thread = BackgroundThread()

    /// Starts producing elements ahead.
    public init(depth: Int = 4, _ produce: @escaping () throws -> Element?) {
        self.depth = max(1, depth)
        room = CountingSemaphore(UInt32(self.depth))
        slots = PartSlots(count: self.depth, initial: .success(nil))
        thread.start { [self] in
            var index = 0
            while true {
                room.wait()
                if stopped.withLock({ $0 }) { return }
                let element = Result { try produce() }
                slots[index] = element
                index += 1
                filled.signal()
                if case .success(nil) = element { return }
                if case .failure = element { return }
            }
        }
    }

    /// The next element, waiting for it; nil at the end (and after an error was thrown).
    public func next() throws -> Element? {
        guard !taking.withLock({ $0.ended }) else { return nil }
        filled.wait()
        let element = taking.withLock { taking -> Result<Element?, Error> in
            let element = slots[taking.taken]
            slots[taking.taken] = .success(nil)
            taking.taken += 1
            if case .success(let value) = element, value != nil {} else { taking.ended = true }
            return element
        }
        room.signal()
        return try element.get()
    }

    /// Stops producing and waits for the second thread; later calls return at once, and so does
    /// `next()`, with nil: nothing more will come.
    public func finish() {
        stopped.withLock { $0 = true }
        room.signal()
        thread.wait()
        taking.withLock { $0.ended = true }
    }

    deinit {
        finish()
    }
}
