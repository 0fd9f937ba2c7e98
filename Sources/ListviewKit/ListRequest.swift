import ListviewBatches
import ListviewCSV
import ListviewDataSource
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// Everything one `listview` run is asked to do, independent of how it was asked.
public struct ListRequest: Sendable {
    /// What to read: the inputs, their format, CSV options, `--path`, `--file-field`.
    public var read = ReadSpec()
    /// How to arrange the rows: `--where`, `--sort`, `--group-by`, footers, `--limit`, pages.
    public var arrangement = Arrangement()
    /// The columns to show (`--fields`), or nil for every top-level field.
    public var fields: [FieldPath]?
    /// `--exclude`: fields left out (names or globs), from every style's columns.
    public var excluded = FieldExclusion()
    /// False when the process exits right after the run (the command line): the records loaded
    /// are then left for the operating system to reclaim at exit, not freed one by one (a
    /// million records took a tenth of a table run to free). A library caller keeps the default.
    public var freesRecords = true
    /// `--counts`: only the sections and how many records each holds.
    public var countsOnly = false
    /// `--summary`: each column described (`ColumnSummary`) instead of the records.
    public var summary = false
    public var style: OutputStyle = .table
    /// `--template`: the line for every record (`line` style, or kinds without their own).
    public var template: Template?
    /// `--template KIND=TEMPLATE` with `--kind-field`: a line per record kind, in any human style.
    public var kindTemplates: [(kind: String, template: Template)] = []
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

    public init() {}

    /// This request without `--sort` (rows read for a summary need no order).
    var withoutRowOrder: ListRequest {
        var request = self
        request.arrangement.sort = []
        return request
    }

    /// The `--fields` columns, or nil for every field.
    var columnSpecs: [ColumnSpec]? { fields.map { $0.map { ColumnSpec($0) } } }

    /// The columns of a machine style: `--fields`, the group fields first, fields `--exclude`s left out.
    func outputFields(leading: [FieldPath] = [], schema: RecordSchema) -> OutputFields {
        OutputFields(columns: columnSpecs, leading: leading, excluding: excluded, schema: schema)
    }
    }
