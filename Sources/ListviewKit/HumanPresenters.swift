import ListviewCore

/// The presenters of the human styles, with the formatter registry that picks a row formatter per record kind.
enum HumanPresenters {
    /// A presenter for `table`, `list` or `line`, its default formatter chosen by the style.
    static func make(_ request: ListRequest, columns: [ColumnSpec], items: [Record]) -> TablePresenter {
        var presenter = uncoloured(request, columns: columns, items: items)
        presenter.theme = Theme(enabled: request.color)
        return presenter
    }

    private static func uncoloured(_ request: ListRequest, columns: [ColumnSpec], items: [Record]) -> TablePresenter {
        switch request.style {
        case .list:
            return TablePresenter(columnHeader: nil, registry: registry(request, default: AnyRowFormatter(CardRowFormatter(spec: request.card))),
                                  rowSpacing: 1)
        case .line:
            let line: AnyRowFormatter<Record> = request.template.map { AnyRowFormatter(TemplateRowFormatter(template: $0)) }
                ?? AnyRowFormatter(KeyValueRowFormatter(columns: columns))
            return TablePresenter(columnHeader: nil, registry: registry(request, default: line))
        default:
            var layout = TableLayout.measure(columns, over: items)
            layout.bordered = request.border
            layout.theme = Theme(enabled: request.color)
            layout = layout.fitted(to: request.width, maxColumnWidth: request.maxColumnWidth)
            return TablePresenter(columnHeader: layout.headerLine,
                                  registry: registry(request, default: AnyRowFormatter(TableRowFormatter(layout: layout, wrap: request.wrap))),
                                  closingLine: request.border ? layout.rule(.bottom) : nil)
        }
    }

    /// `default` for every record, and each `--template KIND=…` for records of that kind.
    static func registry(_ request: ListRequest, default formatter: AnyRowFormatter<Record>) -> FormatterRegistry<Record> {
        guard let kindField = request.kindField else { return FormatterRegistry(default: formatter) }
        var registry = FormatterRegistry(default: formatter) { record in
            kindField.value(in: record).map(ValueText.plain)
        }
        for (kind, template) in request.kindTemplates {
            registry.register(AnyRowFormatter(TemplateRowFormatter(template: template)), forKind: kind)
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

/// Checks that view models name fields the input has.
enum ViewModelCheck {
    /// An unknown `--template` field is a usage error naming it (skipped when nothing was read).
    static func templateFields(_ request: ListRequest, schema: RecordSchema) throws {
        guard !schema.columns.isEmpty else { return }
        let known = Set(schema.columns)
        let templates = (request.template.map { [$0] } ?? []) + request.kindTemplates.map(\.template)
        for template in templates {
            for path in template.fields where !known.contains(path.text) && !known.contains(path.components[0]) {
                throw ListviewError.usage("--template '\(template.source)': unknown field '\(path.text)'; fields are: \(schema.columns.joined(separator: ", "))")
            }
        }
    }
}
