import ListviewBatches
import ListviewDataSource
import ListviewPresentation

/// The presenter of each machine-readable style, chosen in one place.
enum MachinePresenters {
    /// The presenter for `style`, or nil for the human styles (which need a measured layout).
    /// `grandTotal`: the `--footer` values of the whole list, which JSON writes after its sections.
    static func make(_ style: OutputStyle, fields: OutputFields, grouped: Bool, grandTotal: [FooterValue] = []) -> (any TableRowPresenter)? {
        switch style {
        case .table, .list, .line, .markdown, .github:
            return nil
        case .json:
            // JSON keeps sections as objects, so records keep their own fields.
            var presenter = JSONPresenter(fields: fields.withoutLeading, grouped: grouped)
            presenter.grandTotal = grandTotal
            return presenter
        case .jsonl:
            return JSONLinesPresenter(fields: fields)
        case .csv:
            return DelimitedPresenter(fields: fields, dialect: .csv)
        case .tsv:
            return DelimitedPresenter(fields: fields, dialect: .tsv)
        }
    }
}

extension TableRowPresenter {
    /// Renders the rows of `renderer`'s provider, which refer to `table`.
    mutating func render<Provider: CollectionDataProvider>(_ renderer: ListRenderer<Provider>, of table: CellTable, page: PageInfo?,
                                                           into sink: OutputSink) throws where Provider.Item == RowRef {
        use(table)
        try renderer.render(page: page, with: &self, into: sink)
    }
}
