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
public protocol FileParts: AnyObject, Sendable {
    /// The number of parts.
    var count: Int { get }
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
}

extension FileParts {
    /// Reads every part on both cores (`OrderedWork`): `work` turns a part's rows (nil: the part
    /// failed) into a result on the thread that read it, and `take` takes the results in order on
    /// this thread. Returns, when a part did not end where the next begins, the source that reads
    /// on in one pass from there; nil when every part was read.
    public func readInOrder<Result>(work: @escaping @Sendable (CellTable?) -> Result,
                                    take: (Result) throws -> Void) throws -> (any RecordSource)? {
        let parts = self
        @Sendable func read(_ index: Int) -> Result { work(parts.read(index)) }
        var readOnAfter: Int?
        func handOn(_ index: Int, _ result: Result) throws -> Bool {
            // A part that failed throws here, in order: everything before it was taken first.
            let ended = try parts.handOn(index)
            try take(result)
            if !ended { readOnAfter = index }
            return ended
        }
        try OrderedWork.run(count: count, here: { try handOn($0, read($0)) }, elsewhere: read, handOn: handOn)
        return try readOnAfter.map { try readingOn(after: $0) }
    }
}
