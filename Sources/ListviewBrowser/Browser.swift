import Glibc
import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewKit
import ListviewPresentation
import ListviewRequest
import ListviewValues

/// `listview FILE -i`: the full-screen browser. Loads the list on a thread of its own
/// (`BrowserLoader`), draws what has loaded at once, answers keys (`BrowserModel`), and on
/// `q` writes the marked rows to standard output, which the screen (on /dev/tty) leaves free.
public enum Browser {
    /// How a browsing session ended, for the exit status.
    public enum Outcome: Equatable {
        /// `q`: the marked rows were written.
        case quit
        /// Ctrl-C: nothing written (status 130).
        case interrupted
        /// SIGINT, SIGTERM or SIGHUP from outside: the terminal restored, nothing written; the
        /// caller raises the signal again (status 128 + its number).
        case signalled(Int32)
    }

    /// Runs the browser over `request`'s input. `style` is the style of the marked rows (nil:
    /// the input's own format). With `timings`, each key's handling and drawing time, and the
    /// time to the first screen with rows, are appended to that file (bench/browser.sh).
    /// `reviewingDifferences`: the rows are `listview diff -i`'s (`BrowserModel.reviewsDifferences`).
    /// `sheetPerFile`: several inputs open as a sheet each (`BrowserSheets`), the memory budget
    /// shared between them; else they are one list, as the command line reads them.
    public static func run(_ request: ListRequest, style: OutputStyle?, inputName: String, into sink: OutputSink,
                           timings: String? = nil, reviewingDifferences: Bool = false, sheetPerFile: Bool = false) throws -> Outcome {
        let started = now()
        let requests = sheetPerFile ? request.perInput : [request]
        var loaders: [(loader: BrowserLoader, name: String)] = []
        for each in requests {
            loaders.append((try BrowserLoader(request: each), requests.count == 1 ? inputName : each.read.label))
        }
        // Said once the terminal is restored (this runs after the `defer` that ends it).
        defer { if request.explains { for (loader, _) in loaders { fputs("listview: plan: \(loader.plan.explanation)\n", stderr) } } }
        let terminal = try CursesTerminal()
        defer { terminal.end() }
        loaders.first?.loader.waitForFirstRows(milliseconds: 50)
        let log = timings.flatMap { fopen($0, "a") }
        defer { if let log { fclose(log) } }
        var sheets = BrowserSheets(loaders) {
            var model = BrowserModel(fields: request.look.fields, excluded: request.look.excluded)
            model.followsNewRows = request.read.following != nil
            model.reviewsDifferences = reviewingDifferences
            if request.read.shaping.flatten != nil { model.flattenSeparator = request.read.shaping.separator }
            return model
        }
        var firstScreenLogged = false
        var keyArrived: Double?
        var clipboard: String?
        while true {
            if let number = terminal.caughtSignal {
                terminal.end()
                for (loader, _) in loaders { loader.stop() }
                return .signalled(number)
            }
            let snapshot = sheets.refresh()
            let (width, height) = terminal.size
            var screen = BrowserScreen(width: width, height: height, inputName: sheets.name)
            // Each file's snapshot once a turn: the tab line, and whether all are loaded.
            let tabs = sheets.tabs
            screen.tabs = tabs
            screen.current = sheets.current
            screen.following = snapshot.following
            sheets.model.bodyHeight = screen.bodyHeight
            sheets.model.screenWidth = width
            sheets.model.linesAboveList = screen.tabs.isEmpty ? 0 : 1
            let loading = sheets.model.dive == nil ? loadingText(snapshot, work: sheets.model.workText) : sheets.model.workText
            terminal.draw(screen.lines(of: sheets.model, loading: loading))
            if let text = clipboard {
                terminal.putOnClipboard(text)
                clipboard = nil
            }
            if let log {
                if !firstScreenLogged && (sheets.model.view.count > 0 || snapshot.finished) {
                    firstScreenLogged = true
                    fputs("first-screen \(Int((now() - started) * 1000))\n", log)
                }
                if let arrived = keyArrived {
                    fputs("key \(Int((now() - arrived) * 1_000_000))\n", log)  // microseconds
                    keyArrived = nil
                }
                fflush(log)
            }
            // While the input loads, wake every tenth of a second to show more rows; while a search
            // or filter is worked out, look for a key between blocks of rows.
            if sheets.model.isWorking {
                // Work on the second core is looked at between keys; a search or filter goes on here.
                if let key = terminal.key(waiting: sheets.model.isWorkingElsewhere ? 15 : 0) {
                    keyArrived = now()
                    if let outcome = try answer(key) { return outcome }
                } else {
                    sheets.model.work(budget: 50_000)
                }
                continue
            }
            // Until the first rows show, look again every few milliseconds (a followed input that is
            // empty so far: every tenth of a second, as for more rows); once all is loaded, wake
            // only to look for a signal.
            let allLoaded = tabs.allSatisfy { !$0.loading } && snapshot.finished
            let wait: Int32 = allLoaded ? CaughtSignals.pollMilliseconds : sheets.model.view.count == 0 && !snapshot.following ? 5 : 100
            guard let key = terminal.key(waiting: wait) else { continue }
            keyArrived = now()
            if let outcome = try answer(key) { return outcome }
        }

        /// Hands `key` to the sheet on screen and does what it asks; the outcome when the session ends.
        func answer(_ key: BrowserKey) throws -> Outcome? {
            switch sheets.model.handle(key) {
            case .none:
                return nil
            case .quit(let writing):
                return try quit(writing: writing)
            case .copy(let copy):
                let style = style ?? defaultStyle(sheets.loader.formats)
                do {
                    clipboard = try clipboardText(copy, of: sheets.model.loaded, request: request, style: style)
                    sheets.model.report(copy.message(style: style.rawValue))
                } catch {
                    sheets.model.report("cannot copy: \((error as? ListviewError)?.description ?? "\(error)")")
                }
                return nil
            case .dive(let dive):
                sheets.open(dive)
                return nil
            case .back:
                if !sheets.back() { sheets.model.report("not in a dived sheet: Enter on a nested cell dives") }
                return nil
            case .switchSheet(let offset):
                if sheets.files.count > 1 {
                    sheets.switchFile(by: offset)
                } else {
                    sheets.model.report("one file: each file given is a sheet of its own")
                }
                return nil
            }
        }

        /// Restores the terminal and writes the marked rows (unless interrupted).
        func quit(writing: Bool) throws -> Outcome {
            terminal.end()
            for (loader, _) in loaders { loader.stop() }
            guard writing else { return .interrupted }
            sheets.closeDives()
            try write(sheets, request: request, style: style ?? defaultStyle(loaders.first?.loader.formats ?? []), into: sink)
            for file in sheets.files { if let error = file.loader.snapshot().error { throw error } }
            return .quit
        }
    }

    /// The style of the input's own format: CSV with its header, JSON as an array, JSON Lines as lines.
    static func defaultStyle(_ formats: [InputFormat]) -> OutputStyle {
        formats.first?.descriptor.ownStyle ?? .json
    }

    /// `loading 12,345 records…`, `error: …`, or nil once loaded (or followed: the screen says so).
    static func loadingText(_ snapshot: BrowserLoader.Snapshot, work: String? = nil) -> String? {
        if let work { return work }
        if let error = snapshot.error { return "error: \(error.description)" }
        guard case .loading(let recordsSoFar) = snapshot.state, !snapshot.following else { return nil }
        return "loading… \(recordsSoFar)"
    }

    /// Writes the marked rows of every file's list, in file order, then the values marked in
    /// dived sheets, as one list in `style`.
    static func write(_ sheets: BrowserSheets, request: ListRequest, style: OutputStyle, into sink: OutputSink) throws {
        let schema = RecordSchema()
        var table = CellTable(columns: [], inferTypes: request.read.csv.inferTypes)
        for file in sheets.files {
            let list = file.stack[0].model
            try append(list.markedInOrder, of: list.loaded, to: &table, schema: schema)
            for record in sheets.markedDiveRecords(of: file) {
                if table.nestedDecoder == nil { table.nestedDecoder = list.loaded.tables.first?.table.nestedDecoder }
                table.append(schema.record(keys: record.keys, values: record.values), schema: schema)
            }
        }
        try write(table, schema: schema, request: request, style: style, into: sink)
    }

    /// Writes `marked` rows, in order, as a list of their own in `style`.
    static func write(_ marked: [RowAddress], of rows: BrowserRows, request: ListRequest, style: OutputStyle, into sink: OutputSink) throws {
        guard !marked.isEmpty else { return }
        let (table, schema) = try records(marked, of: rows, request: request)
        try write(table, schema: schema, request: request, style: style, into: sink)
    }

    /// Writes `table`'s rows, in order, as a list of their own in `style`; nothing when it has none.
    private static func write(_ table: CellTable, schema: RecordSchema, request: ListRequest, style: OutputStyle, into sink: OutputSink) throws {
        guard table.rowCount > 0 else { return }
        var output = request
        output.look.style = style
        output.arrangement = Arrangement()  // the marked rows, in their order, as they are
        let list = WholeList(table: table, sections: [Section(items: (0..<table.rowCount).map(RowRef.init))])
        try list.render(output, page: nil, schema: schema, into: sink)
    }

    /// `marked` rows, in order, copied into a table of their own, and the schema of its columns.
    static func records(_ marked: [RowAddress], of rows: BrowserRows, request: ListRequest) throws -> (CellTable, RecordSchema) {
        let schema = RecordSchema()
        var table = CellTable(columns: [], inferTypes: request.read.csv.inferTypes)
        try append(marked, of: rows, to: &table, schema: schema)
        return (table, schema)
    }

    /// Appends `marked` rows of `rows`, in order, to `table`, whose columns `schema` names.
    private static func append(_ marked: [RowAddress], of rows: BrowserRows, to table: inout CellTable, schema: RecordSchema) throws {
        var start = 0
        while start < marked.count {
            // Consecutive rows of one table go over together.
            let source = marked[start].table
            var end = start
            while end < marked.count && marked[end].table == source { end += 1 }
            let loaded = rows.tables[Int(source)]
            let other = loaded.table
            guard other.rowCount == loaded.rowCount else {
                throw ListviewError.readFailed(source: "the browser's spill file", reason: "marked rows could not be read back")
            }
            if table.nestedDecoder == nil { table.nestedDecoder = other.nestedDecoder }
            table.append(rows: marked[start..<end].map { Int($0.row) }, of: other, schema: schema)
            start = end
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
