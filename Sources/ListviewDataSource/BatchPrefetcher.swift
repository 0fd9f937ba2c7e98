import ListviewBatches
import ListviewInput
import Synchronization

/// Reads a source's next batches on a second thread while the current one is written: the
/// pattern's prefetch, for a streamed style over regular files (whose reads never wait on a
/// writer, so stopping early never waits long).
///
/// The source and the schema belong to the second thread from `init` to `finish()`. At most
/// `depth` batches wait to be taken; an error is handed over in its place among the batches,
/// so everything before it is written first, as a single thread would.
public final class BatchPrefetcher: @unchecked Sendable {
    private let depth: Int
    private let slots: UnsafeMutablePointer<Result<CellTable?, Error>>
    private let filled = CountingSemaphore()
    private let room: CountingSemaphore
    private let stopped = Atomic<Bool>(false)
    private var taken = 0
    /// True once the end of the input, or an error, was handed over: nothing more will come.
    private var ended = false
    private var thread: BackgroundThread?

    /// Starts reading `source`'s batches ahead.
    public init(_ source: any RecordSource, schema: RecordSchema, depth: Int = 4) {
        self.depth = max(1, depth)
        room = CountingSemaphore(UInt32(self.depth))
        slots = .allocate(capacity: self.depth)
        slots.initialize(repeating: .success(nil), count: self.depth)
        var source = source
        thread = BackgroundThread { [self] in
            var index = 0
            while true {
                room.wait()
                if stopped.load(ordering: .acquiring) { return }
                let batch = Result { try source.nextBatch(schema: schema) }
                slots[index % self.depth] = batch
                index += 1
                filled.signal()
                if case .success(nil) = batch { return }
                if case .failure = batch { return }
            }
        }
    }

    /// The next batch, waiting for it; nil at the end of the input (and after an error was thrown).
    public func next() throws -> CellTable? {
        guard !ended else { return nil }
        filled.wait()
        let batch = slots[taken % depth]
        slots[taken % depth] = .success(nil)
        taken += 1
        room.signal()
        if case .success(let table) = batch, table != nil { return table }
        ended = true
        return try batch.get()
    }

    /// Stops reading ahead and waits for the second thread.
    public func finish() {
        stopped.store(true, ordering: .releasing)
        room.signal()
        thread?.wait()
        thread = nil
    }

    deinit {
        finish()
        slots.deinitialize(count: depth)
        slots.deallocate()
    }
}
