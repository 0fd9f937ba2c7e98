import ListviewBatches
import ListviewDataSource
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// The keys that arrange the view without leaving it: sort (`s`, `S`), group (`=`), the
/// frequency view (`F`), jumps (`:`, `c`), hidden, pinned and resized columns (`-`, `+`, `!`,
/// `<`, `>`, `_`), marking every row (`M`, `U`) and undo (`u`). Sorts, groups and counts are
/// worked out on the second core (`ViewWork`): the status line shows their progress and Esc
/// cancels them.
extension BrowserModel {
    // MARK: - The current column

    /// Moves the current column to `index` (kept among the columns) and scrolls to show it.
    mutating func moveColumn(to index: Int) {
        currentColumn = max(0, min(index, columns.count - 1))
        keepCurrentColumnOnScreen()
    }

    /// Scrolls the columns after the pinned ones so that the current column is on screen.
    mutating func keepCurrentColumnOnScreen() {
        let all = columns, fixed = pinnedCount
        currentColumn = max(0, min(currentColumn, all.count - 1))
        guard currentColumn >= fixed else { return }
        if currentColumn < max(fixed, firstColumn) { firstColumn = currentColumn }
        let widths = columnWidths()
        func shownWidth(from first: Int) -> Int {
            let indices = Array(0..<fixed) + Array(max(fixed, first)...currentColumn)
            return indices.reduce(2) { $0 + widths[$1] + 2 }
        }
        while firstColumn < currentColumn, shownWidth(from: firstColumn) > screenWidth { firstColumn += 1 }
    }

    /// The width each of `columns` is drawn at: as measured, or as `<` and `>` set it (a wrapped
    /// column's at most a third of the screen, for scrolling).
    func columnWidths() -> [Int] {
        let specs = columns
        return zip(specs, view.layout(specs).columns).map { spec, column in
            let width = widths[spec.path.text] ?? column.width
            // A wrapped column takes what the screen leaves it: counted here at a third of it.
            return wrappedColumns.contains(spec.path.text) ? min(width, max(20, screenWidth / 3)) : width
        }
    }

    // MARK: - Sorting and grouping

    /// `s` and `S`: sorts by the current column, or changes the direction of its sort, or, when it
    /// sorts that way already, removes its sort; another column's sort comes after.
    mutating func sortByCurrentColumn(descending: Bool) {
        guard let name = currentColumnName else { return }
        pushUndo()
        let path = FieldPath(name)
        if let index = sort.firstIndex(where: { $0.path == path }) {
            if sort[index].descending == descending { sort.remove(at: index) } else { sort[index].descending = descending }
        } else {
            sort.append(SortSpec(path: path, descending: descending))
        }
        startArranging(keeping: view.address(at: cursor), byKey: true)
    }

    /// `=`: groups by the current column (a level inside those there are), or removes its level.
    mutating func groupByCurrentColumn() {
        guard let name = currentColumnName else { return }
        pushUndo()
        let path = FieldPath(name)
        if let index = groupBy.firstIndex(of: path) { groupBy.remove(at: index) } else { groupBy.append(path) }
        startArranging(keeping: view.address(at: cursor), byKey: true)
    }

    /// Starts arranging the loaded rows by the view's sort and groups on the second core (the one
    /// under way is dropped); without either, the loaded rows show as they are. `byKey`: for a
    /// change of the sort or groups that Esc takes back (not rows that arrived).
    mutating func startArranging(keeping address: RowAddress?, byKey: Bool = false) {
        let keyPending = byKey || arranging?.byKey == true
        arranging?.work.cancel()
        arranging = nil
        guard arrangesInView else {
            arranged = loaded
            showArranged(keeping: address)
            return
        }
        let (rows, sort, groupBy) = (loaded, sort, groupBy)
        let first = sort.isEmpty ? "grouping" : "sorting"
        arranging = (ViewWork(first) { progress in ViewArranger.arranged(rows, sort: sort, groupBy: groupBy, progress: progress) },
                     address, keyPending)
    }

    /// Shows `arranged` (less the filter's rows), with the cursor on `address` when it is shown.
    private mutating func showArranged(keeping address: RowAddress?) {
        if let filter, !filtering { view = arranged.filtered(by: filter) } else if filter == nil { view = arranged }
        let position = address.flatMap { address in (0..<view.count).first { view.address(at: $0) == address } }
        cursor = position ?? 0
        if position == nil { top = 0 }
        clampCursor()
    }

    /// Takes what the second core has worked out: an arrangement, or a frequency table.
    mutating func takeWorkDone() {
        if let (work, keeping, _) = arranging, let rows = work.result {
            arranging = nil
            arranged = rows
            showArranged(keeping: keeping)
            handleKeysAfterArranging()
        }
        if let work = counting, let table = work.result {
            counting = nil
            mode = .frequency(table, top: 0, cursor: 0)
        }
        if let work = describing, let summary = work.result {
            describing = nil
            let cursor = summary.lines.firstIndex { $0.column != nil && $0.column == currentColumnName } ?? 0
            mode = .summary(summary, top: max(0, cursor - bodyHeight + 1), cursor: cursor)
        }
    }

    /// True while the view's sort or groups are being worked out.
    public var isArranging: Bool { arranging != nil }

    /// `sort amount↓ · group status`, or nil for the loaded order.
    public var arrangementText: String? {
        var parts: [String] = []
        if !sort.isEmpty { parts.append("sort " + sort.map { "\($0.path.text)\($0.descending ? "↓" : "↑")" }.joined(separator: ", ")) }
        if !groupBy.isEmpty { parts.append("group " + groupBy.map(\.text).joined(separator: " › ")) }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// Esc while an arrangement or a frequency table is worked out: stops it, and the view stays
    /// as it was (a sort or a group given up is taken back). False when nothing was under way.
    mutating func cancelWork() -> Bool {
        if let work = counting {
            work.cancel()
            counting = nil
            message = "cancelled"
            return true
        }
        if let work = describing {
            work.cancel()
            describing = nil
            message = "cancelled"
            return true
        }
        guard let (work, _, byKey) = arranging else { return false }
        work.cancel()
        arranging = nil
        keysAfterArranging = []  // they waited for what is given up
        // A sort or group given up is taken back; rows that arrived are arranged with the next ones.
        if byKey, let previous = undoStack.popLast() {
            sort = previous.sort
            groupBy = previous.groupBy
        }
        message = "cancelled"
        return true
    }

    // MARK: - Undo

    /// Keeps the view's arrangement, for `u` to restore.
    mutating func pushUndo() {
        undoStack.append(state)
        if undoStack.count > 100 { undoStack.removeFirst() }
    }

    /// `u`: restores the arrangement before the last change of sort, groups, filter, hidden or pinned columns.
    mutating func undo() {
        guard let previous = undoStack.popLast() else {
            message = "nothing to undo"
            return
        }
        let keeping = view.address(at: cursor)
        let arrangementChanged = previous.sort != sort || previous.groupBy != groupBy
        (sort, groupBy, hidden, pinned) = (previous.sort, previous.groupBy, previous.hidden, previous.pinned)
        if previous.filterText != filterText { applyFilter(previous.filterText ?? "") }
        if arrangementChanged { startArranging(keeping: keeping) }
        keepCurrentColumnOnScreen()
        message = "undone"
    }

    // MARK: - Frequency

    /// `F`: the frequency view of the current column over the rows shown, worked out on the second core.
    mutating func countCurrentColumn() {
        guard let name = currentColumnName else { return }
        counting?.cancel()
        let (rows, field) = (view, FieldPath(name))
        // The review screen's changed fields count one by one: which fields change most.
        let elements = reviewsDifferences && name == "fields"
        counting = ViewWork("counting \(name)") { progress in FrequencyTable.counted(rows, field: field, elements: elements, progress: progress) }
    }

    /// `I`: the summary of every column shown over the rows shown, worked out on the second core.
    mutating func describeColumns() {
        describing?.cancel()
        let (rows, paths, width) = (view, columns.map(\.path), screenWidth)
        describing = ViewWork("describing") { progress in SummaryView.described(rows, columns: paths, width: width, progress: progress) }
    }

    // MARK: - Jumps

    /// `:N`: the cursor to row N of the view.
    mutating func jumpToRow(_ text: String) {
        guard let number = Int(text.trimmingWhitespace), number >= 1 else {
            message = "':' takes a row number"
            return
        }
        move(to: number - 1)
    }

    /// `c NAME`: the current column to the first column whose name starts with `text` (or holds
    /// it), an exact name first.
    mutating func jumpToColumn(_ text: String) {
        let names = columns.map(\.path.text)
        guard let name = ColumnPrompt.matches(text, among: names).first, let index = names.firstIndex(of: name) else {
            message = "no column matches '\(text)'"
            return
        }
        moveColumn(to: index)
    }

    // MARK: - Hidden, pinned and resized columns

    /// `-`: hides the current column.
    mutating func hideCurrentColumn() {
        guard let name = currentColumnName, columns.count > 1 else { return }
        pushUndo()
        hidden.append(name)
        keepCurrentColumnOnScreen()
        message = "hid \(name) (+ shows it again)"
    }

    /// `+`: shows the hidden columns again.
    mutating func showHiddenColumns() {
        guard !hidden.isEmpty else { return }
        pushUndo()
        hidden = []
        keepCurrentColumnOnScreen()
    }

    /// `!`: pins the current column on the left, or unpins it.
    mutating func pinCurrentColumn() {
        guard let name = currentColumnName else { return }
        pushUndo()
        if let index = pinned.firstIndex(of: name) { pinned.remove(at: index) } else { pinned.append(name) }
        currentColumn = columns.firstIndex { $0.path.text == name } ?? 0
        keepCurrentColumnOnScreen()
    }

    /// `<` narrows the current column (`step` -1), `>` widens it (1), `_` fits it to its values (0).
    mutating func resizeCurrentColumn(by step: Int) {
        guard let name = currentColumnName else { return }
        let index = currentColumn
        if step == 0 {
            widths[name] = nil
        } else {
            let width = columnWidths()[index]
            widths[name] = max(3, width + step * max(2, width / 4))
        }
        keepCurrentColumnOnScreen()
    }

    // MARK: - Marks

    /// `M`: marks every row of the view (after the filter).
    mutating func markEveryRow() {
        for section in view.sections { marks.formUnion(section.rows) }
        message = "\(RecordCount.text(marks.count, noun: "row")) marked"
    }
}

/// The column names a `c` prompt offers: those starting with the text typed (any case), then
/// those holding it, and Tab's completion of the text.
enum ColumnPrompt {
    static func matches(_ text: String, among names: [String]) -> [String] {
        let typed = text.lowercased()
        guard !typed.isEmpty else { return names }
        let exact = names.filter { $0.lowercased() == typed }
        let starting = names.filter { $0.lowercased().hasPrefix(typed) && !exact.contains($0) }
        let holding = names.filter { $0.lowercased().contains(typed) && !$0.lowercased().hasPrefix(typed) }
        return exact + starting + holding
    }

    /// `text` completed to the longest start the names matching it share (the one name, when one matches).
    static func completed(_ text: String, among names: [String]) -> String {
        let matching = matches(text, among: names)
        guard var common = matching.first else { return text }
        for name in matching.dropFirst() {
            while !name.lowercased().hasPrefix(common.lowercased()) { common.removeLast() }
        }
        return common.count >= text.count ? common : text
    }
}
