import ListviewBatches
import ListviewDataSource
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// A key the browser acts on, decoded from the terminal's input.
public enum BrowserKey: Equatable, Sendable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace
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
        /// The record under the cursor in full, from line `top`.
        case detail(lines: [String], top: Int)
        case help
        /// Typing a search (`/`) or a filter (`&`).
        case prompt(Prompt, text: String)
    }

    public enum Prompt: Equatable {
        case search, filter
    }

    /// What a key asks of the program around the model.
    public enum Action: Equatable {
        case none
        /// Quit; write the marked rows when `writing`.
        case quit(writing: Bool)
        /// Put a cell or a row on the clipboard (`y`, `Y`).
        case copy(BrowserCopy)
    }

    /// The loaded rows (the latest snapshot) and the rows shown of them.
    public private(set) var loaded = BrowserRows()
    public private(set) var view = BrowserRows()
    public private(set) var loadFinished = false
    public private(set) var mode = Mode.list
    public private(set) var cursor = 0
    public private(set) var top = 0
    /// The first column on screen (`h`/`l`).
    public private(set) var firstColumn = 0
    public private(set) var marks: Set<RowAddress> = []
    /// A line for the status bar: the outcome of the last search or filter.
    public private(set) var message: String?
    public private(set) var searchText: String?
    public private(set) var filterText: String?
    /// Rows on screen below the headers, set by the screen.
    public var bodyHeight = 20
    /// `G` before the load ends: the cursor follows the last row as rows arrive.
    private var followsEnd = false
    /// A search under way: the next position to look at, the direction, and where it began.
    private var searching: (text: TextSearch, next: Int, forward: Bool)?
    /// The `&` filter, and whether its matches over the loaded tables are all worked out.
    private var filter: RowMatches?
    private var filtering = false
    /// The `--fields` shown, or nil for every column.
    public let fields: [FieldPath]?
    public let excluded: FieldExclusion

    public init(fields: [FieldPath]?, excluded: FieldExclusion = FieldExclusion()) {
        self.fields = fields
        self.excluded = excluded
    }

    /// The columns shown, in order.
    public var columns: [ColumnSpec] {
        (fields ?? view.columns.filter { !excluded.excludes($0) }.map(FieldPath.init)).map { ColumnSpec($0) }
    }

    /// Takes newly loaded rows: the cursor stays on its row when the rows only grew.
    public mutating func update(rows: BrowserRows, finished: Bool) {
        // Rows only grow while batches arrive; a whole table or the list's sections replace them.
        let grew = rows.tables.count >= loaded.tables.count && rows.hasHeaders == loaded.hasHeaders
            && zip(rows.tables, loaded.tables).allSatisfy { $0.rowCount == $1.rowCount }
        let rearranged = !grew && !loaded.tables.isEmpty
        let current = view.address(at: cursor)
        if rearranged {
            // Matches were worked out per table: the tables are new.
            if let old = filter {
                filter = RowMatches(old.filter)
                filtering = true
            }
        }
        loaded = rows
        loadFinished = finished
        if let filter {
            // Batches as they arrive are small: their matches are worked out at once.
            if !filtering { filter.workOut(rows, budget: .max) }
            if !filtering || filter.isWorkedOut(rows) { view = rows.filtered(by: filter) }
        } else {
            view = rows
        }
        if rearranged, let current, !(rows.sections.count == 1 && !rows.hasHeaders) {
            // Sections replaced the batches: find the row again.
            cursor = (0..<view.count).first { view.address(at: $0).map { address in
                address == current || rows.tables.count == 1 && address.row == current.row
            } ?? false } ?? 0
        }
        if followsEnd { cursor = max(0, view.count - 1) }
        if finished { followsEnd = false }
        clampCursor()
    }

    // MARK: - Keys

    public mutating func handle(_ key: BrowserKey) -> Action {
        if key == .interrupt { return .quit(writing: false) }
        switch mode {
        case .list: return handleList(key)
        case .detail(let lines, let top): handleDetail(key, lines: lines, top: top)
        case .help: mode = .list
        case .prompt(let prompt, let text): handlePrompt(key, prompt: prompt, text: text)
        }
        return .none
    }

    private mutating func handleList(_ key: BrowserKey) -> Action {
        message = nil
        switch key {
        case .character("j"), .down: move(to: cursor + 1)
        case .character("k"), .up: move(to: cursor - 1)
        case .character("\u{06}"), .character(" "), .pageDown: move(to: cursor + bodyHeight)
        case .character("\u{02}"), .pageUp: move(to: cursor - bodyHeight)
        case .character("g"), .home: move(to: 0)
        case .character("G"), .end:
            followsEnd = !loadFinished
            move(to: view.count - 1)
        case .character("h"), .left: firstColumn = max(0, firstColumn - 1)
        case .character("l"), .right: firstColumn = min(max(0, columns.count - 1), firstColumn + 1)
        case .character("]"): nextSection()
        case .character("["): previousSection()
        case .character("/"): mode = .prompt(.search, text: "")
        case .character("&"): mode = .prompt(.filter, text: filterText ?? "")
        case .character("n"): findMatch(forward: true, from: cursor + 1)
        case .character("N"): findMatch(forward: false, from: cursor - 1)
        case .character("m"): toggleMark()
        case .character("y"), .character("Y"):
            guard let copy = copy(wholeRow: key == .character("Y")) else { message = "nothing to copy"; break }
            return .copy(copy)
        case .mouse(let event): if let position = target(of: event) { move(to: position) }
        case .character("?"): mode = .help
        case .enter: showDetail()
        case .character("q"): return .quit(writing: true)
        default: break
        }
        return .none
    }

    private mutating func handleDetail(_ key: BrowserKey, lines: [String], top: Int) {
        let last = max(0, lines.count - bodyHeight)
        switch key {
        case .escape, .character("q"), .enter: mode = .list
        case .character("j"), .down: mode = .detail(lines: lines, top: min(last, top + 1))
        case .character("k"), .up: mode = .detail(lines: lines, top: max(0, top - 1))
        case .character("\u{06}"), .character(" "), .pageDown: mode = .detail(lines: lines, top: min(last, top + bodyHeight))
        case .character("\u{02}"), .pageUp: mode = .detail(lines: lines, top: max(0, top - bodyHeight))
        case .character("g"), .home: mode = .detail(lines: lines, top: 0)
        case .character("G"), .end: mode = .detail(lines: lines, top: last)
        case .mouse(let event): mode = .detail(lines: lines, top: max(0, min(last, top + event.scroll)))
        default: break
        }
    }

    private mutating func handlePrompt(_ key: BrowserKey, prompt: Prompt, text: String) {
        switch key {
        case .escape: mode = .list
        case .backspace: mode = .prompt(prompt, text: String(text.dropLast()))
        case .character(let character) where !character.isNewline && character.unicodeScalars.allSatisfy({ $0.value >= 0x20 }):
            mode = .prompt(prompt, text: text + String(character))
        case .enter:
            mode = .list
            if prompt == .search { runSearch(text) } else { applyFilter(text) }
        default: break
        }
    }

    // MARK: - Moving

    private mutating func move(to position: Int) {
        cursor = position
        if position < view.count - 1 { followsEnd = false }
        clampCursor()
    }

    /// Keeps the cursor on a row and on screen.
    private mutating func clampCursor() {
        cursor = max(0, min(cursor, view.count - 1))
        let line = view.line(of: cursor)
        // A section's first row brings its header on screen too.
        let wanted = view.hasHeaders && view.section(of: cursor).map { view.firstPosition(of: $0) } == cursor ? line - 1 : line
        if wanted < top { top = max(0, wanted) }
        if line >= top + bodyHeight { top = line - bodyHeight + 1 }
        top = max(0, min(top, max(0, view.lineCount - bodyHeight)))
    }

    private mutating func nextSection() {
        guard let section = view.section(of: cursor) else { return }
        var next = section + 1
        while next < view.sections.count, view.sections[next].rows.isEmpty { next += 1 }
        if next < view.sections.count { move(to: view.firstPosition(of: next)) }
    }

    private mutating func previousSection() {
        guard let section = view.section(of: cursor) else { return }
        if cursor > view.firstPosition(of: section) { return move(to: view.firstPosition(of: section)) }
        var previous = section - 1
        while previous >= 0, view.sections[previous].rows.isEmpty { previous -= 1 }
        if previous >= 0 { move(to: view.firstPosition(of: previous)) }
    }

    // MARK: - Search, filter, marks, detail

    private mutating func runSearch(_ text: String) {
        guard !text.isEmpty else { return }
        searchText = text
        findMatch(forward: true, from: cursor)
    }

    private mutating func findMatch(forward: Bool, from start: Int) {
        guard let text = searchText else {
            message = "no search yet: / searches"
            return
        }
        searching = (TextSearch(text), start, forward)
        work(budget: 20_000)
    }

    /// Shows `text` on the status line until the next key (what a copy put on the clipboard).
    public mutating func report(_ text: String) { message = text }

    /// True while a search or a filter is being worked out between keys.
    public var isWorking: Bool { searching != nil || filtering }

    /// What the status line says of the work under way.
    public var workText: String? {
        if let searching { return "searching '\(searching.text.text)'… row \(searching.next + 1)" }
        return filtering ? "filtering…" : nil
    }

    /// Goes on with the search or filter under way for about `budget` rows, so that a key
    /// pressed meanwhile is answered at once; a search that finds its row moves there.
    public mutating func work(budget: Int) {
        if filtering, let filter {
            filter.workOut(loaded, budget: budget)
            if filter.isWorkedOut(loaded) {
                filtering = false
                view = loaded.filtered(by: filter)
                move(to: 0)
                message = RecordCount.text(view.count)
            }
            return
        }
        guard var (text, position, forward) = searching else { return }
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

    private mutating func applyFilter(_ text: String) {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else {
            filter = nil
            filterText = nil
            filtering = false
            view = loaded
            return move(to: 0)
        }
        do {
            filter = RowMatches(RecordFilter(predicates: [try Predicate(parsing: trimmed)]))
            filterText = trimmed
            filtering = true
            work(budget: 20_000)
        } catch let error as ListviewError {
            message = error.description
        } catch {
            message = "\(error)"
        }
    }

    private mutating func toggleMark() {
        guard let address = view.address(at: cursor) else { return }
        if marks.remove(address) == nil { marks.insert(address) }
    }

    private mutating func showDetail() {
        guard let address = view.address(at: cursor) else { return }
        mode = .detail(lines: RecordTree.lines(of: view, at: address), top: 0)
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
