import ListviewBatches
import ListviewValues

/// How records are reshaped as they are read, before `--where` sees them: nested values flattened
/// into dotted columns (`--flatten`), one row per element of an array (`--explode`), and dotted
/// columns nested again (`--unflatten`). Each is a function of one batch's rows, so batches read
/// in parts on both cores are reshaped there.
public struct RecordShaping: Sendable, Equatable {
    /// `--flatten [N]`: nested objects and arrays as dotted columns, N levels deep (nil: all).
    public var flatten: Flatten?
    /// `--explode F`: a row per element of the array at `F`.
    public var explode: Explode?
    /// `--unflatten`: dotted columns as nested objects again (and `0`, `1`, … as arrays).
    public var unflatten = false
    /// `--flatten-separator`: what joins the keys of a path (default `.`).
    public var separator = "."
    /// `--exclude` patterns that reach into nested values (`customer.email`): those members are
    /// left out of the objects they are in, when the objects are not flattened.
    public var pruned: [FieldPattern] = []

    public init() {}

    /// True when nothing is reshaped.
    public var isEmpty: Bool { flatten == nil && explode == nil && !unflatten && pruned.isEmpty }

    public struct Flatten: Sendable, Equatable {
        public var depth: Int?

        public init(depth: Int? = nil) { self.depth = depth }
    }

    public struct Explode: Sendable, Equatable {
        public var field: FieldPath
        /// `--explode-drop-empty`: a record whose array is empty gives no row (else one, with null).
        public var dropEmpty = false

        public init(field: FieldPath, dropEmpty: Bool = false) {
            self.field = field
            self.dropEmpty = dropEmpty
        }
    }

    /// A field name that two fields would share once flattened (`a.b` beside `a: {b: …}`).
    public struct Conflict: Error, Equatable, Sendable {
        public let column: String
        public let object: String
        public let key: String

        public var message: String {
            "--flatten: the field '\(column)' and the key '\(key)' of '\(object)' would both be the column '\(column)'; "
                + "choose another --flatten-separator, or leave --flatten out"
        }
    }

    /// `table`'s rows reshaped: exploded, then flattened, then unflattened. Throws `Conflict`.
    public func reshaped(_ table: CellTable) throws(Conflict) -> CellTable {
        guard !isEmpty, table.rowCount > 0 else { return table }
        // Nothing to do for this batch: no nested cell to flatten or explode, no dotted column to nest.
        let explodes = explode.map { table.columns.contains($0.field.text) } ?? false
        let nests = unflatten && table.columns.contains { $0.contains(separator) }
        let spreads = (flatten != nil || !pruned.isEmpty) && table.hasNestedCells
        if !explodes && !nests && !spreads { return table }
        let shapes = RecordShapeCache()
        let schema = RecordSchema()
        var result = CellTable(columns: [], inferTypes: table.inferTypes)
        result.nestedDecoder = table.nestedDecoder
        result.measuresColumns = table.measuresColumns
        for row in 0..<table.rowCount {
            let record = table.record(at: row, shapes: shapes)
            for exploded in explode.map({ explodedFields(record, $0) }) ?? [(record.names, record.values)] {
                var (names, values) = exploded
                if flatten == nil && !pruned.isEmpty { values = zip(names, values).map { pruned($1, path: $0) } }
                if let flatten { (names, values) = try flattened(names, values, depth: flatten.depth) }
                if unflatten { (names, values) = unflattened(names, values, inferring: table.inferTypes) }
                result.append(schema.record(keys: names, values: values), schema: schema)
            }
        }
        return result
    }

    // MARK: Explode

    /// The fields of a record per element of the array at `explode.field`: the element's fields in its place
    /// (`items.sku`, or `items` for a scalar); the record as it is when the field holds no array.
    private func explodedFields(_ record: Record, _ explode: Explode) -> [([String], [Value])] {
        let name = explode.field.text
        guard let index = record.names.firstIndex(of: name), case .array(let elements) = record.values[index] else {
            return [(record.names, record.values)]
        }
        let before = (Array(record.names[..<index]), Array(record.values[..<index]))
        let after = (Array(record.names[(index + 1)...]), Array(record.values[(index + 1)...]))
        if elements.isEmpty {
            guard !explode.dropEmpty else { return [] }
            return [(before.0 + [name] + after.0, before.1 + [.null] + after.1)]
        }
        return elements.map { element in
            var (names, values) = before
            if case .object(let object) = element {
                for (key, value) in object.members {
                    names.append(name + separator + key)
                    values.append(value)
                }
            } else {
                names.append(name)
                values.append(element)
            }
            return (names + after.0, values + after.1)
        }
    }

    // MARK: Prune

    /// `value`, at `path`, without the members whose paths an exclusion pattern matches.
    private func pruned(_ value: Value, path: String) -> Value {
        switch value {
        case .object(let object):
            var (keys, values): ([String], [Value]) = ([], [])
            for (key, member) in object.members {
                let inner = path + separator + key
                if pruned.contains(where: { $0.matches(inner) }) { continue }
                keys.append(key)
                values.append(pruned(member, path: inner))
            }
            return .object(ObjectValue(keys: keys, values: values))
        case .array(let elements):
            return .array(elements.enumerated().map { pruned($1, path: path + separator + String($0)) })
        default:
            return value
        }
    }

    // MARK: Flatten

    /// The fields with each object or array `depth` levels deep (all without one) spread into
    /// dotted fields; throws when one would take the name of a field of the record.
    private func flattened(_ names: [String], _ values: [Value], depth: Int?) throws(Conflict) -> ([String], [Value]) {
        guard values.contains(where: \.isContainer) else { return (names, values) }
        var (flatNames, flatValues): ([String], [Value]) = ([], [])
        var spread: [String: (object: String, key: String)] = [:]
        for (name, value) in zip(names, values) {
            guard value.isContainer else {
                flatNames.append(name)
                flatValues.append(value)
                continue
            }
            var leaves: [(String, Value, String, String)] = []
            collectLeaves(value, path: name, parent: name, key: "", levels: depth.map { $0 } ?? .max, into: &leaves)
            for (path, leaf, parent, key) in leaves {
                spread[path] = (parent, key)
                flatNames.append(path)
                flatValues.append(leaf)
            }
        }
        // A name both a field of the record and a path spread from an object: never merged.
        for name in names where !name.isEmpty {
            if let (object, key) = spread[name], zip(names, values).contains(where: { $0.0 == name && !$0.1.isContainer }) {
                throw Conflict(column: name, object: object, key: key)
            }
        }
        return (flatNames, flatValues)
    }

    /// The leaves of `value` at `path` (`levels` more levels spread), each with the object and key it is under.
    private func collectLeaves(_ value: Value, path: String, parent: String, key: String, levels: Int,
                               into leaves: inout [(String, Value, String, String)]) {
        guard levels > 0 else { return leaves.append((path, value, parent, key)) }
        switch value {
        case .object(let object) where object.count > 0:
            for (member, inner) in object.members {
                collectLeaves(inner, path: path + separator + member, parent: path, key: member, levels: levels - 1, into: &leaves)
            }
        case .array(let elements) where !elements.isEmpty:
            for (index, inner) in elements.enumerated() {
                collectLeaves(inner, path: path + separator + String(index), parent: path, key: String(index), levels: levels - 1,
                              into: &leaves)
            }
        default:
            leaves.append((path, value, parent, key))
        }
    }

    // MARK: Unflatten

    /// Dotted fields as nested objects, objects keyed `0`, `1`, … as arrays. A nested field with no
    /// value (an empty CSV cell, which cannot tell null from missing) is left out of its object.
    /// In a CSV cell (`inferring`), `true` and `false` are booleans and `[]` and `{}` empty
    /// containers, as listview writes them.
    private func unflattened(_ names: [String], _ values: [Value], inferring: Bool) -> ([String], [Value]) {
        guard names.contains(where: { $0.contains(separator) }) else { return (names, values) }
        var root = Tree()
        for (name, value) in zip(names, values) {
            let path = name.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
            var leaf = value
            if inferring, case .string(let text) = value {
                switch text {
                case "": leaf = .null
                case "true", "false": leaf = .bool(text == "true")
                case "[]": leaf = .array([])
                case "{}": leaf = .object(ObjectValue(keys: [], values: []))
                default: break
                }
            }
            if path.count > 1 && leaf.isNull { continue }
            root.insert(path[...], leaf)
        }
        return (root.keys, root.keys.map { root.children[$0]?.value ?? .null })
    }

    /// Members being gathered into objects, in first-seen order.
    private struct Tree {
        var keys: [String] = []
        var children: [String: Tree] = [:]
        var leaf: Value?

        mutating func insert(_ path: ArraySlice<String>, _ value: Value) {
            guard let first = path.first else {
                leaf = value
                return
            }
            if children[first] == nil { keys.append(first) }
            children[first, default: Tree()].insert(path.dropFirst(), value)
        }

        /// The value gathered: the leaf, an array when the keys are `0`…`n-1`, else an object.
        var value: Value {
            if keys.isEmpty { return leaf ?? .null }
            let members = keys.map { children[$0]?.value ?? .null }
            if keys.enumerated().allSatisfy({ String($0.offset) == $0.element }) { return .array(members) }
            return .object(ObjectValue(keys: keys, values: members))
        }
    }
}
