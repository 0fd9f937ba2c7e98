import ListviewBatches
import ListviewConcurrency
import ListviewValues

/// The rest of a regular file, cut where rows start into parts that read on their own: how a
/// streamed style reads (and writes) on both cores.
///
/// Parts are read on either of two threads, each part once, and handed on in
/// order on the thread that writes. A cut is a guess that a part's reader
/// verifies: the part before it must end exactly between rows at the cut. When
/// one does not, the parts after it are dropped and `readingOn` reads the rest
/// of the file in one pass from where that part stopped, so what is read and
/// every error's position never depend on the cuts.
///
/// The blocks of a decompressed stream are parts too: their number is open (`count` is
/// `Int.max`) and the part that ends the stream says so once read (`isLast`).
public protocol FileParts: AnyObject, Sendable {
    /// The number of parts (at most: `isLast` may end them sooner).
    var count: Int { get }
    /// True when part `index`, handed on, is the last part: none follows it.
    func isLast(_ index: Int) -> Bool
    /// Reads part `index` (on any thread, each part once): its rows, or nil when reading it
    /// failed (`handOn` reports why).
    func read(_ index: Int) -> CellTable?
    /// Takes part `index`, read, in order: throws its error (where a single pass reports it), or
    /// says whether it ended exactly where the next part begins (false: the rest of the file
    /// is read by `readingOn`, the parts after it dropped).
    func handOn(_ index: Int) throws -> Bool
    /// Reads on in one pass from where part `index` stopped to the end of the file, after
    /// `handOn(index)` returned false.
    func readingOn(after index: Int) throws -> any RecordSource
    /// Parts again after reading on (`readingOn`) for a while: `rest` reads until it stops between
    /// rows at a cut, handing its rows to `take`, and the input after that cut is in new parts.
    /// Nil when `rest` reads on to the end (a file's parts are not cut again).
    func resume(reading rest: any RecordSource, handing take: (CellTable) throws -> Void) throws -> (any FileParts)?
}

extension FileParts {
    public func isLast(_ index: Int) -> Bool { index == count - 1 }

    /// Reads every part in order on both cores, handing each part's rows to `join`, then the rows of
    /// the one pass that reads on after parts that did not join. True when every part joined.
    public func readWhole(schema: RecordSchema, join: (CellTable) -> Void) throws -> Bool {
        guard var rest = try readInOrder(work: { $0 }, take: { $0.map(join) }) else { return true }
        while let batch = try rest.nextBatch(schema: schema) { join(batch) }
        return false
    }

    public func resume(reading rest: any RecordSource, handing take: (CellTable) throws -> Void) throws -> (any FileParts)? {
        nil
    }

    /// Reads every part on both cores (`OrderedWork`): `work` turns a part's rows (nil: the part
    /// failed) into a result on the thread that read it, and `take` takes the results in order on
    /// this thread. Returns, when a part did not end where the next begins, the source that reads
    /// on in one pass from there; nil when every part was read.
    public func readInOrder<Result>(work: @escaping @Sendable (CellTable?) -> Result,
                                    take: (Result) throws -> Void) throws -> (any RecordSource)? {
        var parts: any FileParts = self
        while true {
            let current = parts
            @Sendable func read(_ index: Int) -> Result { work(current.read(index)) }
            var readOnAfter: Int?
            func handOn(_ index: Int, _ result: Result) throws -> Bool {
                // A part that failed throws here, in order: everything before it was taken first.
                let ended = try current.handOn(index)
                try take(result)
                if !ended { readOnAfter = index }
                return ended && !current.isLast(index)
            }
            try OrderedWork.run(count: current.count, here: { try handOn($0, read($0)) }, elsewhere: read, handOn: handOn)
            guard let index = readOnAfter else { return nil }
            let rest = try current.readingOn(after: index)
            guard let resumed = try current.resume(reading: rest, handing: { try take(work($0)) }) else { return rest }
            parts = resumed
        }
    }
}
