/// One value per part, written by the thread that reads the part and read by the thread that
/// hands it on, after the hand-off orders the two. A ring when parts are many or open-ended:
/// part `index` has slot `index % count`, so only `count` parts in flight keep their values.
// Unchecked: each slot has one writer at a time, and its reader reads it only after the hand-off
// (OrderedWork's lock, ReadAhead's semaphores) that orders the write before the read.
public final class PartSlots<Value>: @unchecked Sendable {
    private let values: UnsafeMutableBufferPointer<Value>

    public init(count: Int, initial: Value) {
        values = .allocate(capacity: max(count, 1))
        values.initialize(repeating: initial)
    }

    public subscript(index: Int) -> Value {
        get { values[index % values.count] }
        set { values[index % values.count] = newValue }
    }

    deinit {
        values.baseAddress?.deinitialize(count: values.count)
        values.deallocate()
    }
}
