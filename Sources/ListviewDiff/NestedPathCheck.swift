import ListviewBatches
import ListviewKit
import ListviewValues

/// The paths below a field that a diff's options give (`--ignore 'items[].updated_at'`,
/// `--array-key items=sku`, `--unordered tags`, `--tolerance 'items[].price=0.01'`), checked
/// against the values the inputs hold: a path that reaches nothing on either side is a usage
/// error naming the closest path there is, as a misspelt field name is (`FieldCheck`), instead
/// of a rule that silently does nothing.
///
/// The rows are walked until every path has been met, so a check that passes usually reads a
/// row or two.
struct NestedPathCheck {
    /// A path and the option that gave it; `array` when it must reach an array, and `elementField`
    /// a field that some element of such an array must have (an `--array-key`'s key).
    struct Named {
        var option: String
        var pattern: DiffPathPattern
        var array: Bool
        var elementField: FieldPath?

        /// The option's value as written, for a message.
        var written: String {
            guard let elementField else { return pattern.text }
            return "\(pattern.text)=\(elementField.text)"
        }
    }

    /// One side's rows: a table and its name in messages.
    struct Side {
        var table: CellTable
        var name: String
    }

    /// The most paths a message's suggestion is chosen among.
    private static let shapeLimit = 10_000

    /// The paths of `request` to check: `*` alone (every array) is not checked.
    static func paths(in request: DiffRequest) -> [Named] {
        let rules = request.rules
        return rules.ignored.map { Named(option: "--ignore", pattern: $0, array: false) }
            + rules.arrayKeys.flatMap { key in
                [Named(option: "--array-key", pattern: key.array, array: true)]
                    + key.fields.map { Named(option: "--array-key", pattern: key.array, array: true, elementField: $0) }
            }
            + rules.unordered.filter { $0.text != "**" }.map { Named(option: "--unordered", pattern: $0, array: true) }
            + request.equality.tolerancePaths.map { Named(option: "--tolerance", pattern: $0.pattern, array: false) }
    }

    /// Throws a usage error for the first of `paths` that reaches no value on either side.
    static func check(_ paths: [Named], sides: [Side]) throws {
        guard !paths.isEmpty else { return }
        var unfound = Array(paths.indices)
        // The paths met, written with `[]` for any element; those of arrays apart; the members of
        // the elements of arrays an unfound `--array-key` names.
        var shapes: [String] = [], arrays: [String] = [], elementMembers: [String] = []
        var seen = Set<String>()
        func note(_ text: String, in list: inout [String], kind: String) {
            if list.count < shapeLimit, seen.insert(kind + text).inserted { list.append(text) }
        }
        func visit(_ value: Value, at path: DiffPath, shape: String) {
            if !unfound.isEmpty {
                unfound.removeAll { index in
                    let named = paths[index]
                    guard named.pattern.matches(path) else { return false }
                    guard named.array else { return true }
                    guard case .array(let elements) = value else { return false }
                    guard let field = named.elementField else { return true }
                    for case .object(let object) in elements { object.keys.forEach { note($0, in: &elementMembers, kind: "m") } }
                    return elements.contains { field.value(in: $0) != nil }
                }
            }
            note(shape, in: &shapes, kind: "s")
            if case .array = value { note(shape, in: &arrays, kind: "a") }
            switch value {
            case .object(let object):
                for (key, member) in object.members { visit(member, at: path.appending(.member(key)), shape: shape + "." + key) }
            case .array(let elements):
                for (index, element) in elements.enumerated() { visit(element, at: path.appending(.index(index)), shape: shape + "[]") }
            default:
                break
            }
        }
        for side in sides where !unfound.isEmpty {
            side.table.withCells { cells in
                for row in 0..<side.table.rowCount where !unfound.isEmpty {
                    for (column, name) in side.table.columns.enumerated() {
                        guard let value = cells.value(row: row, column: column) else { continue }
                        visit(value, at: DiffPath(field: name), shape: name)
                    }
                }
            }
        }
        guard let first = unfound.first else { return }
        let named = paths[first]
        let inputs = sides.map(\.name).joined(separator: " or ")
        var message: String
        var candidates: [String]
        var typed = named.pattern.text
        if let field = named.elementField {
            message = "\(named.option) '\(named.written)': no element of '\(named.pattern.text)' in \(inputs) has '\(field.text)'"
            (candidates, typed) = (elementMembers, field.text)
        } else if named.array {
            message = "\(named.option): no array at '\(named.pattern.text)' in \(inputs)"
            candidates = arrays
            if shapes.contains(named.pattern.text) { message += " ('\(named.pattern.text)' is not an array)" }
        } else {
            message = "\(named.option): no value at '\(named.pattern.text)' in \(inputs)"
            candidates = shapes
        }
        if let closest = ClosestName.find(typed, among: candidates), closest != typed {
            message += "; did you mean '\(closest)'?"
        } else if !candidates.isEmpty {
            message += "; \(named.elementField == nil ? (named.array ? "arrays" : "paths") : "fields") are: "
                + candidates.prefix(12).joined(separator: ", ") + (candidates.count > 12 ? ", …" : "")
        }
        throw ListviewError.usage(TerminalEscaping.escaped(message))
    }
}
