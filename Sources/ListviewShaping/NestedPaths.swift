import ListviewBatches
import ListviewValues

/// The dotted paths of the members of a table's nested objects (`customer.name`), in first-seen
/// order, as found in its first rows: what a pattern such as `--fields 'customer.*'` is matched
/// against besides the top-level columns, so globs reach into objects whether or not the output
/// is flattened.
public enum NestedPaths {
    /// Rows looked at: a pattern is expanded from the first batch's fields.
    public static let rowsLooked = 1_000

    /// The paths in the nested cells of `table`'s first rows, every level of objects; with
    /// `throughElements`, into arrays' elements too, each array's step written `[]` (`items[].sku`).
    public static func of(_ table: CellTable?, separator: String = ".", throughElements: Bool = false) -> [String] {
        guard let table, table.hasNestedCells, let decode = table.nestedDecoder else { return [] }
        var paths: [String] = []
        var seen: Set<String> = []
        table.withCells { cells in
            for row in 0..<min(table.rowCount, rowsLooked) {
                for (column, name) in table.columns.enumerated() {
                    let (kind, text) = cells.cell(row: row, column: column)
                    guard kind == .nested, let value = decode(text) else { continue }
                    collect(value, path: name, separator: separator, throughElements: throughElements, into: &paths, seen: &seen)
                }
            }
        }
        return paths
    }

    private static func collect(_ value: Value, path: String, separator: String, throughElements: Bool, into paths: inout [String],
                                seen: inout Set<String>) {
        switch value {
        case .object(let object):
            for (key, member) in object.members {
                let inner = path + separator + key
                if seen.insert(inner).inserted { paths.append(inner) }
                collect(member, path: inner, separator: separator, throughElements: throughElements, into: &paths, seen: &seen)
            }
        case .array(let elements) where throughElements:
            let inner = path + FieldPath.everyElement
            if seen.insert(inner).inserted { paths.append(inner) }
            for element in elements { collect(element, path: inner, separator: separator, throughElements: true, into: &paths, seen: &seen) }
        default:
            break
        }
    }
}
