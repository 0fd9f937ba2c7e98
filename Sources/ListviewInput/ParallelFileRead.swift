import ListviewBatches
import ListviewValues

/// Reads a regular file in two parts on two threads: the one way a reader uses both cores.
///
/// 1. Find a cut: an offset where a part can start on its own (a row start).
/// 2. Read the later part on a second thread while this thread reads up to the cut.
/// 3. Verify the join: the first part ended exactly at the cut, and the parts agree
///    (the same columns).
/// 4. Merge the later part into the first.
///
/// When any step fails (no cut, the cut fell inside a quoted field, the later
/// part met an error or other columns), this thread reads on from where it
/// stopped, as a single pass would: errors are then reported exactly where a
/// single pass reports them, and the result never depends on the cut.
public enum ParallelFileRead {
    /// Reads in two parts when `cut` finds a place, else in one; true when the parts were joined.
    ///
    /// - Parameters:
    ///   - cut: where the later part starts (an offset, or what a format needs to know of the
    ///     place), or nil to read in one pass.
    ///   - later: reads the part from the cut to the end, on a second thread; nil or an error
    ///     when it cannot stand on its own.
    ///   - first: reads from where this thread stands up to the cut; true when it ended exactly there.
    ///   - join: merges the later part in; false when the parts disagree.
    ///   - rest: the single pass: reads on from where this thread stopped to the end (a reader that
    ///     cannot resume reads the whole again).
    public static func read<Cut, Part>(cut: () throws -> Cut?, later: @escaping @Sendable (Cut) throws -> Part?,
                                       first: (Cut) throws -> Bool, join: (Part) -> Bool, rest: () throws -> Void) throws -> Bool {
        guard let offset = try cut() else {
            try rest()
            return false
        }
        let laterPart = BackgroundResult { try later(offset) }
        let endedAtCut: Bool
        do {
            endedAtCut = try first(offset)
        } catch {
            _ = try? laterPart.get()  // the second thread ends before the error is reported
            throw error
        }
        let part = (try? laterPart.get()) ?? nil
        if endedAtCut, let part, join(part) { return true }
        try rest()
        return false
    }
}
