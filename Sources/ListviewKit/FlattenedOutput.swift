import ListviewBatches
import ListviewConcurrency
import ListviewDataSource
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewShaping
import ListviewValues

/// CSV and TSV output flattening what it writes (SPEC §11): a nested object or array is written as
/// dotted columns (`customer.name`, `items.0.sku`), as Miller does, while the records stay as they
/// were read, so `--where`, `--sort`, `--group-by`, `--fields` and every field check name
/// `customer` in CSV as in JSON Lines.
///
/// The one rule of every path that writes a list as CSV or TSV (a whole list, a page, a list sorted
/// on disk): the header is the columns of the list (`--fields`, the group fields first, or every
/// field) with each column, or each path `--fields` names, replaced by the leaves written under it,
/// in the order first written, after the column itself when some row written holds a value of its
/// own there (a scalar, null, an empty container). A name under which nothing was written stays
/// one column. The rows written are then flattened as `--flatten` flattens them
/// (`RecordShaping.flattenedCells`) and written under that header.
struct FlattenedOutput {
    /// What joins the keys of a path (`--flatten-separator`).
    let separator: String
    /// The columns met in the rows written, in the order first met.
    private var order: [String] = []
    private var columns: [String: Column] = [:]

    /// What the rows written hold in one top-level column.
    private struct Column {
        /// Some row written holds a value of its own in the column.
        var keepsValue = false
        /// The keys of each leaf path below it, in the order first written.
        var leaves: [[String]] = []
        var seen: Set<[String]> = []
    }

    /// The flattening of `request`'s output, or nil when its rows are written as they are: a
    /// style other than CSV and TSV, `--no-flatten`, or records flattened as read (`--flatten`).
    init?(_ request: ListRequest) {
        guard request.look.flattensOutput, request.look.style.descriptor.records?.isFlatTable == true else { return nil }
        separator = request.read.shaping.separator
    }

    private var shaping: RecordShaping {
        var shaping = RecordShaping()
        shaping.separator = separator
        shaping.flatten = .init()
        return shaping
    }

    /// Notes the leaves of `rows` of `table`, written in that order: blocks of them walked on both
    /// cores, noted in order (leaves first met in a block before are met first).
    mutating func note(rows: [Int], of table: CellTable) {
        let shaping = self.shaping
        OrderedWork.blocks(of: rows.count, size: 1 << 16, work: { range in shaping.leafPaths(of: table, rows: rows[range]) }, take: { paths in
            note(paths)
            return true
        })
    }

    private mutating func note(_ paths: [RecordShaping.LeafPaths]) {
        for (name, keepsValue, leaves) in paths {
            if columns[name] == nil { order.append(name) }
            var column = columns[name] ?? Column()
            column.keepsValue = column.keepsValue || keepsValue
            for keys in leaves where column.seen.insert(keys).inserted { column.leaves.append(keys) }
            columns[name] = column
        }
    }

    /// Writes `rows` of `table` (noted before) in order through `presenter`, whose fields are these
    /// flattened (`fields`): a block of rows at a time is copied, flattened and laid out, on both
    /// cores, so the flattened list is never held whole.
    func write(rows: [Int], of table: CellTable, with presenter: any TableRowPresenter, page: PageInfo?, into sink: OutputSink) throws {
        var presenter = presenter
        try presenter.begin(page: page, into: sink)
        if rows.isEmpty { try presenter.emptyState(into: sink) }
        let (shaping, layout) = (shaping, presenter)
        try OrderedBlockWriter.write(count: rows.count, into: sink) { range, bytes in
            // `fields` refused every clash of names among the rows written, so flattening succeeds.
            let flattened = (try? shaping.flattenedCells(table, rows: rows[range], depth: nil)) ?? {
                // Nothing in these rows to spread: the rows as they are.
                var block = CellTable(columns: [], inferTypes: table.inferTypes)
                block.nestedDecoder = table.nestedDecoder
                block.append(rows: rows[range], of: table, schema: RecordSchema())
                return block
            }()
            var blockLayout = layout
            blockLayout.use(flattened)
            blockLayout.standaloneRows?.append((0..<flattened.rowCount).map(RowRef.init)[...], to: &bytes)
        }
        try presenter.end(page: page, into: sink)
    }

    /// Every row of `table` (rows noted before) with its nested values spread into dotted columns.
    func flattened(_ table: CellTable) throws -> CellTable {
        guard table.hasNestedCells else { return table }
        return try Self.usage { [shaping] () throws(RecordShaping.Conflict) in try shaping.flattenedCells(table, depth: nil) }
    }

    /// `body`'s result; two fields that would be one column are a usage error.
    private static func usage<Output>(_ body: () throws(RecordShaping.Conflict) -> Output) throws -> Output {
        do throws(RecordShaping.Conflict) {
            return try body()
        } catch {
            throw ListviewError.usage(message(error))
        }
    }

    /// `fields` with each name replaced by the flattened columns written under it; throws when two
    /// would be one column.
    func fields(_ fields: OutputFields) throws -> OutputFields {
        // Nothing written was nested: the columns as they are.
        guard columns.values.contains(where: { !$0.leaves.isEmpty }) else { return fields }
        let leading = fields.leading.flatMap { expanded($0.text) }
        let given = Set(leading)
        let leadingNames = Set(fields.leading.map(\.text))
        let rest = (fields.columns?.map(\.title) ?? fields.schemaColumns)
            .filter { !leadingNames.contains($0) }
            .flatMap { expanded($0) }
            .filter { !given.contains($0) && !fields.excluded.excludes($0) }
        var seen: Set<String> = []
        for name in leading + rest where !seen.insert(name).inserted {
            throw ListviewError.usage(Self.message(conflict(at: name)))
        }
        return OutputFields(columns: rest.map { ColumnSpec($0) }, leading: leading.map { FieldPath($0) }, excluding: fields.excluded,
                            schema: fields.schema)
    }

    /// The columns written under `name`: itself when a row written holds a value of its own there
    /// (or nothing was written below it), then the leaf paths below it.
    private func expanded(_ name: String) -> [String] {
        var own = false
        var below: [String] = []
        for column in order where name == column || name.hasPrefix(column + separator) {
            guard let found = columns[column] else { continue }
            if name == column && found.keepsValue { own = true }
            for keys in found.leaves {
                let path = ([column] + keys).joined(separator: separator)
                if path == name { own = true } else if path.hasPrefix(name + separator) { below.append(path) }
            }
        }
        return own || below.isEmpty ? [name] + below : below
    }

    /// The two fields that would both be the column `name`: a leaf path and a field of that name.
    private func conflict(at name: String) -> RecordShaping.Conflict {
        for column in order where name.hasPrefix(column + separator) {
            if let keys = columns[column]?.leaves.first(where: { ([column] + $0).joined(separator: separator) == name }) {
                return RecordShaping.Conflict(column: name, object: ([column] + keys.dropLast()).joined(separator: separator), key: keys.last ?? "")
            }
        }
        return RecordShaping.Conflict(column: name, object: name, key: "")
    }

    private static func message(_ conflict: RecordShaping.Conflict) -> String {
        "CSV and TSV output: the field '\(conflict.column)' and the key '\(conflict.key)' of '\(conflict.object)' would both be the column "
            + "'\(conflict.column)'; choose another --flatten-separator, or give --no-flatten"
    }
}
