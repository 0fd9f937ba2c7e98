/// A mouse event the browser acts on, decoded by the terminal (`CursesTerminal`): button 1
/// on a screen cell, or a notch of the wheel.
public struct MouseEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Button 1 pressed (or clicked, where a terminal reports only clicks).
        case click
        case wheelUp, wheelDown
    }

    /// Rows (or lines of a record in full) one notch of the wheel moves: three, as less and
    /// most terminals scroll.
    public static let wheelRows = 3

    public var kind: Kind
    /// The screen line, 0 the top one.
    public var line: Int
    /// The screen column, 0 the leftmost one.
    public var column: Int

    public init(_ kind: Kind, line: Int, column: Int) {
        self.kind = kind
        self.line = line
        self.column = column
    }

    /// How far the event moves: `wheelRows` down (positive) or up, 0 for a click.
    public var scroll: Int {
        switch kind {
        case .click: return 0
        case .wheelUp: return -Self.wheelRows
        case .wheelDown: return Self.wheelRows
        }
    }
}

extension BrowserModel {
    /// The display line on the body's first screen line: `top`, or the line under it when `top`
    /// is a section's header, which the section line above the body shows instead.
    var firstBodyLine: Int {
        if view.hasHeaders, case .header = view.content(ofLine: top) { return top + 1 }
        return top
    }

    /// The row position a mouse event in the list moves the cursor to (not clamped), or nil
    /// when it moves nothing: a click on the column headers, a section's header, the status
    /// line or below the last row, or any event while no row is shown.
    func target(of event: MouseEvent) -> Int? {
        guard view.count > 0 else { return nil }
        switch event.kind {
        case .wheelUp, .wheelDown:
            return cursor + event.scroll
        case .click:
            let bodyLine = event.line - linesAboveList - BrowserScreen.linesAboveBody
            guard bodyLine >= 0, bodyLine < bodyHeight,
                  case .row(let position) = view.content(ofLine: displayLine(atBodyLine: bodyLine)) else { return nil }
            return position
        }
    }
}
