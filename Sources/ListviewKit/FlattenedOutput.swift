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
/// one column; a name that is both a field some row holds a value in and a leaf below another
/// field is refused. Each row's fields are then read from its own cells as `--flatten` would
/// flatten them (`FlattenedFields`), a block of rows at a time on both cores, so no flattened
/// table is made.
struct FlattenedOutput {
    /// What joins the keys of a path (`--flatten-separator`).
    let separator: String
    let dialect: DelimitedPresenter.Dialect
    /// The columns met in the rows written, in the order first met. Names and keys are told apart
    /// by their Unicode scalars (`ScalarText`), as the records' are: `é` and `e` + U+0301 are two.
    private var order: [String] = []
    private var columns: [ScalarText: Column] = [:]

    /// The fields written under the header, with the presenter that writes it.
    struct Header {
        let presenter: DelimitedPresenter
        /// The names written that are leaf paths, not columns of their own, with the column and
        /// keys of each; nil when nothing written is nested, and the rows are written as they are.
        let leafPaths: [ScalarText: FlattenedFields.LeafPath]?
        /// The names among `leafPaths` that are fields too, read first (`FlattenedFields`'s `columnFirst`).
        var columnFirst: Set<ScalarText> = []
    }

    /// What the rows written hold in one top-level column.
    private struct Column {
        /// Some row written holds a value of its own in the column.
        var keepsValue = false
        /// The keys of each leaf path below it, in the order first written.
        var leaves: [[String]] = []
        var seen: Set<[ScalarText]> = []
    }

    /// The flattening of `request`'s output, or nil when its rows are written as they are: a
    /// style other than CSV and TSV, `--no-flatten`, or records flattened as read (`--flatten`).
    init?(_ request: ListRequest) {
        guard request.look.flattensOutput, request.look.style.descriptor.records?.isFlatTable == true else { return nil }
        separator = request.read.shaping.separator
        dialect = request.look.style == .tsv ? .tsv : .csv
    }

    private var shaping: RecordShaping {
        var shaping = RecordShaping()
        shaping.separator = separator
        shaping.flatten = .init()
        return shaping
    }

    /// Notes the leaves of `rows` of `table`, written in that order: blocks of them walked on both
    /// cores, noted in order (leaves first met in a block before are met first); in a block, a
    /// column whose kinds over its rows tell what it holds is not read down them.
    mutating func note(rows: [Int], of table: CellTable) {
        let shaping = self.shaping
        OrderedWork.blocks(of: rows.count, size: 1 << 16, work: { range in
            shaping.leafPaths(of: table, rows: rows[range], kindsMet: table.withCells { $0.kindsMet(rows: rows[range]) })
        }, take: { paths in
            note(paths)
            return true
        })
    }

    private mutating func note(_ paths: [RecordShaping.LeafPaths]) {
        for (name, keepsValue, leaves) in paths {
            let named = ScalarText(name)
            if columns[named] == nil { order.append(name) }
            var column = columns[named] ?? Column()
            column.keepsValue = column.keepsValue || keepsValue
            for keys in leaves where column.seen.insert(keys.map(ScalarText.init)).inserted { column.leaves.append(keys) }
            columns[named] = column
        }
    }

    /// Writes `header`, then `rows` of `table` (noted before) in order.
    func write(rows: [Int], of table: CellTable, under header: Header, page: PageInfo?, into sink: OutputSink) throws {
        var presenter = header.presenter
        try presenter.begin(page: page, into: sink)
        if rows.isEmpty { try presenter.emptyState(into: sink) }
        try write(rows: rows, of: table, under: header, into: sink)
        try presenter.end(page: page, into: sink)
    }

    /// Writes the lines of `rows` of `table` (noted before) in order under `presenter`'s header: a
    /// block of rows at a time on both cores, each row's fields read from its own cells, its nested
    /// ones walked once.
    func write(rows: [Int], of table: CellTable, under header: Header, into sink: OutputSink) throws {
        guard let names = header.presenter.fields.pathsEachRowWrites, let leafPaths = header.leafPaths else {
            // Nothing written is spread into paths: the rows as they are.
            var presenter = header.presenter
            presenter.use(table)
            return try presenter.rows(rows.map(RowRef.init)[...], into: sink)
        }
        let dialect = dialect
        let spreading = Set(columns.filter { !$0.value.leaves.isEmpty }.keys)
        try OrderedBlockWriter.write(count: rows.count, into: sink) { range, bytes in
            // The fields are made for each block: the two cores then count no references to the
            // same arrays row after row.
            var fields = FlattenedFields(names: names, leafPaths: leafPaths, columns: table.columns, spreading: spreading, columnFirst: header.columnFirst)
            table.withCells { cells in
                withUnsafeTemporaryAllocation(of: LineField.self, capacity: fields.fieldCount) { line in
                    for row in rows[range] {
                        fields.withLine(row: row, of: cells, in: line) { DelimitedPresenter.appendLine(dialect: dialect, fields: $0, to: &bytes) }
                    }
                }
            }
        }
    }

    /// The header of `fields` (the rows written noted before) with each name replaced by the
    /// flattened columns written under it; throws when two would be one column, or a name would be
    /// both a field and a leaf path.
    func header(for fields: OutputFields) throws -> Header {
        // Nothing written was nested: the columns as they are.
        guard columns.values.contains(where: { !$0.leaves.isEmpty }) else {
            return Header(presenter: DelimitedPresenter(fields: fields, dialect: dialect), leafPaths: nil)
        }
        let leading = try fields.leading.flatMap { try expanded($0.text) }
        let given = Set(leading.map { ScalarText($0.name) })
        let leadingNames = Set(fields.leading.map { ScalarText($0.text) })
        let rest = try (fields.columns?.map(\.title) ?? fields.schemaColumns)
            .filter { !leadingNames.contains(ScalarText($0)) }
            .flatMap { try expanded($0) }
            .filter { !given.contains(ScalarText($0.name)) && !fields.excluded.excludes($0.name) }
        var seen: Set<ScalarText> = []
        for (name, _, _) in leading + rest where !seen.insert(ScalarText(name)).inserted {
            throw ListviewError.usage(Self.message(conflict(at: name)))
        }
        let flattened = OutputFields(columns: rest.map { ColumnSpec($0.name) }, leading: leading.map { FieldPath($0.name) },
                                     excluding: fields.excluded, schema: fields.schema)
        let leafPaths = (leading + rest).compactMap { name, leaf, _ in leaf.map { (ScalarText(name), $0) } }
        return Header(presenter: DelimitedPresenter(fields: flattened, dialect: dialect),
                      leafPaths: Dictionary(leafPaths, uniquingKeysWith: { first, _ in first }),
                      columnFirst: Set((leading + rest).filter(\.columnFirst).map { ScalarText($0.name) }))
    }

    /// The columns written under `name`: itself when a row written holds a value of its own there
    /// (or nothing was written below it), then the leaf paths below it, each with its column and
    /// keys. A name that is a field is that field (as `TableField` reads it), whatever other
    /// fields' leaves are spelled like it; another name is the leaves of the fields it steps
    /// into, and refused when two of them would be one column.
    private func expanded(_ given: String) throws -> [(name: String, leaf: FlattenedFields.LeafPath?, columnFirst: Bool)] {
        let isField = columns[ScalarText(given)] != nil
        // `items[0].sku` is the path `items.0.sku` spells: looked up so, written as given.
        let path = FieldPath(given)
        let name = isField || !given.contains("[") || path.reachesEveryElement ? given : path.components.joined(separator: separator)
        var ownValue = false
        var ownLeaf: FlattenedFields.LeafPath?
        var below: [(name: String, leaf: FlattenedFields.LeafPath?, columnFirst: Bool)] = []
        for column in order where name.hasSameScalars(as: column) || (!isField && name.hasScalarPrefix(column + separator)) {
            guard let found = columns[ScalarText(column)] else { continue }
            if name.hasSameScalars(as: column) && found.keepsValue { ownValue = true }
            for keys in found.leaves {
                let path = ([column] + keys).joined(separator: separator)
                if path.hasSameScalars(as: name) {
                    if ownLeaf != nil { throw ListviewError.usage(Self.message(conflict(at: name))) }
                    ownLeaf = (column, keys)
                } else if path.hasScalarPrefix(name + separator) {
                    below.append((path, (column, keys), false))
                }
            }
        }
        if isField {
            // A field of that name is read first, and where a row lacks it, the leaf of that path
            // below another column (as `TableField` reads it): one column, `FlattenedFields`'s
            // `cellOrLeaf`. Written beside that column's own leaves, the two are refused.
            if let leaf = leaf(spelled: name) { ownLeaf = leaf }
        }
        let own = ownValue || ownLeaf != nil || below.isEmpty ? [(given, ownLeaf, isField && ownLeaf != nil)] : []
        return own + below
    }

    /// The two fields that would both be the column `name`: a leaf path and a field of that name.
    private func conflict(at name: String) -> RecordShaping.Conflict {
        guard let (column, keys) = leaf(spelled: name) else { return RecordShaping.Conflict(column: name, object: name, key: "") }
        return RecordShaping.Conflict(column: name, object: ([column] + keys.dropLast()).joined(separator: separator), key: keys.last ?? "")
    }

    /// The leaf written below another column whose path is spelled `name`, first in column order.
    private func leaf(spelled name: String) -> FlattenedFields.LeafPath? {
        for column in order where name.hasScalarPrefix(column + separator) {
            if let keys = columns[ScalarText(column)]?.leaves.first(where: { ([column] + $0).joined(separator: separator).hasSameScalars(as: name) }) {
                return (column, keys)
            }
        }
        return nil
    }

    private static func message(_ conflict: RecordShaping.Conflict) -> String {
        "CSV and TSV output: the field '\(conflict.column)' and the key '\(conflict.key)' of '\(conflict.object)' would both be the column "
            + "'\(conflict.column)'; choose another --flatten-separator, or give --no-flatten"
    }
}
