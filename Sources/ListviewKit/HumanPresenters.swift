import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// The presenters of the human styles, with the formatter registry that picks a row formatter per record kind.
enum HumanPresenters {
    /// A presenter for `table`, `list` or `line` over the rows of `view`'s table, its default
    /// formatter chosen by the style; table columns are measured over `rows`.
    static func make(_ request: ListRequest, columns: [ColumnSpec], view: RecordView, rows: [Int]) -> TablePresenter<RowRef> {
        make(request, columns: columns, view: view) { TableLayout.measure(columns, rows: rows, of: view.table) }
    }

    /// `make`, with table columns laid out by `measures` (one per column, taken over rows of
    /// other tables too: a list merged from spill files).
    static func make(_ request: ListRequest, columns: [ColumnSpec], view: RecordView, measures: [ColumnMeasure]) -> TablePresenter<RowRef> {
        make(request, columns: columns, view: view) { TableLayout.measured(columns, measures: measures) }
    }

    private static func make(_ request: ListRequest, columns: [ColumnSpec], view: RecordView, layout: () -> TableLayout) -> TablePresenter<RowRef> {
        var presenter = uncoloured(request, columns: columns, view: view, layout: layout)
        presenter.theme = Theme(enabled: request.look.color)
        return presenter
    }

    private static func uncoloured(_ request: ListRequest, columns: [ColumnSpec], view: RecordView, layout measured: () -> TableLayout) -> TablePresenter<RowRef> {
        switch request.look.style {
        case .list:
            let cards = view.formatter(AnyRowFormatter(CardRowFormatter(spec: request.look.card, theme: Theme(enabled: request.look.color))))
            return TablePresenter(columnHeader: nil, registry: registry(request, view: view, default: cards), rowSpacing: 1)
        case .line:
            let line = view.formatter(request.look.template.map { AnyRowFormatter(TemplateRowFormatter(template: $0)) }
                ?? AnyRowFormatter(KeyValueRowFormatter(columns: columns)))
            return TablePresenter(columnHeader: nil, registry: registry(request, view: view, default: line))
        default:
            var layout = measured()
            if let nullText = request.look.nullText { layout.nullText = nullText }
            layout.bordered = request.look.border
            layout.theme = Theme(enabled: request.look.color)
            layout = layout.fitted(to: request.look.width, maxColumnWidth: request.look.maxColumnWidth)
            let cells = AnyRowFormatter(CellRowFormatter(table: view.table, layout: layout, wrap: request.look.wrap))
            var presenter = TablePresenter(columnHeader: layout.headerLine, registry: registry(request, view: view, default: cells),
                                           closingLine: request.look.border ? layout.rule(.bottom) : nil)
            presenter.note = layout.omittedColumnsNote(width: request.look.width)
            presenter.width = request.look.width
            return presenter
        }
    }

    /// `default` for every row, and each `--template KIND=…` for rows of that kind.
    static func registry(_ request: ListRequest, view: RecordView, default formatter: AnyRowFormatter<RowRef>) -> FormatterRegistry<RowRef> {
        guard let kindField = request.look.kindField else { return FormatterRegistry(default: formatter) }
        let field = TableField(kindField, columns: view.table.columns)
        var registry = FormatterRegistry(default: formatter) { item in
            view.table.withCells { field.value(row: item.row, in: $0) }.map { CellText.unescapedText(for: $0) }
        }
        for (kind, template) in request.look.kindTemplates {
            registry.register(view.formatter(AnyRowFormatter(TemplateRowFormatter(template: template))), forKind: kind)
        }
        return registry
    }
}

/// The `line` style without a template: `key=value` pairs, values with spaces quoted (logfmt).
struct KeyValueRowFormatter: RowFormatter {
    let columns: [ColumnSpec]

    func lines(for record: Record) -> [String] {
        [columns.compactMap { column -> String? in
            guard let value = column.path.value(in: record) else { return nil }
            var text = CellText.text(for: value)
            if text.isEmpty || text.contains(" ") || text.contains("\"") || text.contains("=") {
                text = "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
            }
            return "\(TerminalEscaping.escaped(column.title))=\(text)"
        }.joined(separator: " ")]
    }
}
