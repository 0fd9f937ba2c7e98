import ListviewBatches
import ListviewKit
import ListviewShaping
import ListviewValues

/// The record under the cursor in full (Enter): one `key: value` line per field, nested
/// objects and arrays as an indented tree, `- ` before each array element.
///
///     id: 1001
///     customer:
///       name: Maya Goldberg
///       tags:
///         - gift
enum RecordTree {
    /// The lines of the record at `address`. Flattened columns (`--flatten`, their keys joined by
    /// `flattenedBy`) are gathered back into the objects and arrays they came from: the tree.
    /// With `width`, a value longer than the line (or holding line breaks) goes on over the lines
    /// under it, shown whole (Enter on a long text cell).
    static func lines(of rows: BrowserRows, at address: RowAddress, flattenedBy separator: String? = nil, width: Int? = nil) -> [String] {
        let (names, values) = fields(of: rows, at: address, flattenedBy: separator)
        var tree: [Line] = []
        for (name, value) in zip(names, values) { append(TerminalEscaping.escaped(name), value, indent: "", path: name, to: &tree) }
        let lines = tree.map(\.text)
        guard let width else { return lines.isEmpty ? ["(no fields)"] : lines }
        // A continuation line begins under the value: after its line's indent and `label: `.
        return lines.isEmpty ? ["(no fields)"] : lines.flatMap { line -> [String] in
            guard DisplayWidth.of(line) > width || line.contains("\n") else { return [line] }
            let indent = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indent)
            let label = body.firstRange(of: ": ").map { DisplayWidth.of(String(body[..<$0.upperBound])) } ?? 2
            return ScreenText.wrapped(line, width: width, indent: min(indent + label, width / 2))
        }
    }

    /// The lines of one value's tree, each with its path: an object's members, an array's
    /// elements, or the scalar.
    static func lines(of value: Value) -> [Line] {
        var lines: [Line] = []
        switch value {
        case .object(let object) where object.count > 0:
            for (key, member) in object.members { append(TerminalEscaping.escaped(key), member, indent: "", path: key, to: &lines) }
        case .array(let elements) where !elements.isEmpty:
            for (index, element) in elements.enumerated() { appendElement(element, indent: "", path: String(index), to: &lines) }
        default:
            lines.append(("", CellText.text(for: value)))
        }
        return lines
    }

    /// The fields of the record at `address`, flattened columns gathered back (`lines`).
    static func fields(of rows: BrowserRows, at address: RowAddress, flattenedBy separator: String? = nil) -> (names: [String], values: [Value]) {
        let table = rows.tables[Int(address.table)].table
        var (names, values): ([String], [Value]) = ([], [])
        table.withCells { cells in
            for column in table.columns {
                let field = TableField(FieldPath(column), columns: table.columns)
                guard let value = field.value(row: Int(address.row), in: cells) ?? nested(field, row: Int(address.row), cells: cells) else {
                    continue
                }
                names.append(column)
                values.append(value)
            }
        }
        if let separator { (names, values) = RecordShaping.nested(names: names, values: values, separator: separator) }
        return (names, values)
    }

    /// A nested cell whose table has no decoder shows as its JSON text.
    static func nested(_ field: TableField, row: Int, cells: CellTable.Cells) -> Value? {
        guard let column = field.column else { return nil }
        let (kind, text) = cells.cell(row: row, column: column)
        return kind == .nested ? .string(String(decoding: text, as: UTF8.self)) : nil
    }

    /// One line of a tree, and the path of the value it shows (members by name, elements by
    /// position: `items.0.sku`), by which two trees line up (`DifferenceDetail`).
    typealias Line = (path: String, text: String)

    private static func append(_ label: String, _ value: Value, indent: String, path: String, to lines: inout [Line]) {
        switch value {
        case .object(let object) where object.count > 0:
            lines.append((path, "\(indent)\(label):"))
            for (key, member) in object.members {
                append(TerminalEscaping.escaped(key), member, indent: indent + "  ", path: path + "." + key, to: &lines)
            }
        case .array(let elements) where !elements.isEmpty:
            lines.append((path, "\(indent)\(label):"))
            for (index, element) in elements.enumerated() { appendElement(element, indent: indent + "  ", path: path + ".\(index)", to: &lines) }
        default:
            lines.append((path, "\(indent)\(label): \(CellText.text(for: value))"))
        }
    }

    private static func appendElement(_ value: Value, indent: String, path: String, to lines: inout [Line]) {
        switch value {
        case .object(let object) where object.count > 0:
            var first = true
            for (key, member) in object.members {
                var nested: [Line] = []
                append(TerminalEscaping.escaped(key), member, indent: indent + "  ", path: path + "." + key, to: &nested)
                if first, let head = nested.first {
                    // `- key: value` on the dash's line, the rest under it.
                    nested[0].text = indent + "- " + head.text.dropFirst(indent.count + 2)
                    first = false
                }
                lines += nested
            }
        case .array(let elements) where !elements.isEmpty:
            lines.append((path, "\(indent)-"))
            for (index, element) in elements.enumerated() { appendElement(element, indent: indent + "  ", path: path + ".\(index)", to: &lines) }
        default:
            lines.append((path, "\(indent)- \(CellText.text(for: value))"))
        }
    }
}
