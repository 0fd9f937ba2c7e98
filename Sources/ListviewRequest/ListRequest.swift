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
    /// How to show them: style, columns, width, colour, templates, cards, counts or a summary.
    public var look = Look()
    /// False when the process exits right after the run (the command line): the records loaded
    /// are then left for the operating system to reclaim at exit, not freed one by one (a
    /// million records took a tenth of a table run to free). A library caller keeps the default.
    public var freesRecords = true
    /// `--explain`: the plan the run took (its path, what it holds in memory, and why) as a note.
    public var explains = false

    public init() {}

    /// This request without `--sort` (rows read for a summary need no order).
    public var withoutRowOrder: ListRequest {
        var request = self
        request.arrangement.sort = []
        return request
    }

    /// The `--fields` columns, or nil for every field.
    public var columnSpecs: [ColumnSpec]? { look.fields.map { $0.map { ColumnSpec($0) } } }

    /// The columns of a machine style: `--fields`, the group fields first, fields `--exclude`s left
    /// out. CSV and TSV of one CSV or TSV input without `--fields` write its header, and a row
    /// longer than it its extra cells after it, unnamed, as in the input (`RecordSchema.declaredHeader`):
    /// the one rule of every path, so that a list streamed, held whole or sorted on disk writes
    /// the same lines.
    public func outputFields(leading: [FieldPath] = [], schema: RecordSchema) -> OutputFields {
        if let header = inputHeaderWritten(schema: schema) {
            return .header(header.map { ColumnSpec($0) }, leading: leading, excluding: look.excluded, schema: schema)
        }
        return OutputFields(columns: columnSpecs, leading: leading, excluding: look.excluded, schema: schema)
    }

    /// The input's header that CSV or TSV output writes (`RecordSchema.declaredHeader`): without
    /// `--fields`, in those styles, from one CSV or TSV input; nil otherwise.
    public func inputHeaderWritten(schema: RecordSchema) -> [String]? {
        guard columnSpecs == nil, look.style.descriptor.records?.isFlatTable == true else { return nil }
        return schema.declaredHeader
    }
}
