/// Work on parts `0..<count` done on both cores and handed on in order: the one scheme by which
/// listview splits work between its two threads while keeping a single pass's order (blocks of
/// output rows, parts of a file read as it streams or counted).
///
/// A second thread does every other part (the odd ones), at most a few parts ahead;
/// this thread does the even ones itself and hands every part on in turn. When a
/// hand-on says to stop (or throws), the parts after it are never handed on; the
/// second thread stops before starting another.
public enum OrderedWork {
    /// Parts done ahead on the second thread and not yet handed on, at most this many.
    static let lead: UInt32 = 2

    /// Does parts `0..<count`: `here(part)` does an even part on this thread and hands it on;
    /// `elsewhere(part)` does an odd part on the second thread (from two threads at once, for
    /// different parts, so both must only read shared state), and `handOn(part, result)` hands
    /// its result on here. A hand-on returns false to stop. Returns the parts handed on.
    @discardableResult
    public static func run<Part>(count: Int, here: (Int) throws -> Bool, elsewhere: @escaping @Sendable (Int) -> Part,
                                 handOn: (Int, Part) throws -> Bool) throws -> Int {
        let helper = count < 2 ? nil : AlternateParts(count: count, work: elsewhere)
        defer { helper?.finish() }
        for part in 0..<count {
            let goOn: Bool
            if part % 2 == 1, let helper {
                // Every odd part is done in order before it is taken: a missing one cannot happen.
                guard let result = helper.take(part) else { return part }
                goOn = try handOn(part, result)
            } else {
                goOn = try here(part)
            }
            guard goOn else { return part + 1 }
        }
        return count
    }
}

extension OrderedWork {
    /// `0..<count` cut into blocks of `size` rows, each block turned into a result by `work` on
    /// either core and handed to `take` in order on this thread; `take` returns false to stop.
    /// Fewer than two blocks' worth runs here, in one piece. The scheme of work over a table's
    /// rows (filtering them, measuring them).
    public static func blocks<Part>(of count: Int, size: Int, work: @escaping @Sendable (Range<Int>) -> Part, take: (Part) -> Bool) {
        guard count >= 2 * size else {
            _ = take(work(0..<max(0, count)))
            return
        }
        @Sendable func block(_ index: Int) -> Range<Int> { index * size..<min(count, (index + 1) * size) }
        // Nothing here throws: `work` and `take` cannot.
        _ = try? run(count: (count + size - 1) / size, here: { take(work(block($0))) }, elsewhere: { work(block($0)) },
                     handOn: { take($1) })
    }
}

/// Does the odd-numbered parts on a second thread, a few parts ahead of the thread that takes
/// them in order.
private final class AlternateParts<Part>: @unchecked Sendable {
    private let results: UnsafeMutablePointer<Part?>
    private let count: Int
    private let done = CountingSemaphore()
    private let room = CountingSemaphore(OrderedWork.lead)
    private var stopped = false  // written before `room.signal()`, read after `room.wait()`
    private var thread: BackgroundThread?

    init(count: Int, work: @escaping (Int) -> Part) {
        self.count = count
        results = .allocate(capacity: count)
        results.initialize(repeating: nil, count: count)
        thread = BackgroundThread { [self] in
            for part in stride(from: 1, to: count, by: 2) {
                room.wait()
                if stopped { return }
                results[part] = work(part)
                done.signal()
            }
        }
    }

    /// The result of odd-numbered `part`, once done; parts are taken in order.
    func take(_ part: Int) -> Part? {
        done.wait()
        defer {
            results[part] = nil
            room.signal()
        }
        return results[part]
    }

    /// Stops the second thread (every part is handed on, or the work stopped or failed) and waits for it.
    func finish() {
        stopped = true
        room.signal()
        thread?.wait()
    }

    deinit {
        results.deinitialize(count: count)
        results.deallocate()
    }
}
