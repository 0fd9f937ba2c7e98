/// Work on parts `0..<count` done on both cores and handed on in order: the one scheme by which
/// listview splits work between its two threads while keeping a single pass's order (blocks of
/// output rows, parts of a file read as it streams or counted).
///
/// Either thread takes the next part not yet taken, at most `lead` parts ahead of the
/// part handed on next, so a thread that is slowed down (by a third thread, such as a
/// decompressing one) slows neither the other nor the order. This thread hands every
/// part on in turn: a part it did itself when it is the next one at once (`here`), the
/// others once done (`handOn`). When a hand-on says to stop (or throws), the parts after
/// it are never handed on; the second thread stops before starting another. The count
/// may be open (`Int.max`) when the parts end where a hand-on says so (the blocks of a
/// stream).
public enum OrderedWork {
    /// Parts taken and not yet handed on, at most this many.
    static let lead = 4

    /// Does parts `0..<count`: `here(part)` does the part to hand on next on this thread and hands
    /// it on; `elsewhere(part)` does a part on either thread (from two threads at once, for
    /// different parts, so it must only read shared state), and `handOn(part, result)` hands its
    /// result on here. A hand-on returns false to stop. Returns the parts handed on.
    @discardableResult
    public static func run<Part>(count: Int, here: (Int) throws -> Bool, elsewhere: @escaping @Sendable (Int) -> Part,
                                 handOn: (Int, Part) throws -> Bool) throws -> Int {
        guard count >= 2 else {
            for part in 0..<max(count, 0) where try !here(part) { return part + 1 }
            return max(count, 0)
        }
        let shared = SharedParts<Part>(count: count, work: elsewhere)
        defer { shared.finish() }
        // The first part is this thread's, while the second thread takes the next.
        guard try here(0) else { return 1 }
        shared.handedOn(1)
        var next = 1
        while next < count {
            let goOn: Bool
            switch shared.nextStep(handingOn: next) {
            case .handOn(let result):
                goOn = try handOn(next, result)
            case .doNext:
                goOn = try here(next)
            case .doAhead(let part):
                shared.keep(elsewhere(part), of: part)
                continue
            }
            next += 1
            guard goOn else { return next }
            shared.handedOn(next)
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

/// The parts of `OrderedWork.run` shared by its two threads: which are taken, which are done and
/// wait to be handed on, and the second thread that takes them too.
private final class SharedParts<Part>: Sendable {
    private struct State {
        /// Parts below this number are taken.
        var taken = 1
        /// Parts below this number are handed on.
        var handedOn = 0
        /// Results done and not yet handed on, by part.
        var done: [Int: Part] = [:]
        var stopped = false
    }

    /// What this thread does next.
    enum Step {
        /// Hand on the next part, done by either thread.
        case handOn(Part)
        /// Do the next part (nobody took it) and hand it on.
        case doNext
        /// Do a later part ahead while the next one is done on the second thread.
        case doAhead(Int)
    }

    private let count: Int
    private let state = Monitor(State())
    private let thread = BackgroundThread()

    /// Starts the second thread; part 0 is this thread's.
    init(count: Int, work: @escaping @Sendable (Int) -> Part) {
        self.count = count
        thread.start { [self] in
            while let part = take() {
                let result = work(part)
                state.withLock(wakes: true) { $0.done[part] = result }
            }
        }
    }

    /// True when a part can be taken: one is left, and the lead allows it.
    private func canTake(_ state: State) -> Bool {
        state.taken < count && state.taken < state.handedOn + OrderedWork.lead
    }

    /// The second thread's next part, waiting for room; nil once none is left or the work stopped.
    private func take() -> Int? {
        state.when({ $0.stopped || $0.taken >= self.count || self.canTake($0) }) { state -> Int? in
            guard !state.stopped, state.taken < count else { return nil }
            state.taken += 1
            return state.taken - 1
        }
    }

    /// This thread's next step while part `next` is the one to hand on, waiting until there is one.
    func nextStep(handingOn next: Int) -> Step {
        state.when({ $0.done[next] != nil || $0.taken == next || self.canTake($0) }) { state in
            if let result = state.done.removeValue(forKey: next) { return .handOn(result) }
            state.taken += 1
            return state.taken - 1 == next ? .doNext : .doAhead(state.taken - 1)
        }
    }

    /// Keeps the result of `part`, done ahead on this thread, until it is handed on.
    func keep(_ result: Part, of part: Int) {
        state.withLock { $0.done[part] = result }
    }

    /// Notes that the parts below `next` are handed on: room for more.
    func handedOn(_ next: Int) {
        state.withLock(wakes: true) { $0.handedOn = next }
    }

    /// Stops the second thread (every part is handed on, or the work stopped or failed) and waits for it.
    func finish() {
        state.withLock(wakes: true) { $0.stopped = true }
        thread.wait()
    }
}
