import Glibc

/// Work running on a thread of its own (the second core), joined with `wait()`.
///
/// When no thread can be started the work runs at once on the caller's thread,
/// so the result is the same, only not in parallel. `wait()` is called before
/// anything the work wrote is read: joining the thread orders its writes first.
public final class BackgroundThread: @unchecked Sendable {
    private var thread = pthread_t()
    private var running = false
    private var work: (() -> Void)?

    public init(_ work: @escaping () -> Void) {
        self.work = work
        let context = Unmanaged.passRetained(self).toOpaque()
        running = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let owner = Unmanaged<BackgroundThread>.fromOpaque(context).takeRetainedValue()
            owner.work?()
            owner.work = nil
            return nil
        }, context) == 0
        if !running {
            Unmanaged<BackgroundThread>.fromOpaque(context).release()
            work()
            self.work = nil
        }
    }

    /// Waits for the work to end; later calls return at once.
    public func wait() {
        guard running else { return }
        pthread_join(thread, nil)
        running = false
    }

    deinit {
        // The last reference may be dropped by the thread itself, which cannot join itself.
        if running && pthread_equal(thread, pthread_self()) != 0 {
            pthread_detach(thread)
        } else {
            wait()
        }
    }
}

/// A value worked out on a thread of its own (`BackgroundThread`), or the error that stopped it.
public final class BackgroundResult<Value>: @unchecked Sendable {
    /// The work's outcome, written by the thread before `wait()` returns.
    private var outcome: Result<Value, Error> = .failure(NotFinished())
    private var thread: BackgroundThread?

    private struct NotFinished: Error {}

    public init(_ work: @escaping () throws -> Value) {
        thread = BackgroundThread { [self] in outcome = Result { try work() } }
    }

    /// Waits for the work to end, and gives its value or throws its error.
    public func get() throws -> Value {
        thread?.wait()
        return try outcome.get()
    }
}
