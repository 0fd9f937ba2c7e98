/// A counting semaphore: `wait()` takes a unit, blocking until one is there; `signal()` adds one.
/// Each pair orders memory (the units are behind `Monitor`'s lock), so what one thread wrote
/// before `signal()` is seen after the `wait()` it ends.
public final class CountingSemaphore: Sendable {
    private let units: Monitor<UInt32>

    public init(_ value: UInt32 = 0) {
        units = Monitor(value)
    }

    public func wait() {
        units.when({ $0 > 0 }) { $0 -= 1 }
    }

    public func signal() {
        units.withLock(wakes: true) { $0 += 1 }
    }
}
