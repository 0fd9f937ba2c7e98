import ListviewBatches
import ListviewDataSource
import ListviewKit
import ListviewValues

/// Enter on a nested value (a cell of the list, or a node of a record in full): the value, to
/// open as a sheet of its own, and where it is.
public struct BrowserDive: Equatable, Sendable {
    /// The record the value is in, named by its first field (`id=1001`): the way back shows it,
    /// and the marks written name it.
    public struct RecordName: Equatable, Sendable {
        public var field: String
        public var value: Value

        /// `id=1001`, cut to 24 cells.
        public var text: String {
            let shown = TerminalEscaping.escaped("\(field)=\(CellText.text(for: value))")
            return DisplayWidth.of(shown) <= 24 ? shown : TextFitting.truncated(shown, to: 24)
        }
    }

    public var value: Value
    /// The value's path in its record, in listview's syntax: `items`, `items[2].lots`.
    public var path: String
    public var record: RecordName?
    /// The way here: the record, then each sheet dived into on the way (`id=1001`, `items`).
    public var crumbs: [String]

    /// The dive's identity within its file: diving again into the same value opens the sheet
    /// as it was left (arrangement, cursor, marks).
    var key: String { (record.map { "\($0.field)=\($0.value.compactJSON)" } ?? "") + "\u{1F}" + path }
}

/// What a sheet opened by a dive knows of its rows: where each is in the record, and the value
/// it shows, for the next dive and for the marks `q` writes (`{"record":…,"path":…,"value":…}`).
public struct DiveContext: Equatable, Sendable {
    public var dive: BrowserDive
    /// Per row of the sheet's one table: its path (`items[2]`, `customer.city`).
    var rowPaths: [String]
    /// Per row: the value the row stands for (an element, a member's value).
    var values: [Value]
    /// Per row: true when the row holds its value in the `value` column (a scalar element, an
    /// object's member) rather than as its columns (an object element).
    var wrapped: [Bool]

    /// The column a wrapped row's value is in; an object's members are rows `key`, `value`.
    static let valueColumn = "value"
    static let keyColumn = "key"

    /// The rows of `dive`'s value: an array's elements (objects as rows with their members as
    /// columns, anything else in one `value` column), or an object's members as `key`, `value`
    /// rows. `decoder` decodes nested cells (the table dived from has one).
    static func rows(of dive: BrowserDive, nestedDecoder: NestedValueDecoder?) -> (BrowserRows, DiveContext) {
        let schema = RecordSchema()
        var table = CellTable(columns: [], inferTypes: false)
        table.nestedDecoder = nestedDecoder
        var context = DiveContext(dive: dive, rowPaths: [], values: [], wrapped: [])
        func add(_ keys: [String], _ values: [Value], path: String, value: Value, wrapped: Bool) {
            table.append(schema.record(keys: keys, values: values), schema: schema)
            context.rowPaths.append(path)
            context.values.append(value)
            context.wrapped.append(wrapped)
        }
        switch dive.value {
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                let path = dive.path + "[\(index)]"
                if case .object(let object) = element, object.count > 0 {
                    add(object.keys, object.values, path: path, value: element, wrapped: false)
                } else {
                    add([valueColumn], [element], path: path, value: element, wrapped: true)
                }
            }
        case .object(let object):
            for (key, member) in object.members {
                add([keyColumn, valueColumn], [.string(key), member], path: dive.path.isEmpty ? key : dive.path + "." + key, value: member, wrapped: true)
            }
        default:
            add([valueColumn], [dive.value], path: dive.path, value: dive.value, wrapped: true)
        }
        let rows = BrowserRows(arranged: table, sections: [Section(items: (0..<table.rowCount).map(RowRef.init))])
        return (rows, context)
    }

    /// The path of `column`'s value in row `row`: the row's own for its `value` column when it
    /// is wrapped, else the member's under the row's.
    func path(row: Int, column: String) -> String? {
        guard row < rowPaths.count else { return nil }
        if wrapped[row] { return column == Self.valueColumn ? rowPaths[row] : nil }
        return rowPaths[row] + "." + column
    }

    /// The step from this sheet's value to `path` under it: `[2].lots` from `items`.
    func step(to path: String) -> String {
        path.hasPrefix(dive.path) && path.count > dive.path.count ? String(path.dropFirst(dive.path.count).trimmingPrefix(".")) : path
    }
}
