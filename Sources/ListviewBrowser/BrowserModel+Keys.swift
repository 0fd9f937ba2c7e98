/// What a key does: the key table (`BrowserKeys`) names the command, and the view the browser
/// is in carries it out. Each view takes the commands the table binds in it, and says which
/// it does not take (nil), so `BrowserKeysTests` can hold the table and the views together.
extension BrowserModel {
    public mutating func handle(_ key: BrowserKey) -> Action {
        if mode == .list { message = nil }
        // `z` in a record in full: `M` or `R` comes next.
        if case .detail(var tree) = mode, tree.awaitsFoldKey {
            tree.awaitsFoldKey = false
            if key == .character("M") || key == .character("R") {
                tree.setAllFolded(key == .character("M"), height: bodyHeight)
                mode = .detail(tree)
                return .none
            }
            mode = .detail(tree)
        }
        guard let command = BrowserKeys.command(for: key, in: mode.kind) else {
            unbound(key)
            return .none
        }
        // While a sort or group asked for is worked out, a key that moves among the rows or
        // acts on one waits for it to land: `S` then `g` goes to the first row of the sorted list.
        if mode == .list, arranging?.byKey == true, command.waitsForArrangement {
            keysAfterArranging.append(key)
            return .none
        }
        return perform(command, key: key) ?? .none
    }

    /// The keys that waited for an arrangement, handled in order now that it has landed.
    mutating func handleKeysAfterArranging() {
        let keys = keysAfterArranging
        keysAfterArranging = []
        for key in keys { _ = handle(key) }
    }

    /// A key no row binds in the view: typed at a prompt; on the keys, it goes back.
    private mutating func unbound(_ key: BrowserKey) {
        switch mode {
        case .prompt(let prompt, let text):
            guard case .character(let character) = key, !character.isNewline,
                  character.unicodeScalars.allSatisfy({ $0.value >= 0x20 }) else { return }
            mode = .prompt(prompt, text: text + String(character))
        case .help:
            mode = .list
        case .list, .detail, .frequency, .summary:
            break
        }
    }

    /// Carries out `command` in the current view (`key` for where a mouse event is); nil when the
    /// view does not take the command.
    mutating func perform(_ command: BrowserCommand, key: BrowserKey) -> Action? {
        if command == .quitWithoutWriting { return .quit(writing: false) }
        // Esc stops the work under way in every view, and only then leaves one.
        if command == .cancel, cancelWork() { return Action.none }
        switch mode {
        case .list: return performInList(command, key: key)
        case .detail(let tree): return performInDetail(command, key: key, tree: tree)
        case .help(let top): return performInHelp(command, top: top) ? Action.none : nil
        case .prompt(let prompt, let text): return performInPrompt(command, prompt: prompt, text: text) ? Action.none : nil
        case .frequency(let table, let top, let cursor):
            return performInFrequency(command, table: table, top: top, cursor: cursor) ? Action.none : nil
        case .summary(let summary, let top, let cursor):
            return performInSummary(command, summary: summary, top: top, cursor: cursor) ? Action.none : nil
        }
    }

    private mutating func performInList(_ command: BrowserCommand, key: BrowserKey) -> Action? {
        if let position = command.moved(from: cursor, count: view.count, page: bodyHeight) {
            // `G` before the load ends: the cursor follows the last row as rows arrive.
            if command == .last { followsEnd = !loadFinished }
            move(to: position)
            return Action.none
        }
        switch command {
        case .columnLeft: moveColumn(to: currentColumn - 1)
        case .columnRight: moveColumn(to: currentColumn + 1)
        case .sortAscending: sortByCurrentColumn(descending: false)
        case .sortDescending: sortByCurrentColumn(descending: true)
        case .group: groupByCurrentColumn()
        case .undo: undo()
        case .frequency: countCurrentColumn()
        case .summary: describeColumns()
        case .goToRow: mode = .prompt(.row, text: "")
        case .goToColumn: mode = .prompt(.column, text: "")
        case .hideColumn: hideCurrentColumn()
        case .showHiddenColumns: showHiddenColumns()
        case .pinColumn: pinCurrentColumn()
        case .narrowColumn: resizeCurrentColumn(by: -1)
        case .widenColumn: resizeCurrentColumn(by: 1)
        case .fitColumn: resizeCurrentColumn(by: 0)
        case .wrapColumn: toggleWrap()
        case .markAll: markEveryRow()
        case .unmarkAll: marks = []
        case .nextSection: nextSection()
        case .previousSection: previousSection()
        case .search: mode = .prompt(.search, text: "")
        // The prompt opens empty: Enter alone clears the filter; the one in force is shown beside it.
        case .filter: mode = .prompt(.filter, text: "")
        case .nextMatch: findMatch(forward: true, from: cursor + 1)
        case .previousMatch: findMatch(forward: false, from: cursor - 1)
        case .mark: toggleMark()
        case .copyCell, .copyRow:
            guard let copy = copy(wholeRow: command == .copyRow) else {
                message = "nothing to copy"
                return Action.none
            }
            return .copy(copy)
        case .mouse:
            if case .mouse(let event) = key, let position = target(of: event) { move(to: position) }
        case .help: mode = .help(top: 0)
        case .open:
            if let dive = diveIntoCurrentCell() { return .dive(dive) }
            showDetail()
        case .back: return .back
        case .nextSheet: return .switchSheet(by: 1)
        case .previousSheet: return .switchSheet(by: -1)
        case .cancel: break  // nothing under way: the list stays
        case .quit: return .quit(writing: true)
        case .lineDown, .lineUp, .pageDown, .pageUp, .first, .last, .erase, .complete, .quitWithoutWriting,
             .copyPath, .copyValue, .toggleFold, .fold, .unfold, .foldEvery:
            return nil
        }
        return Action.none
    }

    /// A record in full: the moving keys move the cursor among its nodes, space and the arrows
    /// fold, `/` searches it, `y` and `Y` copy a node's path and value, Enter dives into a nested
    /// node; Enter on another, `q` and Esc go back.
    private mutating func performInDetail(_ command: BrowserCommand, key: BrowserKey, tree: RecordTreeView) -> Action? {
        var tree = tree
        defer { if case .detail = mode { mode = .detail(tree) } }
        if tree.move(command, height: bodyHeight) { return Action.none }
        switch command {
        case .toggleFold: tree.toggle(height: bodyHeight)
        case .fold: tree.foldOrLeave(height: bodyHeight)
        case .unfold: tree.unfoldOrEnter(height: bodyHeight)
        case .foldEvery: tree.awaitsFoldKey = true
        case .search:
            treeUnderPrompt = tree
            mode = .prompt(.search, text: "")
        case .nextMatch, .previousMatch:
            guard let text = tree.searchText else {
                message = "no search yet: / searches"
                return Action.none
            }
            if !tree.find(text, forward: command == .nextMatch, height: bodyHeight) { message = "'\(text)' not found" }
        case .copyPath, .copyValue:
            guard let node = tree.current, let value = node.value, let path = path(of: tree.cursor, in: tree) else {
                message = "nothing to copy"
                return Action.none
            }
            return .copy(command == .copyPath ? .text(path, what: "path") : .text(value.compactJSON, what: "value"))
        case .open:
            if let dive = dive(into: tree, node: tree.cursor) { return .dive(dive) }
            mode = .list
        case .quit, .cancel: mode = .list
        case .mouse:
            guard case .mouse(let event) = key else { return Action.none }
            if event.kind == .click {
                tree.select(line: tree.top + event.line - linesAboveList - 1, height: bodyHeight)
            } else {
                tree.scroll(by: event.scroll, height: bodyHeight)
            }
        default: return nil
        }
        return Action.none
    }

    /// The keys: the moving keys scroll them on a screen too short for them; any other key goes back.
    private mutating func performInHelp(_ command: BrowserCommand, top: Int) -> Bool {
        let last = max(0, BrowserScreen.help.count - (bodyHeight + 2))
        if let line = command.moved(from: top, count: last + 1, page: bodyHeight) {
            mode = .help(top: max(0, min(last, line)))
            return true
        }
        guard command == .cancel else { return false }
        mode = .list
        return true
    }

    private mutating func performInPrompt(_ command: BrowserCommand, prompt: Prompt, text: String) -> Bool {
        // A search in a record in full goes back to it.
        if var tree = treeUnderPrompt, command == .cancel || command == .open {
            treeUnderPrompt = nil
            if command == .open, !text.isEmpty {
                tree.searchText = text
                if !tree.find(text, forward: true, height: bodyHeight) { message = "'\(text)' not found" }
            }
            mode = .detail(tree)
            return true
        }
        switch command {
        case .cancel: mode = .list
        case .erase: mode = .prompt(prompt, text: String(text.dropLast()))
        case .complete:
            guard prompt == .column else { return true }
            mode = .prompt(prompt, text: ColumnPrompt.completed(text, among: columns.map(\.path.text)))
        case .open:
            mode = .list
            switch prompt {
            case .search: runSearch(text)
            case .filter:
                pushUndo()
                applyFilter(text)
            case .row: jumpToRow(text)
            case .column: jumpToColumn(text)
            }
        default: return false
        }
        return true
    }

    /// The frequency view: Enter lists the rows holding the value under the cursor; `F`, `q`
    /// and Esc go back.
    private mutating func performInFrequency(_ command: BrowserCommand, table: FrequencyTable, top: Int, cursor: Int) -> Bool {
        if let (first, position) = scrolled(command, top: top, cursor: cursor, count: table.entries.count) {
            mode = .frequency(table, top: first, cursor: position)
            return true
        }
        switch command {
        case .frequency, .quit, .cancel: mode = .list
        case .open:
            mode = .list
            guard !table.entries.isEmpty else { return true }
            pushUndo()
            applyFilter(table.filterText(forEntry: cursor))
        default: return false
        }
        return true
    }

    /// The summary: Enter goes back to the list on the column under the cursor; `I`, `q` and
    /// Esc go back where the list was.
    private mutating func performInSummary(_ command: BrowserCommand, summary: SummaryView, top: Int, cursor: Int) -> Bool {
        if let (first, position) = scrolled(command, top: top, cursor: cursor, count: summary.lines.count) {
            mode = .summary(summary, top: first, cursor: position)
            return true
        }
        switch command {
        case .summary, .quit, .cancel: mode = .list
        case .open:
            mode = .list
            let name = cursor < summary.lines.count ? summary.lines[cursor].column : nil
            if let name, let index = columns.firstIndex(where: { $0.path.text == name }) { moveColumn(to: index) }
        default: return false
        }
        return true
    }

    /// Where a moving command takes the cursor of a view of `count` lines, and the first line
    /// then on screen; nil for another command.
    private func scrolled(_ command: BrowserCommand, top: Int, cursor: Int, count: Int) -> (top: Int, cursor: Int)? {
        guard let moved = command.moved(from: cursor, count: count, page: bodyHeight) else { return nil }
        let position = max(0, min(moved, count - 1))
        var first = top
        if position < first { first = position }
        if position >= first + bodyHeight { first = position - bodyHeight + 1 }
        return (first, position)
    }
}
