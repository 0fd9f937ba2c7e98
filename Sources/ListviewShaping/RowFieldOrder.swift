/// A reshaped row's own order of fields (`CellTable.fieldOrders`), placed column by column as the
/// record has them: what `--flatten` and `--explode` keep so that a record reads the same whatever
/// records came before it. Each column is placed once a row (a key that comes twice in an
/// object is one leaf), and the order is kept only where it is not the columns' own.
struct RowFieldOrder {
    private var order: [Int] = []
    /// The row each column was last placed in.
    private var placedIn: [Int]
    private var row = 0
    private var increasing = true

    /// An order over `columns` columns.
    init(columns: Int) {
        placedIn = Array(repeating: -1, count: columns)
        order.reserveCapacity(columns)
    }

    /// Starts the next row's order.
    mutating func begin() {
        row += 1
        if !order.isEmpty { order.removeAll(keepingCapacity: true) }
        increasing = true
    }

    /// Places `column` next in the row, unless it is placed already.
    @inline(__always)
    mutating func place(_ column: Int) {
        guard placedIn.indices.contains(column), placedIn[column] != row else { return }
        placedIn[column] = row
        if let last = order.last, last > column { increasing = false }
        order.append(column)
    }

    /// The row's order, or nil when it is the columns' (every column placed after the one before).
    var fieldOrder: [Int]? { increasing ? nil : order }
}
