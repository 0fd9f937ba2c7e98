import ListviewBatches
import ListviewDataSource
import ListviewKit
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewValues

/// A key the browser acts on, decoded from the terminal's input.
public enum BrowserKey: Equatable, Sendable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace
    /// Shift-Tab.
    case backTab
    /// Ctrl-C: quit without writing.
    case interrupt
    /// The terminal changed size.
    case resize
    /// A click or a notch of the wheel.
    case mouse(MouseEvent)
}

/// The state of the browser and what each key does to it, with no terminal attached: the
/// selection handler and detail-on-select of the pattern, over `BrowserRows`.
///
/// The cursor is a row position among the rows shown (`view`: the loaded rows, less those
/// a `&` filter leaves out); `top` is the first display line on screen (headers count as
/// lines). Search and filter results are kept per loaded table (`RowMatches`), so each
/// table is matched once, however often the screen asks.
public struct BrowserModel {
    public enum Mode: Equatable {
        case list
        /// The record under the cursor in full, as a tree that folds (or a difference's lines).
        case detail(RecordTreeView)
        /// The keys, from line `top` (`?`; `j` and `k` scroll a screen too short for them).
        case help(top: Int)
        /// Typing a search (`/`), a filter (`&`), a row number (`:`) or a column's name (`c`).
        case prompt(Prompt, text: String)
        /// The frequency view of a column (`F`), its first line on screen and the value under the cursor.
        case frequency(FrequencyTable, top: Int, cursor: Int)
        /// The summary of every column shown (`I`), its first line on screen and the line under the cursor.
        case summary(SummaryView, top: Int, cursor: Int)

        /// The view a mode is, without what it holds: what the key table's rows name.
        public enum Kind: CaseIterable, Sendable {
            case list, detail, help, prompt, frequency, summary
        }

        public var kind: Kind {
            switch self {
            case .list: return .list
            case .detail: return .detail
            case .help: return .help
            case .prompt: return .prompt
            case .frequency: return .frequency
            case .summary: return .summary
            }
        }
    }

    public enum Prompt: Equatable {
        case search, filter, row, column
    }

    /// What the view's arrangement is, as `u` restores it: the browser's own sort and groups,
    /// the filter, the hidden and the pinned columns.
    struct ViewState {
        var sort: [SortSpec]
        var groupBy: [FieldPath]
        var filterText: String?
        var hidden: [String]
        var pinned: [String]
    }

    /// What a key asks of the program around the model.
    public enum Action: Equatable {
        case none
        /// Quit; write the marked rows when `writing`.
        case quit(writing: Bool)
        /// Put a cell or a row on the clipboard (`y`, `Y`).
        case copy(BrowserCopy)
        /// Open a nested value as a sheet of its own (Enter on it).
        case dive(BrowserDive)
        /// Back to the sheet a dive started from (Backspace).
        case back
        /// The next (1) or the previous (-1) file's sheet (Tab, Shift-Tab).
        case switchSheet(by: Int)
    }

    /// The loaded rows (the latest snapshot) and the rows shown of them.
    public internal(set) var loaded = BrowserRows()
    public internal(set) var view = BrowserRows()
    public internal(set) var loadFinished = false
    public internal(set) var mode = Mode.list
    public internal(set) var cursor = 0
    public internal(set) var top = 0
    /// The first column on screen (`h`/`l`).
    public internal(set) var firstColumn = 0
    public internal(set) var marks: Set<RowAddress> = []
    /// A line for the status bar: the outcome of the last search or filter.
    public internal(set) var message: String?
    public internal(set) var searchText: String?
    public internal(set) var filterText: String?
    /// Rows on screen below the headers, set by the screen.
    public var bodyHeight = 20 {
        // A smaller screen keeps the cursor's row on it.
        didSet { if bodyHeight != oldValue { clampCursor() } }
    }
    /// `G` before the load ends: the cursor follows the last row as rows arrive.
    var followsEnd = false
    /// `--follow`: a cursor on the last row stays on it as rows arrive (so it opens there), as
    /// `less +F` does; moved up, it stays where it is. The last table may grow (batches join it).
    public var followsNewRows = false
    /// `--flatten`'s separator when the columns are flattened: the detail view (Enter) gathers
    /// them back into the record's tree.
    public var flattenSeparator: String?
    /// A search under way: the next position to look at, the direction, and where it began.
    var searching: (text: TextSearch, next: Int, forward: Bool)?
    /// The `&` filter, and whether its matches over the loaded tables are all worked out.
    var filter: RowMatches?
    var filtering = false
    /// The `--fields` shown, or nil for every column.
    public let fields: [FieldPath]?
    public let excluded: FieldExclusion
    /// Screen cells across, set by the screen: the current column is kept on screen, a record
    /// in full wraps its lines to it.
    public var screenWidth = 80 {
        didSet {
            guard screenWidth != oldValue, case .detail(var tree) = mode else { return }
            tree.fit(width: screenWidth)
            tree.keepCursorShown(height: bodyHeight)
            mode = .detail(tree)
        }
    }
    /// Screen lines above the sheet's own (the tab line of several files), set by the screen:
    /// a click's line is counted from under them.
    public var linesAboveList = 0
    /// A sheet opened by a dive: where its rows are in the record (nil for a file's list).
    public var dive: DiveContext?
    /// The record in full under a search prompt (`/` in it), which the prompt goes back to.
    var treeUnderPrompt: RecordTreeView?
    /// The rows are a diff's differences (`listview diff -i`): Enter shows a row's old and new
    /// side by side, with the paths that differ (`DifferenceDetail`).
    public var reviewsDifferences = false
    /// The column the cursor is in, among `columns`: what `s`, `=`, `F`, `-`, `!`, `<` and `>` act on.
    public internal(set) var currentColumn = 0
    /// The browser's own sort keys (`s`, `S`) and group levels (`=`), applied to the loaded rows.
    public internal(set) var sort: [SortSpec] = []
    public internal(set) var groupBy: [FieldPath] = []
    /// Columns hidden with `-`, and pinned on the left with `!`, by name.
    public internal(set) var hidden: [String] = []
    public internal(set) var pinned: [String] = []
    /// Column widths set with `<` and `>`, by name.
    public internal(set) var widths: [String: Int] = [:]
    /// Columns whose long cells wrap (`w`), by name.
    public internal(set) var wrappedColumns: Set<String> = []
    /// The loaded rows as the browser's own sort and groups arrange them (the loaded rows when none).
    var arranged = BrowserRows()
    /// An arrangement being worked out on the second core, and the row the cursor stays on.
    var arranging: (work: ViewWork<BrowserRows>, keeping: RowAddress?, byKey: Bool)?
    /// Keys pressed while an arrangement asked for was worked out, handled once it lands.
    var keysAfterArranging: [BrowserKey] = []
    /// A frequency table, or a summary, being worked out on the second core.
    var counting: ViewWork<FrequencyTable>?
    var describing: ViewWork<SummaryView>?
    /// Earlier arrangements, the latest last (`u`).
    var undoStack: [ViewState] = []
    /// True once a key moved the cursor: a list that replaces the first rows keeps it on its record.
    var userMoved = false

    public init(fields: [FieldPath]?, excluded: FieldExclusion = FieldExclusion()) {
        self.fields = fields
        self.excluded = excluded
    }

    /// The columns shown, in order: the pinned ones first, less the hidden ones.
    public var columns: [ColumnSpec] {
        let all = (fields ?? view.columns.filter { !excluded.excludes($0) }.map(FieldPath.init)).filter { !hidden.contains($0.text) }
        let pinnedPaths = pinned.compactMap { name in all.first { $0.text == name } }
        return (pinnedPaths + all.filter { !pinned.contains($0.text) }).map { ColumnSpec($0) }
    }

    /// The columns pinned on the left: the first this many of `columns`.
    public var pinnedCount: Int {
        let names = Set(columns.map(\.path.text))
        return pinned.filter(names.contains).count
    }

    /// The columns on screen, in order: the pinned ones, then those from `firstColumn` on.
    public var shownColumns: [ColumnSpec] {
        let all = columns, fixed = pinnedCount
        return Array(all.prefix(fixed)) + all.dropFirst(max(fixed, firstColumn))
    }

    /// The name of the current column, if there is one.
    public var currentColumnName: String? {
        let all = columns
        return currentColumn < all.count ? all[currentColumn].path.text : nil
    }

    /// The current view's arrangement, as `u` restores it.
    var state: ViewState { ViewState(sort: sort, groupBy: groupBy, filterText: filterText, hidden: hidden, pinned: pinned) }

    /// True when the browser's own keys sort or group the rows.
    var arrangesInView: Bool { !sort.isEmpty || !groupBy.isEmpty }

    /// Takes newly loaded rows: the cursor stays on its row when the rows only grew.
    public mutating func update(rows: BrowserRows, finished: Bool) {
        // Rows only grow while batches arrive (a followed input's last table too); a whole table
        // or the list's sections replace them.
        let grew = rows.tables.count >= loaded.tables.count && rows.hasHeaders == loaded.hasHeaders
            && zip(rows.tables, loaded.tables).allSatisfy { followsNewRows ? $0.rowCount >= $1.rowCount : $0.rowCount == $1.rowCount }
        let rearranged = !grew && !loaded.tables.isEmpty
        let current = view.address(at: cursor)
        var followed = followsNewRows && cursor >= view.count - 1
        if case .detail = mode { followed = false }  // the record shown in full stays the cursor's
        if rearranged {
            // Matches were worked out per table: the tables are new.
            if let old = filter {
                filter = RowMatches(old.filter)
                filtering = true
            }
        }
        loaded = rows
        loadFinished = finished
        if arrangesInView {
            // The old arrangement shows until the new one is worked out, unless its tables are gone.
            if rearranged { arranged = rows }
            startArranging(keeping: current)
        } else {
            arranged = rows
        }
        if let filter {
            // Batches as they arrive are small: their matches are worked out at once.
            if !filtering { filter.workOut(rows, budget: .max) }
            if !filtering || filter.isWorkedOut(rows) { view = arranged.filtered(by: filter) }
        } else {
            view = arranged
        }
        if rearranged && !userMoved {
            // Sections replaced the first rows before anyone moved: the first row of the arrangement.
            (cursor, top) = (0, 0)
        } else if rearranged, let current, view.address(at: cursor).map({ $0.row != current.row }) ?? true {
            // Sections replaced the batches: find the row again.
            cursor = (0..<view.count).first { view.address(at: $0).map { address in
                address == current || rows.tables.count == 1 && address.row == current.row
            } ?? false } ?? 0
        }
        if followsEnd || followed { cursor = max(0, view.count - 1) }
        if finished { followsEnd = false }
        clampCursor()
    }

    // MARK: - Moving

    mutating func move(to position: Int) {
        userMoved = true
        cursor = position
        if position < view.count - 1 { followsEnd = false }
        clampCursor()
    }

    /// Keeps the cursor on a row and on screen.
    mutating func clampCursor() {
        cursor = max(0, min(cursor, view.count - 1))
        let line = view.line(of: cursor)
        // A section's first row brings its header on screen too.
        let wanted = view.hasHeaders && view.section(of: cursor).map { view.firstPosition(of: $0) } == cursor ? line - 1 : line
        if wanted < top { top = max(0, wanted) }
        if line >= top + bodyHeight { top = line - bodyHeight + 1 }
        top = max(0, min(top, max(0, view.lineCount - bodyHeight)))
        keepWrappedCursorShown()
    }

    mutating func nextSection() {
        guard let section = view.section(of: cursor) else { return }
        var next = section + 1
        while next < view.sections.count, view.sections[next].rows.isEmpty { next += 1 }
        if next < view.sections.count { move(to: view.firstPosition(of: next)) }
    }

    mutating func previousSection() {
        guard let section = view.section(of: cursor) else { return }
        if cursor > view.firstPosition(of: section) { return move(to: view.firstPosition(of: section)) }
        var previous = section - 1
        while previous >= 0, view.sections[previous].rows.isEmpty { previous -= 1 }
        if previous >= 0 { move(to: view.firstPosition(of: previous)) }
    }

    // MARK: - Search, filter, marks, detail

    mutating func runSearch(_ text: String) {
        guard !text.isEmpty else { return }
        searchText = text
        findMatch(forward: true, from: cursor)
    }

    mutating func findMatch(forward: Bool, from start: Int) {
        guard let text = searchText else {
            message = "no search yet: / searches"
            return
        }
        searching = (TextSearch(text), start, forward)
        work(budget: 20_000)
    }

    /// Shows `text` on the status line until the next key (what a copy put on the clipboard).
    public mutating func report(_ text: String) { message = text }

    /// True while a search, a filter, an arrangement or a frequency table is being worked out between keys.
    public var isWorking: Bool { searching != nil || filtering || isWorkingElsewhere }

    /// True while the work under way is on the second core: the screen waits for keys meanwhile
    /// rather than calling `work` in a loop.
    public var isWorkingElsewhere: Bool { arranging != nil || counting != nil || describing != nil }

    /// What the status line says of the work under way.
    public var workText: String? {
        if let searching { return "searching '\(searching.text.text)'… row \(searching.next + 1)" }
        if filtering { return "filtering…" }
        if let arranging { return "\(arranging.work.step)… Esc cancels" }
        if let counting { return "\(counting.step)… Esc cancels" }
        if let describing { return "\(describing.step)… Esc cancels" }
        return nil
    }

    /// Goes on with the search or filter under way for about `budget` rows, so that a key
    /// pressed meanwhile is answered at once; a search that finds its row moves there. Takes an
    /// arrangement or a frequency table the second core has worked out.
    public mutating func work(budget: Int) {
        takeWorkDone()
        if filtering, let filter {
            filter.workOut(loaded, budget: budget)
            if filter.isWorkedOut(loaded) {
                filtering = false
                view = arranged.filtered(by: filter)
                move(to: 0)
                message = RecordCount.text(view.count)
            }
            return
        }
        guard let (text, start, forward) = searching else { return }
        var position = start
        let end = forward ? view.count : -1
        var remaining = budget
        while position != end && remaining > 0 {
            if let address = view.address(at: position), matches(text, address) {
                searching = nil
                return move(to: position)
            }
            position += forward ? 1 : -1
            remaining -= 1
        }
        if position == end {
            searching = nil
            message = "'\(text.text)' not found \(forward ? "below" : "above")"
        } else {
            searching = (text, position, forward)
        }
    }

    private func matches(_ search: TextSearch, _ address: RowAddress) -> Bool {
        let table = view.tables[Int(address.table)].table
        return table.withCells { search.matches(row: Int(address.row), cells: $0, columnCount: table.columns.count) }
    }

    mutating func applyFilter(_ text: String) {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else {
            filter = nil
            filterText = nil
            filtering = false
            view = arranged
            return move(to: 0)
        }
        do {
            let predicate = try Predicate(parsing: trimmed)
            // A field no loaded record has is a typo, said as --where says it, once every record is
            // loaded (one that comes later may have it).
            if loadFinished, let problem = FieldCheck.problem(with: predicate.path, option: "&", in: loaded.tables.map(\.table),
                                                              input: "the records") {
                message = problem
                return
            }
            filter = RowMatches(RecordFilter(predicates: [predicate]))
            filterText = trimmed
            filtering = true
            work(budget: 20_000)
        } catch let error as ListviewError {
            message = error.description
        } catch {
            message = "\(error)"
        }
    }

    mutating func toggleMark() {
        guard let address = view.address(at: cursor) else { return }
        if marks.remove(address) == nil { marks.insert(address) }
    }

    mutating func showDetail() {
        guard let address = view.address(at: cursor) else { return }
        let (names, values) = RecordTree.fields(of: view, at: address, flattenedBy: flattenSeparator)
        if reviewsDifferences, let lines = DifferenceDetail.lines(names: names, values: values, width: screenWidth) {
            mode = .detail(RecordTreeView(lines: lines, width: nil))
            return
        }
        mode = .detail(RecordTreeView(names: names, values: values, width: screenWidth))
    }

    /// The marked rows, in the order they are shown (all loaded rows, whatever the filter).
    public var markedInOrder: [RowAddress] {
        guard !marks.isEmpty else { return [] }
        return loaded.sections.flatMap(\.rows).filter(marks.contains)
    }
}

/// Which rows of each loaded table a `RecordFilter` keeps, worked out a block of rows at a
/// time (`workOut`) and kept (a class, so every copy of the model shares what was worked out).
public final class RowMatches {
    let filter: RecordFilter
    /// Per table, a flag per row worked out so far.
    private var kept: [[Bool]] = []

    public init(_ filter: RecordFilter) {
        self.filter = filter
    }

    /// Works out the matches of about `budget` more rows of `rows`' tables.
    func workOut(_ rows: BrowserRows, budget: Int) {
        var remaining = budget
        for (index, loaded) in rows.tables.enumerated() where remaining > 0 {
            if index == kept.count { kept.append([]) }
            let done = kept[index].count
            guard done < loaded.rowCount else { continue }
            let table = loaded.table
            guard table.rowCount == loaded.rowCount else {
                // A table on disk that could not be read back: none of its rows match.
                kept[index] += [Bool](repeating: false, count: loaded.rowCount - done)
                continue
            }
            let block = done..<min(table.rowCount, done + max(1, min(remaining, table.rowCount - done)))
            var flags = [Bool](repeating: false, count: block.count)
            for row in filter.rows(of: table, in: block) { flags[row.row - block.lowerBound] = true }
            kept[index] += flags
            remaining -= block.count
        }
    }

    /// True when every row of `rows`' tables is worked out.
    func isWorkedOut(_ rows: BrowserRows) -> Bool {
        rows.tables.count <= kept.count && zip(rows.tables, kept).allSatisfy { $0.rowCount == $1.count }
    }

    /// Whether the filter keeps `address` (false while not worked out).
    public func matches(_ address: RowAddress) -> Bool {
        let (table, row) = (Int(address.table), Int(address.row))
        return table < kept.count && row < kept[table].count && kept[table][row]
    }
}

extension BrowserRows {
    /// These rows less those `matches` leaves out; sections left empty are dropped.
    func filtered(by matches: RowMatches) -> BrowserRows {
        filtered { matches.matches($0) }
    }
}
