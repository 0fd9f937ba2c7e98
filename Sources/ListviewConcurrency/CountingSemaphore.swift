import Glibc

/// A POSIX counting semaphore: `wait()` takes a unit, blocking until one is there; `signal()` adds one.
/// Each pair orders memory, so what one thread wrote before `signal()` is seen after the `wait()` it ends.
public final class CountingSemaphore: @unchecked Sendable {
    private let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    public init(_ value: UInt32 = 0) {
        sem_init(semaphore, 0, value)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    public func wait() {
        while sem_wait(semaphore) != 0 && errno == EINTR {}
    }

    public func signal() {
        sem_post(semaphore)
    }
}
