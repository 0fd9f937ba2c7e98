import Glibc
import Synchronization

/// Work running on a thread of its own (the second core), joined with `wait()`: the one place
/// listview starts a thread.
///
/// When no thread can be started the work runs at once on the caller's thread,
/// so the result is the same, only not in parallel. `wait()` is called before
/// anything the work wrote is read: joining the thread orders its writes first.
/// An owner whose work uses the owner itself keeps a `BackgroundThread()` and
/// `start`s it once the owner is whole.
public final class BackgroundThread: Sendable {
    /// The thread while it may run and is not joined yet.
    private let running = Mutex<pthread_t?>(nil)

    /// A thread not started yet: `start(_:)` starts it.
    public init() {}

    /// Starts `work` at once.
    public convenience init(_ work: @escaping () -> Void) {
        self.init()
        start(work)
    }

    /// Starts `work` on a thread of its own (after the work started before ends), or runs it
    /// here when no thread can be started.
    public func start(_ work: @escaping () -> Void) {
        wait()
        guard let thread = Self.spawn(work) else {
            work()
            return
        }
        running.withLock { $0 = thread }
    }

    /// Starts `work` on a thread of its own that nobody joins (it ends with the work, or with the
    /// process); false, and the work not run, when no thread can be started.
    public static func detached(_ work: @escaping () -> Void) -> Bool {
        guard let thread = spawn(work) else { return false }
        pthread_detach(thread)
        return true
    }

    /// Waits for the work to end; later calls return at once.
    public func wait() {
        running.withLock { running in
            guard let thread = running else { return }
            pthread_join(thread, nil)
            running = nil
        }
    }

    deinit {
        running.withLock { running in
            guard let thread = running else { return }
            // The last reference may be dropped by the thread itself, which cannot join itself.
            if pthread_equal(thread, pthread_self()) != 0 {
                pthread_detach(thread)
            } else {
                pthread_join(thread, nil)
            }
            running = nil
        }
    }

    /// The work handed to the new thread, which takes it (and lets it go when it ends).
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// A new thread running `work`; nil, and the work not run, when none can be started.
    private static func spawn(_ work: @escaping () -> Void) -> pthread_t? {
        let context = Unmanaged.passRetained(Work(work)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}

/// A value worked out on a thread of its own (`BackgroundThread`), or the error that stopped it.
public final class BackgroundResult<Value>: Sendable {
    /// The work's outcome, written by the thread before `wait()` returns.
    private let outcome = Mutex<Result<Value, Error>>(.failure(NotFinished()))
    private let thread = BackgroundThread()

    private struct NotFinished: Error {}

    public init(_ work: @escaping () throws -> Value) {
        thread.start { [self] in
            let result = Result { try work() }
            outcome.withLock { $0 = result }
        }
    }

    /// Waits for the work to end, and gives its value or throws its error.
    public func get() throws -> Value {
        thread.wait()
        return try outcome.withLock { $0 }.get()
    }
}
