import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewQuery
import ListviewValues

/// Which fields a machine style writes for each record, and under what names.
///
/// With `--fields`, exactly those paths, named as written. Without, each
/// record's own fields in its own order. With sections, the group fields come
/// first (moved there when already present), so the section key travels with
/// every row.
public struct OutputFields {
    /// The chosen columns, or nil for every field of each record.
    public var columns: [ColumnSpec]?
    /// The group fields, outermost first.
    public let leading: [FieldPath]
    /// The input's columns, read when needed: while streaming, columns can still be added.
    public var schema: RecordSchema
    /// The names of `leading`, which other fields of the same name give way to.
    private let leadingNames: Set<String>
    /// With fixed `columns`, the titles of a row's fields that follow them (a CSV row longer than its header).
    private var extraFieldsAfter: Set<String>?

    public init(columns: [ColumnSpec]?, leading: [FieldPath] = [], schema: RecordSchema) {
        self.columns = columns
        self.leading = leading
        self.schema = schema
        self.leadingNames = Set(leading.map(\.text))
    }

    /// Fields under a header fixed before the rows are read (a streamed CSV of a CSV):
    /// a record's fields outside `columns` follow them in its row, in record order,
    /// so a row longer than its header keeps its extra cells, as in the input.
    public static func header(_ columns: [ColumnSpec], schema: RecordSchema) -> OutputFields {
        var fields = OutputFields(columns: columns, schema: schema)
        fields.extraFieldsAfter = Set(columns.map(\.title))
        return fields
    }

    /// Fields over a fixed list of columns (records built by hand, tests).
    public init(columns: [ColumnSpec]?, leading: [FieldPath] = [], schemaColumns: [String]) {
        let schema = RecordSchema()
        for name in schemaColumns { _ = schema.column(named: name) }
        self.init(columns: columns, leading: leading, schema: schema)
    }

    /// Every top-level column seen so far, in first-seen order (the header when `columns` is nil).
    public var schemaColumns: [String] { schema.columns }

    /// The column names of a header row (CSV, TSV).
    public var headerNames: [String] {
        let rest = columns?.map(\.title) ?? schemaColumns
        return leading.map(\.text) + rest.filter { !leadingNames.contains($0) }
    }

    /// The fields of `record` to write; a nil value is a field the record lacks.
    public func fields(of record: Record) -> [(name: String, value: Value?)] {
        var result = leading.map { (name: $0.text, value: Optional($0.value(in: record) ?? .null)) }
        if let columns {
            for column in columns where !leadingNames.contains(column.title) {
                result.append((column.title, column.path.value(in: record)))
            }
        } else {
            for (name, value) in record.fields where !leadingNames.contains(name) {
                result.append((name, value))
            }
        }
        return result
    }

    /// The values of `record` under `headerNames`, in that order.
    public func row(of record: Record) -> [Value?] {
        let leadingValues = leading.map { Optional($0.value(in: record) ?? .null) }
        if let columns {
            var values = leadingValues + columns.filter { !leadingNames.contains($0.title) }.map { $0.path.value(in: record) }
            if let extraFieldsAfter, record.values.count > extraFieldsAfter.count {
                values += record.fields.filter { !extraFieldsAfter.contains($0.0) }.map { Optional($0.1) }
            }
            return values
        }
        return leadingValues + schemaColumns.filter { !leadingNames.contains($0) }.map { record[$0] }
    }
}
