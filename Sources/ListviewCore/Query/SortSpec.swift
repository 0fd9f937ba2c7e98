/// One `--sort FIELD[:asc|:desc]` term.
public struct SortSpec: Hashable, Sendable {
    public var path: FieldPath
    public var descending: Bool

    public init(path: FieldPath, descending: Bool = false) {
        self.path = path
        self.descending = descending
    }

    /// Parses `FIELD`, `FIELD:asc` or `FIELD:desc`.
    public init(parsing text: String) throws {
        var field = Substring(text)
        var descending = false
        if let colon = text.lastIndex(of: ":") {
            let suffix = text[text.index(after: colon)...].lowercased()
            switch suffix {
            case "desc": descending = true; field = text[..<colon]
            case "asc": field = text[..<colon]
            default: break
            }
        }
        guard !field.isEmpty else { throw ListviewError.usage("--sort needs a field name, as in --sort total:desc") }
        self.init(path: FieldPath(String(field)), descending: descending)
    }
}

/// Stable multi-key sorting of records.
public enum RecordSorter {
    /// `records` ordered by `specs`, earlier specs first; ties keep input order.
    public static func sorted(_ records: [Record], by specs: [SortSpec]) -> [Record] {
        guard !specs.isEmpty, records.count > 1 else { return records }
        let keys: [[ValueOrdering.Key]] = specs.map { spec in
            records.map { ValueOrdering.key(for: spec.path.value(in: $0)) }
        }
        let order = records.indices.sorted { left, right in
            for (specIndex, spec) in specs.enumerated() {
                let a = keys[specIndex][left], b = keys[specIndex][right]
                var result = ValueOrdering.compare(a, b)
                if result == 0 { continue }
                // Missing values stay last whichever way the column sorts.
                if spec.descending && a.isPresent && b.isPresent { result = -result }
                return result < 0
            }
            return left < right
        }
        return order.map { records[$0] }
    }
}

extension ValueOrdering.Key {
    var isPresent: Bool {
        if case .missing = self { return false }
        return true
    }
}
