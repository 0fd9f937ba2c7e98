import ListviewValues

/// One row of the list's `CellTable`: what filters, sorts, sections and pages hold instead of records.
///
/// The `Item` of the one pipeline's data provider (`ArrayDataProvider<RowRef>`).
/// A formatter writes the row straight from the table's cells; what needs a
/// record (a template, a card, a machine style) takes the row's record view
/// (`CellTable.record(at:shapes:)`).
public struct RowRef: Hashable, Sendable {
    /// The row's position in its table.
    public var row: Int

    public init(_ row: Int) {
        self.row = row
    }
}
