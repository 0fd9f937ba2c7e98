import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewJSON
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewSpilling
import ListviewValues

/// Runs a `ListRequest`: open its inputs as one `BatchStream`, plan, and run the plan's executor.
///
/// This is the whole of a `listview` run short of argument parsing and exit
/// codes, so tests can drive it without starting a process. `ListPlanner`
/// decides how rows travel; each `ListPlan` case has one executor.
public enum ListRunner {
    /// What a run found, for the exit status (`--fail-if-empty`).
    public struct Outcome: Equatable, Sendable {
        /// True when at least one record passed the filter.
        public var foundRecords: Bool
    }

    /// Runs `request`, writing the result to `sink` and notes (ragged rows) to `warn`.
    @discardableResult
    public static func run(_ request: ListRequest, to sink: OutputSink, warn: (String) -> Void = { _ in }) throws -> Outcome {
        try run(request, to: sink, warn: warn, reading: .bytesWhenPossible)
    }

    /// `run`, with the way a whole list's table is filled chosen, and whether the readers keep only
    /// the columns the plan reads (tests compare the ways).
    ///
    /// A count of regular files reads only the columns it names (`ListPlanner.columnsRead`). Its
    /// answer is the same, but a usage error (a field no record has) names the closest fields from
    /// every column and value: that error, and the notes before it, come from reading the files
    /// again whole, as every other run reads them.
    @discardableResult
    static func run(_ request: ListRequest, to sink: OutputSink, warn: (String) -> Void, reading: WholeList.Reading,
                    onlyColumnsRead: Bool = true) throws -> Outcome {
        let inputs = request.read.inputs
        guard onlyColumnsRead, let columns = ListPlanner.columnsRead(for: request), !inputs.isEmpty,
              inputs.allSatisfy({ ReadSpec.regularFileSize(of: $0) != nil }) else {
            return try run(request, onlyColumns: nil, to: sink, warn: warn, reading: reading)
        }
        var notes: [String] = []
        do {
            let outcome = try run(request, onlyColumns: columns, to: sink, warn: { notes.append($0) }, reading: reading)
            notes.forEach(warn)
            return outcome
        } catch ListviewError.usage {
            return try run(request, onlyColumns: nil, to: sink, warn: warn, reading: reading)
        } catch {
            notes.forEach(warn)
            throw error
        }
    }

    /// `run`, the readers keeping only `onlyColumns` (nil: all).
    private static func run(_ request: ListRequest, onlyColumns: Set<String>?, to sink: OutputSink, warn: (String) -> Void,
                            reading: WholeList.Reading) throws -> Outcome {
        var read = request.read
        read.onlyColumns = onlyColumns
        let stream = try BatchStream(read, filter: request.arrangement.filter, sink: sink)
        let plan = ListPlanner.plan(for: request, formats: stream.formats)
        // Decided only for the plans that hold rows (a `stat` of each input).
        lazy var memory = MemoryPlan(reading: request.read, budget: request.arrangement.memory)
        if request.explains {
            warn("plan: \(plan.explanation)" + (plan.holdsRows ? "; \(memory.explanation)" : ""))
        }
        stream.limit = plan.readLimit(for: request)
        stream.measuresColumns = plan.measuresWhileReading(request)
        // Every plan's field names are checked by the stream, against every batch it reads.
        stream.watch(plan == .summary ? request.withoutRowOrder : request)
        // Notes on how the input was read are written only once it was accepted: a failure is one line.
        let outcome: Outcome
        switch plan {
        case .summary:
            outcome = try SummaryTable.run(request.withoutRowOrder, memory: memory, from: stream, into: sink)
        case .counts:
            outcome = try GroupCounts.run(request, from: stream, into: sink)
        case .streamedPage(let size):
            outcome = try StreamedPage.run(request, pageSize: size, from: stream, into: sink)
        case .streamedRows:
            outcome = try StreamedRows.run(request, from: stream, into: sink)
        case .wholeList(let pagesByLines):
            // A list that may outgrow its memory budget sorts on disk when it does.
            if let budget = memory.budget {
                outcome = try SpilledList.run(request, budget: budget, pagesByLines: pagesByLines, from: stream, into: sink)
                break
            }
            let list = try WholeList.load(request, from: stream, reading: reading)
            defer { if !request.freesRecords { LeftForExit.keep(list) } }
            let ready = try FieldCheck.prepared(request, columns: stream.knownColumns, table: stream.headTable)
            outcome = try list.present(ready, pagesByLines: pagesByLines, schema: stream.outputSchema, into: sink)
        }
        let writerNotes = plan == .counts || plan == .summary || !outcome.foundRecords ? [] : ExtraCellsNote.lines(request, stream: stream)
        (stream.warnings + writerNotes).forEach(warn)
        return outcome
    }

    /// The page to show, or nil when the request does not page.
    static func pageInfo(for request: ListRequest, totalRows: Int) throws -> PageInfo? {
        guard let pageSize = request.arrangement.pageSize else { return nil }
        let plan = PagePlan(pageSize: pageSize, totalRows: totalRows)
        let number = request.arrangement.page ?? 1
        guard let page = plan.page(number) else {
            throw pastTheEnd(page: number, totalRows: totalRows, pageCount: plan.pageCount, pageSize: pageSize)
        }
        return page
    }

    static func pastTheEnd(page: Int, totalRows: Int, pageCount: Int, pageSize: Int) -> ListviewError {
        .usage("--page \(page) is past the last page: \(RecordCount.text(totalRows)) make \(pageCount) page\(pageCount == 1 ? "" : "s") of \(pageSize)")
    }
}

/// Holds what a run loaded until the process exits, so it is never freed piece by piece.
public enum LeftForExit {
    private final class Holder<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    public static func keep<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Holder(value))
    }
}
