import ListviewBatches
import ListviewValues

/// Which fields a machine style writes for each row, and under what names.
///
/// With `--fields`, exactly those paths, named as written. Without, each
/// row's own fields in its own order. With sections, the group fields come
/// first (moved there when already present), so the section key travels with
/// every row.
public struct OutputFields {
    /// The chosen columns, or nil for every field of each row.
    public var columns: [ColumnSpec]?
    /// The group fields, outermost first.
    public let leading: [FieldPath]
    /// The input's columns, read when needed: while streaming, columns can still be added.
    public var schema: RecordSchema
    /// The names of `leading`, which other fields of the same name give way to.
    let leadingNames: Set<String>
    /// The fields `--exclude` leaves out of each row's own fields (without `columns`).
    public let excluded: FieldExclusion
    /// With fixed `columns`, the titles of a row's fields that follow them (a CSV row longer than its header).
    private(set) var extraFieldsAfter: Set<String>?

    public init(columns: [ColumnSpec]?, leading: [FieldPath] = [], excluding excluded: FieldExclusion = FieldExclusion(),
                schema: RecordSchema) {
        self.columns = columns
        self.leading = leading
        self.excluded = excluded
        self.schema = schema
        self.leadingNames = Set(leading.map(\.text))
    }

    /// Fields under a header fixed before the rows are read (a CSV written from a CSV): the group
    /// fields `leading` first, then `columns`; a row's fields outside them follow, in row order,
    /// so a row longer than its header keeps its extra cells, as in the input.
    public static func header(_ columns: [ColumnSpec], leading: [FieldPath] = [], excluding excluded: FieldExclusion = FieldExclusion(),
                              schema: RecordSchema) -> OutputFields {
        var fields = OutputFields(columns: columns.filter { !excluded.excludes($0.title) }, leading: leading, excluding: excluded, schema: schema)
        fields.extraFieldsAfter = Set(columns.map(\.title))
        return fields
    }

    /// Fields over a fixed list of columns (rows built by hand, tests).
    public init(columns: [ColumnSpec]?, leading: [FieldPath] = [], schemaColumns: [String]) {
        self.init(columns: columns, leading: leading, schema: RecordSchema(columns: schemaColumns))
    }

    /// The same fields without the group fields (JSON keeps sections as objects instead).
    public var withoutLeading: OutputFields {
        var fields = OutputFields(columns: columns, excluding: excluded, schema: schema)
        fields.extraFieldsAfter = extraFieldsAfter
        return fields
    }

    /// Every top-level column seen so far that `--exclude` keeps, in first-seen order (the
    /// header when `columns` is nil).
    public var schemaColumns: [String] { excluded.isEmpty ? schema.columns : schema.columns.filter { !excluded.excludes($0) } }

    /// The paths every row writes under `headerNames`, each read by name (`TableField`): nil when
    /// the columns are not chosen (each row writes the columns it has) or a header is fixed before
    /// the rows (a long row's extra cells follow it).
    public var pathsEachRowWrites: [String]? {
        guard let columns, extraFieldsAfter == nil else { return nil }
        return leading.map(\.text) + columns.filter { !leadingNames.contains($0.title) }.map(\.path.text)
    }

    /// The column names of a header row (CSV, TSV).
    public var headerNames: [String] {
        let rest = columns?.map(\.title) ?? schemaColumns
        return leading.map(\.text) + rest.filter { !leadingNames.contains($0) }
    }
}
