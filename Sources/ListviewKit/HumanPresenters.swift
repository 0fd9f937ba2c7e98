import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewValues

/// The presenters of the human styles, with the formatter registry that picks a row formatter per record kind.
enum HumanPresenters {
    /// A presenter for `table`, `list` or `line` over the rows of `view`'s table, its default
    /// formatter chosen by the style; table columns are measured over `rows`.
    static func make(_ request: ListRequest, columns: [ColumnSpec], view: RecordView, rows: [Int]) -> TablePresenter<RowRef> {
        var kinds = KindMeasures(request, columns: columns)
        kinds?.measure(rows, of: view.table)
        return make(request, columns: columns, view: view, rows: rows, kinds: kinds) { TableLayout.measure(columns, rows: rows, of: view.table) }
    }

    /// `make`, with table columns laid out by `measures` (one per column, taken over rows of
    /// other tables too: a list merged from spill files), and a list of kinds by `kinds`, measured
    /// over the same rows.
    static func make(_ request: ListRequest, columns: [ColumnSpec], view: RecordView, measures: [ColumnMeasure],
                     kinds: KindMeasures?) -> TablePresenter<RowRef> {
        make(request, columns: columns, view: view, rows: Array(0..<view.table.rowCount), kinds: kinds) {
            TableLayout.measured(columns, measures: measures)
        }
    }

    /// The kind of a row (`--kind-field`'s value as text), or nil without `--kind-field`.
    static func kindOf(_ request: ListRequest, view: RecordView) -> ((RowRef) -> String?)? {
        guard let kindField = request.look.kindField else { return nil }
        let field = TableField(kindField, columns: view.table.columns)
        let value = { (item: RowRef) in view.table.withCells { field.value(row: item.row, in: $0) }.map { CellText.unescapedText(for: $0) } }
        guard field.isColumn, let column = field.column else { return value }
        // A column's scalar cell is its text as it is: no value is made for it.
        return { item in
            view.table.withCells { cells in
                let (kind, text) = cells.cell(row: item.row, column: column)
                switch kind {
                case .absent, .null: return nil
                case .nested: return value(item)
                default: return String(decoding: text, as: UTF8.self)
                }
            }
        }
    }

    private static func make(_ request: ListRequest, columns: [ColumnSpec], view: RecordView, rows: [Int], kinds: KindMeasures?,
                             layout: () -> TableLayout) -> TablePresenter<RowRef> {
        var presenter = uncoloured(request, columns: columns, view: view, rows: rows, kinds: kinds, layout: layout)
        presenter.theme = Theme(enabled: request.look.color)
        presenter.layout = request.look.layout
        return presenter
    }

    private static func uncoloured(_ request: ListRequest, columns: [ColumnSpec], view: RecordView, rows: [Int], kinds: KindMeasures?,
                                   layout measured: () -> TableLayout) -> TablePresenter<RowRef> {
        switch request.look.style.descriptor.layout {
        case .cards:
            let card = CardRowFormatter(spec: chosen(request.look.card, request, columns: columns), theme: Theme(enabled: request.look.color))
            let cards = view.formatter(AnyRowFormatter(card))
            var cardRegistry = registry(request, view: view, rows: rows, kinds: kinds, columns: columns, default: cards)
            cardRegistry.defaultBlock = .init(standsApart: true)
            return TablePresenter(columnHeader: nil, registry: cardRegistry, rowSpacing: request.look.style.descriptor.rowGap)
        case .lines:
            let line = view.formatter(request.look.template.map { AnyRowFormatter(TemplateRowFormatter(template: $0)) }
                ?? AnyRowFormatter(KeyValueRowFormatter(columns: columns)))
            return TablePresenter(columnHeader: nil, registry: registry(request, view: view, rows: rows, kinds: kinds, columns: columns, default: line))
        case .columns, .markdownTable, .records, .annotations:
            let layout = fitted(kinds?.defaultLayout ?? measured(), request)
            let cells = AnyRowFormatter(CellRowFormatter(table: view.table, layout: layout, wrap: request.look.wrap))
            var presenter = TablePresenter(columnHeader: layout.headerLine,
                                           registry: registry(request, view: view, rows: rows, kinds: kinds, columns: columns, default: cells),
                                           closingLine: request.look.border ? layout.rule(.bottom) : nil)
            presenter.note = layout.omittedColumnsNote(width: request.look.width)
            presenter.width = request.look.width
            return presenter
        }
    }

    /// A card with `--fields` given: unless it names its own, its title is the first of the
    /// chosen `columns` and its details the others, in their order (as the table's columns and the
    /// line style's pairs are); without `--fields`, each record's own fields, as it is.
    private static func chosen(_ card: CardSpec, _ request: ListRequest, columns: [ColumnSpec]) -> CardSpec {
        guard request.look.fields != nil, !columns.isEmpty else { return card }
        var chosen = card
        chosen.title = card.title ?? columns.first?.path
        let shown = Set([chosen.title?.text, card.subtitle?.text].compactMap { $0 })
        chosen.details = card.details ?? columns.map(\.path).filter { !shown.contains($0.text) }
        return chosen
    }

    /// A measured table layout with the request's null text, borders, colour and gap, fitted to
    /// its width less the inset.
    private static func fitted(_ measured: TableLayout, _ request: ListRequest) -> TableLayout {
        var layout = measured
        if let nullText = request.look.nullText { layout.nullText = nullText }
        layout.bordered = request.look.border
        layout.theme = Theme(enabled: request.look.color)
        layout.gap = request.look.layout.gap
        return layout.fitted(to: request.look.width.map { max(1, $0 - request.look.layout.indent) }, maxColumnWidth: request.look.maxColumnWidth)
    }

    /// `default` for every row, and each `--kind KIND=FORMAT` (or `--template KIND=…`) for rows of
    /// that kind: a table kind laid out by `kinds` (or measured over the `rows` of its kind).
    static func registry(_ request: ListRequest, view: RecordView, rows: [Int], kinds: KindMeasures? = nil, columns: [ColumnSpec] = [],
                         default formatter: AnyRowFormatter<RowRef>) -> FormatterRegistry<RowRef> {
        guard let kindOf = kindOf(request, view: view) else { return FormatterRegistry(default: formatter) }
        var registry = FormatterRegistry(default: formatter, kindOf: kindOf)
        let theme = Theme(enabled: request.look.color)
        for (kind, format) in request.look.kindFormats {
            switch format {
            case .template(let template):
                registry.register(AnyRowFormatter(TemplateCellFormatter(table: view.table, template: template)), forKind: kind)
            case .card(var card):
                card.excluded = request.look.excluded
                card = chosen(card, request, columns: columns)
                registry.register(AnyRowFormatter(CardCellFormatter(table: view.table, card: CardRowFormatter(spec: card, theme: theme))),
                                  forKind: kind, block: .init(standsApart: true))
            case .table(let fields):
                let measured = kinds?.tableLayout(kind)
                    ?? TableLayout.measure(fields.map { ColumnSpec($0) }, rows: rows.filter { kindOf(RowRef($0)) == kind }, of: view.table)
                let layout = fitted(measured, request)
                registry.register(AnyRowFormatter(CellRowFormatter(table: view.table, layout: layout, wrap: request.look.wrap)), forKind: kind,
                                  block: .init(header: layout.headerLine))
            }
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
