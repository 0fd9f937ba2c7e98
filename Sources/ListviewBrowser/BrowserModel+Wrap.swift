import ListviewBatches
import ListviewPresentation
import ListviewValues

/// `w`: long cells of a column wrap within it, each row as tall as its tallest wrapped cell.
///
/// A wrapped column is no wider than the screen leaves it, so its text wraps where the screen
/// would have cut it. Positions stay one per row: only the lines a row takes on screen change,
/// so the screen lays rows out from `top` by their heights and keeps the cursor's row on it.
extension BrowserModel {
    /// `w`: wraps the current column's cells, or puts them back on one line.
    mutating func toggleWrap() {
        guard let name = currentColumnName else { return }
        if wrappedColumns.remove(name) == nil {
            wrappedColumns.insert(name)
            message = "col \(name) wraps"
            // Narrower now: the columns before it come back on screen where they fit.
            firstColumn = 0
        } else {
            message = "col \(name) on one line"
        }
        keepCurrentColumnOnScreen()
        clampCursor()
    }

    /// The columns on screen laid out: measured over the rows, widths set with `<` and `>`, and a
    /// wrapped column no wider than the screen leaves it.
    var shownLayout: TableLayout {
        var layout = view.layout(shownColumns)
        var start = 2  // the mark's cells
        for index in layout.columns.indices {
            let name = layout.columns[index].spec.path.text
            if let width = widths[name] { layout.columns[index].width = width }
            if wrappedColumns.contains(name) { layout.columns[index].width = max(1, min(layout.columns[index].width, screenWidth - start)) }
            start += layout.columns[index].width + layout.gap
        }
        return layout
    }

    /// Whether column `index` of `layout` wraps.
    func wraps(_ index: Int, of layout: TableLayout) -> Bool {
        index < layout.columns.count && wrappedColumns.contains(layout.columns[index].spec.path.text)
    }

    /// The screen lines of the row at `address` in `layout`: one, or as many as its tallest
    /// wrapped cell takes.
    func lines(of address: RowAddress, in layout: TableLayout, table: CellTable, fields: [TableField]) -> [String] {
        let values = table.withCells { cells in fields.map { $0.value(row: Int(address.row), in: cells) } }
        return layout.lines(of: values, wrapping: { wraps($0, of: layout) })
    }

    /// The screen lines display line `line` takes: a section's header one, a row as many as its
    /// wrapped cells need.
    func height(ofLine line: Int, in layout: TableLayout) -> Int {
        guard !wrappedColumns.isEmpty, case .row(let position)? = view.content(ofLine: line),
              let address = view.address(at: position) else { return 1 }
        let table = view.tables[Int(address.table)].table
        let fields = table.fields(layout.columns.map(\.spec.path))
        var tallest = 1
        table.withCells { cells in
            for index in layout.columns.indices where wraps(index, of: layout) {
                let text = CellText.text(for: fields[index].value(row: Int(address.row), in: cells))
                tallest = max(tallest, TextFitting.wrapped(text, to: layout.columns[index].width).count)
            }
        }
        return tallest
    }

    /// With wrapped columns, moves `top` down until the cursor's row fits on screen whole (or
    /// begins the screen when it is taller than the screen).
    mutating func keepWrappedCursorShown() {
        guard !wrappedColumns.isEmpty, view.count > 0 else { return }
        let layout = shownLayout
        let cursorLine = view.line(of: cursor)
        var first = cursorLine
        var used = height(ofLine: cursorLine, in: layout)
        while first > firstBodyLine {
            let above = height(ofLine: first - 1, in: layout)
            guard used + above <= bodyHeight else { break }
            used += above
            first -= 1
        }
        if first > firstBodyLine { top = first }
    }

    /// The display line on body line `bodyLine` (from 0) when rows take their wrapped heights.
    func displayLine(atBodyLine bodyLine: Int) -> Int {
        guard !wrappedColumns.isEmpty else { return firstBodyLine + bodyLine }
        let layout = shownLayout
        var line = firstBodyLine, used = 0
        while true {
            let height = height(ofLine: line, in: layout)
            if bodyLine < used + height { return line }
            used += height
            line += 1
        }
    }
}
