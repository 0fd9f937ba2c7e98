import ListviewBatches
import ListviewValues

/// Records a parser has completed and a source has not yet handed out, in order.
///
/// Parsers finish records in bursts (one chunk of input holds many); the
/// queue hands them out one at a time and reuses its storage once drained.
public struct RecordQueue {
    private var records: [Record] = []
    private var head = 0

    public init() {}

    /// True when a record is waiting.
    public var isEmpty: Bool { head >= records.count }

    public mutating func append(_ record: Record) {
        records.append(record)
    }

    /// The oldest waiting record, or nil.
    public mutating func next() -> Record? {
        guard head < records.count else { return nil }
        let record = records[head]
        head += 1
        if head == records.count {
            records.removeAll(keepingCapacity: true)
            head = 0
        }
        return record
    }
}
