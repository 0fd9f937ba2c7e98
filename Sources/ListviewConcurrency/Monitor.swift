import Glibc

/// State shared between threads, guarded by a lock, with waiting until it satisfies a condition:
/// a POSIX mutex and condition variable. For waits that a semaphore cannot express, such as
/// several readers each waiting for a different block of one producer.
// Unchecked: `state` is read and written only between pthread_mutex_lock and unlock of `mutex`.
public final class Monitor<State>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var state: State

    public init(_ state: State) {
        self.state = state
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    /// Runs `body` on the state under the lock; wakes every waiter afterwards when `body` may have
    /// changed what they wait for (`wakes`).
    public func withLock<Result>(wakes: Bool = false, _ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer {
            if wakes { pthread_cond_broadcast(condition) }
            pthread_mutex_unlock(mutex)
        }
        return try body(&state)
    }

    /// Waits until `ready` holds for the state, then runs `body` on it under the lock and wakes
    /// every waiter afterwards.
    public func when<Result>(_ ready: (State) -> Bool, _ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        while !ready(state) { pthread_cond_wait(condition, mutex) }
        return try body(&state)
    }

    /// Waits until `ready` holds for the state or `milliseconds` have passed; true when it holds.
    public func wait(until ready: (State) -> Bool, milliseconds: Int) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let nanoseconds = Int(deadline.tv_nsec) + milliseconds * 1_000_000
        deadline.tv_sec += nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !ready(state) {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { return ready(state) }
        }
        return true
    }
}
