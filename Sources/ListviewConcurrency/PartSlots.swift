/// One value per part, written by the thread that reads the part and read by the thread that
/// hands it on, after the hand-off orders the two.
public final class PartSlots<Value>: @unchecked Sendable {
    private let values: UnsafeMutableBufferPointer<Value>

    public init(count: Int, initial: Value) {
        values = .allocate(capacity: count)
        values.initialize(repeating: initial)
    }

    public subscript(index: Int) -> Value {
        get { values[index] }
        set { values[index] = newValue }
    }

    deinit {
        values.baseAddress?.deinitialize(count: values.count)
        values.deallocate()
    }
}
