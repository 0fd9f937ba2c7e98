import Glibc
import ListviewBatches
import ListviewConcurrency
import ListviewDataSource
import ListviewInput
import ListviewKit
import ListviewRequest
import ListviewSpilling
import ListviewValues
import Synchronization

/// Reads the browser's input on a thread of its own and publishes the rows as they arrive:
/// the pattern's loading state and progressive loading.
///
/// One regular file is opened twice: its first batch is shown at once, while the whole
/// file is read into one table as a list reads it (both cores, the same memory as a
/// plain table) and then replaces it, arranged by `--sort` and `--group-by`. Any other
/// input (standard input, a pipe, several files) is shown batch by batch as the reader
/// completes them (filtered by `--where`), in input order; with `--sort` or `--group-by`
/// the batches are also joined into one table, and when the input ends the list's
/// sections replace them (sections need every row). The screen takes a `snapshot`
/// whenever it draws; tables are values, so the reader never changes one the screen holds.
/// Followed (`--follow`, `ReadSpec.following`), the input is read batch by batch as a pipe
/// is, the reading thread waits at its end for more until the loader is stopped, and each
/// batch joins the last table (up to `followedTableBytes`).
public final class BrowserLoader: Sendable {
    /// What the screen sees of the load.
    public struct Snapshot {
        public var rows: BrowserRows
        /// True once the input is read to its end (or failed).
        public var finished: Bool
        public var error: ListviewError?
        /// Counts publications: equal versions show the same rows.
        public var version: Int
        /// `--follow`: everything the input held is read, and the reader waits for more.
        public var following = false

        /// The data source's state: loading with the rows so far, then empty or ready.
        public var state: DataSourceState { DataSourceState(records: rows.count, finished: finished) }
    }

    /// What the reading thread publishes and the screen takes, and whether the screen asked it
    /// to stop.
    private struct Shared {
        var published: Snapshot
        var stopping = false
    }

    private let shared: Monitor<Shared>
    /// A second opening of one regular file, for its first rows (let go once they are read).
    private let firstRows: Mutex<BatchStream?>
    /// How the input is read, decided when the browser opens.
    let plan: BrowserPlan
    private let thread = BackgroundThread()
    /// What is browsed: the inputs, `--where`, `--sort`, `--group-by`.
    public let request: ListRequest
    /// The format each input is read as.
    public let formats: [InputFormat]

    /// Opens the inputs of `request` (failing at once when one cannot be opened) and starts reading.
    public init(request: ListRequest) throws {
        self.request = request
        shared = Monitor(Shared(published: Snapshot(rows: BrowserRows(measuring: request.look.fields ?? []), finished: false, error: nil, version: 0)))
        let stream = try BatchStream(request.read, filter: request.arrangement.filter)
        // `--limit` stops the reading itself when nothing orders the rows.
        if !request.arrangement.ordersRows { stream.limit = request.arrangement.limit }
        formats = stream.formats
        let plan = BrowserPlan(for: request, oneRegularFile: stream.areRegularFiles && request.read.inputs.count == 1)
        self.plan = plan
        // The first rows of one regular file, read apart from the whole.
        firstRows = Mutex(plan == .wholeFile ? try BatchStream(request.read, filter: request.arrangement.filter) : nil)
        thread.start { [self] in read(stream, as: plan) }
    }

    deinit {
        stop()
    }

    /// Waits up to `milliseconds` for the first rows (or the end of the input), so that the first
    /// screen shows rows rather than an empty list that a redraw replaces a moment later; true
    /// when they came. A slow pipe's screen shows its loading state once the time is up.
    @discardableResult
    public func waitForFirstRows(milliseconds: Int) -> Bool {
        shared.wait(until: { $0.published.version > 0 }, milliseconds: milliseconds)
    }

    /// The rows published so far.
    public func snapshot() -> Snapshot {
        var snapshot = shared.withLock { $0.published }
        snapshot.following = !snapshot.finished && request.read.following?.hasReachedEnd == true
        return snapshot
    }

    /// Waits until the input is read (tests, and the last row asked for with `G`).
    public func waitUntilFinished() {
        thread.wait()
    }

    /// Asks the reader to stop after the batch at hand (an ungrouped list), or its wait for a
    /// followed input to grow, without waiting.
    public func stop() {
        shared.withLock { $0.stopping = true }
        request.read.following?.stop()
    }

    private var shouldStop: Bool {
        shared.withLock { $0.stopping }
    }

    private func publish(_ change: (inout Snapshot) -> Void) {
        shared.withLock(wakes: true) { shared in
            change(&shared.published)
            shared.published.version += 1
        }
    }

    /// Reads the first batch of `firstRows` and lets the source go (its buffers with it).
    private func readFirstRows() throws {
        let first = firstRows.withLock { firstRows -> BatchStream? in
            defer { firstRows = nil }
            return firstRows
        }
        guard let stream = first else { return }
        if let batch = try stream.first() {
            publish { $0.rows.append(batch.table, rows: batch.rows.map(\.row)) }
        }
    }

    private func read(_ stream: BatchStream, as plan: BrowserPlan) {
        do {
            switch plan {
            case let .withinBudget(budget, arranges):
                try read(stream, within: budget, arranges: arranges)
            case .wholeFile:
                try readFirstRows()
                let (table, rows) = try WholeList.read(stream)
                let list = WholeList.arranged(request, table: table, rows: rows)
                publish { $0.rows = BrowserRows(arranged: list.table, sections: list.sections, measuring: self.request.look.fields ?? []) }
            case .arrangedAsRead:
                let (table, rows) = try WholeList.readBatches(stream) { batch, rows in
                    self.publish { $0.rows.append(batch, rows: rows) }
                }
                let list = WholeList.arranged(request, table: table, rows: rows)
                publish { $0.rows = BrowserRows(arranged: list.table, sections: list.sections, measuring: self.request.look.fields ?? []) }
            case .streamed:
                while !shouldStop, let batch = try stream.next() {
                    publish { self.show(batch.table, rows: batch.rows.map(\.row), &$0.rows) }
                }
            }
            publish { $0.finished = true }
        } catch is Following.Stopped {
            // Stopped while following: nothing more is shown.
        } catch let error as ListviewError {
            publish {
                $0.error = error
                $0.finished = true
            }
        } catch {
            publish {
                $0.error = .readFailed(source: "input", reason: "\(error)")
                $0.finished = true
            }
        }
    }

    /// A followed input's batches join the last table up to this size (`BrowserRows.append(joining:)`).
    static let followedTableBytes = 1 << 20

    /// Adds a batch to `rows` in input order: a followed input's joins the last table.
    private func show(_ table: CellTable, rows kept: [Int], _ rows: inout BrowserRows) {
        if request.read.following != nil {
            rows.append(joining: table, rows: kept, upTo: Self.followedTableBytes)
        } else {
            rows.append(table, rows: kept)
        }
    }

    /// Reads an input that may not fit `budget`: every row can be browsed. In input order, the
    /// batches past half of it go to disk (`SpilledTables`) and are read back as they are shown.
    /// Sorted or grouped (`--sort`, `--group-by`), the rows are arranged as a list past its
    /// budget is (`SpilledList`: runs on disk, merged), the merged rows kept on disk the same way.
    private func read(_ stream: BatchStream, within budget: MemoryBudget, arranges: Bool) throws {
        let spilled = SpilledTables(parent: request.arrangement.spillFolder, cacheBytes: budget.bytes / 4)
        guard arranges else {
            var held = 0
            while !shouldStop, let batch = try stream.next() {
                let rows = batch.rows.map(\.row)
                let bytes = batch.table.estimatedBytes
                if held + bytes <= budget.bytes / 2 {
                    held += bytes
                    publish { self.show(batch.table, rows: rows, &$0.rows) }
                } else {
                    let number = try spilled.append(batch.table)
                    publish { $0.rows.append(spilled: spilled, number: number, table: batch.table, rows: rows) }
                }
            }
            return
        }
        // Sorted or grouped on disk, as a list past its budget is; the merged rows are kept there.
        // No row shows before they are merged: rows shown in input order meanwhile would be
        // other rows at the same addresses (marks, the cursor) once the merged ones replace them.
        var arranged = BrowserRows(measuring: request.look.fields ?? [])
        try SpilledList.arrange(request, budget: budget, from: stream, inMemory: { list in
            arranged = BrowserRows(arranged: list.table, sections: list.sections, measuring: self.request.look.fields ?? [])
        }, chunk: { info, first, table in
            if first { arranged.beginSection(info) }
            let number = try spilled.append(table)
            arranged.append(spilled: spilled, number: number, table: table, rows: Array(0..<table.rowCount))
        })
        publish { $0.rows = arranged }
    }
}
