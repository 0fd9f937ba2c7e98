import ListviewBatches
import ListviewPresentation
import ListviewQuery

/// How a run shows the rows it arranged: the style and its columns, width, colour, templates and
/// cards, or only the sections' counts or a summary of the columns. The third of a request's
/// three values (`ReadSpec`, `Arrangement`, this).
public struct Look: Sendable {
    /// The columns to show (`--fields`), or nil for every top-level field.
    public var fields: [FieldPath]?
    /// `--exclude`: fields left out (names or globs), from every style's columns.
    public var excluded = FieldExclusion()
    /// `--counts`: only the sections and how many records each holds.
    public var countsOnly = false
    /// `--summary`: each column described (`ColumnSummary`) instead of the records.
    public var summary = false
    /// `--histogram`: one field's values counted in bins instead of the records (a summary of
    /// that field, drawn by `HistogramTable`); `summary` is set with it.
    public var histogram: HistogramSpec?
    /// `--chart`: counts drawn as bars (`CountChart`); in Markdown, a Mermaid bar chart.
    public var chart = false
    public var style: OutputStyle = .table
    /// CSV and TSV: nested values written as dotted columns (`customer.name`), the records left as
    /// read (`FlattenedOutput`); false with `--no-flatten` (JSON text in a cell) or `--flatten`
    /// (records flattened as read, for every style).
    public var flattensOutput = false
    /// `--template`: the line for every record (`line` style, or kinds without their own).
    public var template: Template?
    /// `--kind KIND=FORMAT` (and `--template KIND=TEMPLATE`) with `--kind-field`: a template, card
    /// or table per record kind, in any human style.
    public var kindFormats: [(kind: String, format: KindFormat)] = []
    /// `--kind-field`: the field whose value picks a record's formatter.
    public var kindField: FieldPath?
    /// The width a table must fit, in terminal cells, or nil for no limit (output to a pipe).
    public var width: Int?
    /// `--wrap`: long cells wrap onto more lines instead of ending in `…`.
    public var wrap = false
    /// `--max-col-width`: no table column wider than this.
    public var maxColumnWidth: Int?
    /// Colour in human styles (`--color`, resolved against the terminal).
    public var color = false
    /// `--null-text`: what a null cell shows in a table (`null` when nil).
    public var nullText: String?
    /// `--border`: box-drawing borders around table cells.
    public var border = false
    /// `--title`, `--subtitle`, `--detail`: the `list` style's cards.
    public var card = CardSpec()
    /// `--gap`, `--row-gap`, `--indent`, `--section-gap`, `--section-layout`.
    public var layout = LayoutSpec()

    public init() {}
}
