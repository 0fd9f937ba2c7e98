import ListviewBatches
import ListviewValues

/// What `y` and `Y` copy: the text of the cell under the cursor in the current column, or
/// the row under the cursor, which the browser writes in the output style
/// (`Browser.clipboard`) before it goes to the terminal (`TerminalClipboard`).
public enum BrowserCopy: Equatable, Sendable {
    /// `y`: a cell's text as it is in the data (nested values as compact JSON), and its column.
    case cell(text: String, column: String)
    /// `Y`: the row at `address`, the `number`th (from 1) of the rows shown.
    case row(RowAddress, number: Int)
    /// `y`, `Y` in a record in full: a node's path or value, `what` the message calls it.
    case text(String, what: String)

    /// What the status line says once the copy is on its way: `copied 'Ada Lovelace'` (cut
    /// to `width` cells, control characters escaped), `copied row 3 (csv)`.
    func message(style: String, width: Int = 30) -> String {
        switch self {
        case .cell(let text, _):
            let shown = TerminalEscaping.escaped(text)
            let cut = DisplayWidth.of(shown) <= width ? shown : TextFitting.truncated(shown, to: width)
            return "copied '\(cut)'"
        case .text(let text, let what):
            let shown = TerminalEscaping.escaped(text)
            return "copied \(what) '\(DisplayWidth.of(shown) <= width ? shown : TextFitting.truncated(shown, to: width))'"
        case .row(_, let number):
            return "copied row \(number) (\(style))"
        }
    }
}

extension BrowserModel {
    /// What `y` (the cell in the current column) or `Y` (`wholeRow`) copies, or nil when no row is shown or its table cannot
    /// be read back.
    func copy(wholeRow: Bool) -> BrowserCopy? {
        guard let address = view.address(at: cursor) else { return nil }
        if wholeRow { return .row(address, number: cursor + 1) }
        let columns = self.columns
        guard currentColumn < columns.count else { return nil }
        let path = columns[currentColumn].path
        let table = view.tables[Int(address.table)].table
        let row = Int(address.row)
        guard row < table.rowCount, let field = table.fields([path]).first else { return nil }
        let value = table.withCells { cells in field.value(row: row, in: cells) ?? RecordTree.nested(field, row: row, cells: cells) }
        return .cell(text: CellText.unescapedText(for: value), column: path.text)
    }
}
