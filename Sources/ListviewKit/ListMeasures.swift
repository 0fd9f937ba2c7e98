import ListviewBatches
import ListviewPresentation
import ListviewRequest

/// The columns of a list read in parts and the measures of its rows, merged part by part: what a
/// human style needs to lay out a list it never holds whole (a list sorted on disk, a table
/// printed in a second pass over its file).
///
/// With `--fields` the measures are kept per field given; otherwise per column,
/// and only the columns some kept row has are shown, in the order they first
/// appear, as a list in memory shows them.
struct ListMeasures {
    /// `--fields`, or nil for every column.
    private let specs: [ColumnSpec]?
    /// Every column of the parts, in the order they first appear.
    private(set) var columnOrder: [String] = []
    private var seenColumns: Set<String> = []
    /// The columns some kept row has a cell in.
    private var presentColumns: Set<String> = []
    private var bySpec: [Int: ColumnMeasure] = [:]
    private var byColumn: [String: ColumnMeasure] = [:]

    init(specs: [ColumnSpec]?) {
        self.specs = specs
    }

    /// Notes the columns of `table`, a part of the list, in order.
    mutating func noteColumns(of table: CellTable) {
        for column in table.columns where seenColumns.insert(column).inserted { columnOrder.append(column) }
    }

    /// Merges the measures of `rows` of `table`, and notes the columns they have.
    mutating func measure(_ rows: [Int], of table: CellTable) {
        noteColumns(of: table)
        presentColumns.formUnion(table.columns(presentIn: rows))
        if let specs {
            for (index, measure) in TableLayout.columnMeasures(specs, rows: rows, of: table).enumerated() {
                bySpec[index, default: ColumnMeasure(title: specs[index].title)].merge(measure)
            }
        } else {
            let specs = table.columns.map { ColumnSpec($0) }
            for (spec, measure) in zip(specs, TableLayout.columnMeasures(specs, rows: rows, of: table)) {
                byColumn[spec.title, default: ColumnMeasure(title: spec.title)].merge(measure)
            }
        }
    }

    /// The columns `request` shows and their measures: `--fields`, else the columns some row has,
    /// less `--exclude`, in `order` (by default the order they first appeared in).
    func shown(_ request: ListRequest, in order: [String]? = nil) -> ([ColumnSpec], [ColumnMeasure]) {
        if let specs {
            return (specs, specs.indices.map { bySpec[$0] ?? ColumnMeasure(title: specs[$0].title) })
        }
        let shown = (order ?? columnOrder).filter { presentColumns.contains($0) && !request.look.excluded.excludes($0) }
        return (shown.map { ColumnSpec($0) }, shown.map { byColumn[$0] ?? ColumnMeasure(title: $0) })
    }
}
