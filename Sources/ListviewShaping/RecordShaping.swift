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

    /// A field name that two fields would share once flattened (`a.b` beside `a: {b: …}`), or,
    /// unflattened, a field holding a value with fields under it (`a: 1` beside `a.b: 2`): either
    /// way one value would be lost, so the reshaping is refused.
    public struct Conflict: Error, Equatable, Sendable {
        public let column: String
        public let object: String
        public let key: String
        /// `--unflatten`: `object` holds a value and `column`, under it, would make it an object.
        public var unflattening = false

        public init(column: String, object: String, key: String, unflattening: Bool = false) {
            (self.column, self.object, self.key, self.unflattening) = (column, object, key, unflattening)
        }

        public var message: String {
            if unflattening {
                return "--unflatten: the field '\(object)' holds a value and '\(column)' would make it an object, losing one of them; "
                    + "choose another --flatten-separator, or leave --unflatten out"
            }
            return "--flatten: the field '\(column)' and the key '\(key)' of '\(object)' would both be the column '\(column)'; "
                + "choose another --flatten-separator, or leave --flatten out"
        }
    }

    /// `table`'s rows reshaped: exploded, then flattened (or their excluded members pruned), then
    /// unflattened. Throws `Conflict`.
    public func reshaped(_ table: CellTable) throws(Conflict) -> CellTable {
        guard !isEmpty, table.rowCount > 0 else { return table }
        var table = table
        if let explode, let column = table.columns.firstIndex(of: explode.field.text) {
            table = exploded(table, column: column, dropEmpty: explode.dropEmpty)
        }
        if let flatten, table.hasNestedCells { table = try flattenedCells(table, depth: flatten.depth) }
        if flatten == nil && !pruned.isEmpty && table.hasNestedCells {
            table = recordByRecord(table) { names, values in (names, zip(names, values).map { pruned($1, path: $0) }) }
        }
        if unflatten && table.columns.contains(where: { $0.contains(separator) }) {
            let inferring = table.inferTypes
            var conflict: Conflict?
            table = recordByRecord(table) { names, values in
                let result = unflattened(names, values, inferring: inferring)
                conflict = conflict ?? result.conflict
                return (result.names, result.values)
            }
            if let conflict { throw conflict }
        }
        return table
    }

    /// `table`'s rows as records, each changed by `change`, in a table of their own.
    private func recordByRecord(_ table: CellTable, _ change: ([String], [Value]) -> ([String], [Value])) -> CellTable {
        let shapes = RecordShapeCache()
        let schema = RecordSchema()
        var result = emptyCopy(of: table, columns: [])
        for row in 0..<table.rowCount {
            let record = table.record(at: row, shapes: shapes)
            let (names, values) = change(record.names, record.values)
            result.append(schema.record(keys: names, values: values), schema: schema)
        }
        return result
    }

    // MARK: Prune

    /// `value`, at `path`, without the members whose paths an exclusion pattern matches.
    private func pruned(_ value: Value, path: String) -> Value {
        switch value {
        case .object(let object):
            var (keys, values): ([String], [Value]) = ([], [])
            for (key, member) in object.members {
                let inner = path + separator + key
                if pruned.contains(where: { $0.matches(path: inner, separator: separator) }) { continue }
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

    // MARK: Unflatten

    /// Dotted fields as nested objects, objects keyed `0`, `1`, … as arrays. A nested field with no
    /// value (an empty CSV cell, which cannot tell null from missing) is left out of its object.
    /// In a CSV cell (`inferring`), `true` and `false` are booleans and `[]` and `{}` empty
    /// containers, as listview writes them. A field holding a value with fields under it (`a`
    /// and `a.b`, both with values) is the `conflict`: the object would lose `a`'s value.
    private func unflattened(_ names: [String], _ values: [Value],
                             inferring: Bool) -> (names: [String], values: [Value], conflict: Conflict?) {
        guard names.contains(where: { $0.contains(separator) }) else { return (names, values, nil) }
        var root = Tree()
        var conflict: Conflict?
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
            if let depth = root.insert(path[...], leaf), conflict == nil {
                let object = path.prefix(depth).joined(separator: separator)
                let under = depth < path.count ? name : ([object] + root.someChildPath(at: path.prefix(depth))).joined(separator: separator)
                conflict = Conflict(column: under, object: object, key: "", unflattening: true)
            }
        }
        return (root.keys, root.keys.map { root.children[$0]?.value ?? .null }, conflict)
    }

    /// Fields named by paths joined with `separator` gathered into the objects and arrays they
    /// spell (`customer.name`, `items.0.sku`), as they were before flattening; fields without a
    /// value left out of their objects.
    public static func nested(names: [String], values: [Value], separator: String) -> (names: [String], values: [Value]) {
        var shaping = RecordShaping()
        shaping.separator = separator
        let result = shaping.unflattened(names, values, inferring: false)
        return (result.names, result.values)
    }

    /// Members being gathered into objects, in first-seen order.
    private struct Tree {
        var keys: [String] = []
        var children: [String: Tree] = [:]
        var leaf: Value?

        /// Puts `value` at `path`; returns the depth of a field that holds a value and would
        /// have fields under it (its value lost), if this makes one.
        mutating func insert(_ path: ArraySlice<String>, _ value: Value, depth: Int = 0) -> Int? {
            guard let first = path.first else {
                leaf = value
                return Self.holds(value) && !keys.isEmpty ? depth : nil
            }
            let clash = leaf.map(Self.holds) == true ? depth : nil
            if children[first] == nil { keys.append(first) }
            return children[first, default: Tree()].insert(path.dropFirst(), value, depth: depth + 1) ?? clash
        }

        /// True for a value an object in its place would lose: not null, not an empty array or object.
        private static func holds(_ value: Value) -> Bool {
            switch value {
            case .null: return false
            case .array(let elements): return !elements.isEmpty
            case .object(let object): return !object.keys.isEmpty
            default: return true
            }
        }

        /// The keys down to some leaf under the node at `path`, for a message.
        func someChildPath(at path: ArraySlice<String>) -> [String] {
            guard let first = path.first else {
                guard let key = keys.first else { return [] }
                return [key] + (children[key]?.someChildPath(at: []) ?? [])
            }
            return children[first]?.someChildPath(at: path.dropFirst()) ?? []
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
