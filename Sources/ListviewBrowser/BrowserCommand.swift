/// What a key asks of the browser, whatever the view it is pressed in: the key table
/// (`BrowserKeys`) turns a key into a command, and the view under the key carries it out its
/// way (`BrowserModel.perform`). The moving commands mean the same in every view that
/// scrolls: the list, a record in full, the keys, the frequency and the summary view.
public enum BrowserCommand: CaseIterable, Sendable {
    /// A line down, up; a page down, up; the first, the last line.
    case lineDown, lineUp, pageDown, pageUp, first, last
    /// The current column left, right.
    case columnLeft, columnRight
    /// Open a prompt: a row number (`:`), a column's name (`c`), a search (`/`), a filter (`&`).
    case goToRow, goToColumn, search, filter
    /// The next, the previous match of the last search.
    case nextMatch, previousMatch
    /// Sort by the current column up, down; group by it.
    case sortAscending, sortDescending, group
    /// The frequency view of the current column (`F`), the summary of every column (`I`); in
    /// that view, back to the list.
    case frequency, summary
    /// Hide the current column; show the hidden ones; pin or unpin the current column.
    case hideColumn, showHiddenColumns, pinColumn
    /// Narrow, widen, fit the current column; wrap its long cells or put them on one line.
    case narrowColumn, widenColumn, fitColumn, wrapColumn
    /// Undo the last change of arrangement.
    case undo
    /// The first row of the next, the previous section.
    case nextSection, previousSection
    /// Mark or unmark the row under the cursor; mark every row shown; unmark every row.
    case mark, markAll, unmarkAll
    /// Copy the cell, the row under the cursor.
    case copyCell, copyRow
    /// In a record in full: copy the node's path, its value as JSON.
    case copyPath, copyValue
    /// In a record in full: fold or unfold the node; fold it or go to its parent; unfold it or
    /// go to its first child; `z` then `M` or `R`, fold or unfold every node.
    case toggleFold, fold, unfold, foldEvery
    /// Back from a dived sheet to where the dive began.
    case back
    /// The next, the previous file's sheet.
    case nextSheet, previousSheet
    /// A click or a notch of the wheel.
    case mouse
    /// Enter: a nested cell or node as a sheet of its own, else the record in full (and back
    /// from it), the rows holding a frequency's value, the summary's column, or what a prompt asks.
    case open
    /// Esc: stop the work under way; with none, leave the view or the prompt.
    case cancel
    /// Erase the last character typed at a prompt; complete a column's name.
    case erase, complete
    /// The keys (`?`).
    case help
    /// `q`: quit writing the marked rows; in a view over the list, back to the list.
    case quit
    /// Ctrl-C: quit writing nothing.
    case quitWithoutWriting

    /// Where a moving command takes `position` among `count` lines, a page being `page` lines:
    /// the one scroll mapping of every view (not kept among the lines). Nil for any other command.
    func moved(from position: Int, count: Int, page: Int) -> Int? {
        switch self {
        case .lineDown: return position + 1
        case .lineUp: return position - 1
        case .pageDown: return position + page
        case .pageUp: return position - page
        case .first: return 0
        case .last: return count - 1
        default: return nil
        }
    }

    /// True for a command that moves among the rows or acts on the one under the cursor: one
    /// pressed while a sort or group is worked out waits for it to land (`BrowserModel.handle`).
    var waitsForArrangement: Bool {
        switch self {
        case .lineDown, .lineUp, .pageDown, .pageUp, .first, .last, .goToRow, .nextMatch, .previousMatch,
             .nextSection, .previousSection, .mark, .open:
            return true
        default:
            return false
        }
    }
}
