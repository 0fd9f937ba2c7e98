import ListviewBatches
import ListviewDataSource

/// What listview knows of an output style, written once per style (`OutputStyle.descriptor`):
/// how it sets out records, and for a style meant for programs, how its records are written and
/// what they need before the first one.
///
/// The list's planner asks `streams(...)` whether rows can be written as they arrive; executors
/// ask `layout` for the presenter to build (a measured table, cards, lines, a Markdown table) or
/// `records` for a machine style's presenter; CSV and TSV's flattening at write asks
/// `records.isFlatTable`.
public struct StyleDescriptor: Sendable {
    /// How records are set out.
    public enum Layout: Sendable, Equatable {
        /// Aligned columns measured over the rows shown (`table`).
        case columns
        /// One card per record, a blank line apart (`list`).
        case cards
        /// One line per record (`line`): a template's, or `key=value` pairs.
        case lines
        /// A Markdown table per section, measured over the rows shown (`markdown`).
        case markdownTable
        /// Records for programs, written by `StyleDescriptor.records`.
        case records
        /// Not a list: annotations of a diff's differences (`github`).
        case annotations
    }

    /// How a style for programs writes records.
    public struct Records: Sendable {
        /// When rows can be written as they arrive, without the rest of the list.
        public enum Streaming: Sendable {
            /// Always: each record is written from its own cells.
            case always
            /// Once the columns are fixed before the first row (a header to write).
            case whenColumnsAreFixed
        }

        public let streaming: Streaming
        /// True for a flat table of named columns (CSV, TSV): a nested value is written as its
        /// leaves, each a column of its own (`FlattenedOutput`), and the header comes first.
        public let isFlatTable: Bool
        /// True when `--footer` values are written after each section's records (JSON), so the
        /// records of a section are held to sum them.
        public let footersFollowRecords: Bool
        /// The presenter of `fields`; `grouped` writes sections, `grandTotal` the `--footer` values
        /// of the whole list.
        public let presenter: @Sendable (_ fields: OutputFields, _ grouped: Bool, _ grandTotal: [FooterValue]) -> any TableRowPresenter
    }

    public let layout: Layout
    /// How records are written, for a style meant for programs (`layout == .records`).
    public let records: Records?
    /// The blank lines between records when `--layout` sets none.
    public let rowGap: Int

    init(layout: Layout, rowGap: Int = 0) {
        self.layout = layout
        self.records = nil
        self.rowGap = rowGap
    }

    init(records: Records) {
        self.layout = .records
        self.records = records
        self.rowGap = 0
    }

    /// True for a style for people whose columns are measured over the rows it shows (a table,
    /// cards, lines or a Markdown table).
    public var measuresRowsShown: Bool {
        switch layout {
        case .columns, .cards, .lines, .markdownTable: return true
        case .records, .annotations: return false
        }
    }

    /// The presenter of a machine style over `fields`, or nil for a style for people (which needs
    /// a measured layout). `grandTotal`: the `--footer` values of the whole list.
    public func machinePresenter(fields: OutputFields, grouped: Bool, grandTotal: [FooterValue] = []) -> (any TableRowPresenter)? {
        records?.presenter(fields, grouped, grandTotal)
    }
}

extension TableRowPresenter {
    /// Renders the rows of `renderer`'s provider, which refer to `table`.
    public mutating func render<Provider: CollectionDataProvider>(_ renderer: ListRenderer<Provider>, of table: CellTable, page: PageInfo?,
                                                                  into sink: OutputSink) throws where Provider.Item == RowRef {
        use(table)
        try renderer.render(page: page, with: &self, into: sink)
    }
}
