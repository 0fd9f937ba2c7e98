import ListviewBatches
import ListviewPresentation
import ListviewRequest

/// The measures of a list of several kinds (`--kind-field` with `--kind`), over every row, merged
/// part by part as `ListMeasures` merges a list's: each table kind's columns over the rows of
/// that kind, and the list's columns over the rows no kind draws (the default's table, which
/// leaves out the columns none of them has). A list in memory and a list merged from spill files
/// measure the same rows, so they lay out alike.
struct KindMeasures {
    private let request: ListRequest
    /// The list's columns, for the default's rows.
    private let columns: [ColumnSpec]
    /// Every kind with a formatter of its own, and the columns of each table kind.
    private let kinds: Set<String>
    private let tables: [String: [ColumnSpec]]
    private var tableMeasures: [String: [ColumnMeasure]] = [:]
    private var defaultMeasures: [ColumnMeasure]

    /// Nil when `request` draws no kind of its own.
    init?(_ request: ListRequest, columns: [ColumnSpec]) {
        guard request.look.kindField != nil, !request.look.kindFormats.isEmpty else { return nil }
        self.request = request
        self.columns = columns
        kinds = Set(request.look.kindFormats.map(\.kind))
        var tables: [String: [ColumnSpec]] = [:]
        for (kind, format) in request.look.kindFormats {
            if case .table(let fields) = format { tables[kind] = fields.map { ColumnSpec($0) } }
        }
        self.tables = tables
        defaultMeasures = columns.map { ColumnMeasure(title: $0.title) }
    }

    /// Merges the measures of `rows` of `table`.
    mutating func measure(_ rows: [Int], of table: CellTable) {
        guard let kindOf = HumanPresenters.kindOf(request, view: RecordView(table: table)) else { return }
        var byKind: [String: [Int]] = [:]
        var own: [Int] = []
        for row in rows {
            if let kind = kindOf(RowRef(row)), kinds.contains(kind) {
                if tables[kind] != nil { byKind[kind, default: []].append(row) }
            } else {
                own.append(row)
            }
        }
        for (kind, rows) in byKind {
            guard let specs = tables[kind] else { continue }
            let measures = TableLayout.columnMeasures(specs, rows: rows, of: table)
            tableMeasures[kind] = zip(tableMeasures[kind] ?? specs.map { ColumnMeasure(title: $0.title) }, measures).map { merged, part in
                var merged = merged
                merged.merge(part)
                return merged
            }
        }
        for (index, measure) in TableLayout.columnMeasures(columns, rows: own, of: table).enumerated() {
            defaultMeasures[index].merge(measure)
        }
    }

    /// The table of the kind `kind`, measured over its rows (its titles alone when it had none).
    func tableLayout(_ kind: String) -> TableLayout? {
        guard let specs = tables[kind] else { return nil }
        return TableLayout.measured(specs, measures: tableMeasures[kind] ?? specs.map { ColumnMeasure(title: $0.title) })
    }

    /// The default's table: the list's columns some of its rows have (all of them with
    /// `--fields`, or when none has a value).
    var defaultLayout: TableLayout {
        let kept = request.look.fields == nil ? defaultMeasures.indices.filter { defaultMeasures[$0].hasValues } : Array(columns.indices)
        let shown = kept.isEmpty ? Array(columns.indices) : kept
        return TableLayout.measured(shown.map { columns[$0] }, measures: shown.map { defaultMeasures[$0] })
    }
}
