import ListviewValues

/// Header names made usable: unique, and none empty.
public enum ColumnNames {
    /// `["id", "name", "", "name"]` → `["id", "name", "3", "name_2"]`.
    public static func unique(_ names: [String]) -> [String] {
        var namer = Namer(capacity: names.count)
        return names.enumerated().map { index, name in namer.claim(name.isEmpty ? String(index + 1) : name) }
    }

    /// `name` when free, else the first free `name_2`, `name_3`, ….
    public static func uniqueName(_ name: String, avoiding taken: Set<String>) -> String {
        var namer = Namer(taken: taken)
        return namer.claim(name)
    }

    /// Hands out names no one has yet, in time linear in the names however many repeat: each name
    /// remembers the next suffix to try (20,000 copies of one name took 10 s when every copy
    /// tried `_2`, `_3`, … from the start).
    public struct Namer {
        private var taken: Set<String>
        private var nextSuffix: [String: Int] = [:]

        public init(taken: Set<String> = []) {
            self.taken = taken
        }

        /// A namer with room for `capacity` names.
        public init(capacity: Int) {
            taken = Set(minimumCapacity: capacity)
        }

        /// `name` when free, else the first free `name_2`, `name_3`, …; the result is taken from now on.
        public mutating func claim(_ name: String) -> String {
            guard taken.contains(name) else {
                taken.insert(name)
                return name
            }
            var suffix = nextSuffix[name] ?? 2
            while taken.contains("\(name)_\(suffix)") { suffix += 1 }
            nextSuffix[name] = suffix + 1
            let unique = "\(name)_\(suffix)"
            taken.insert(unique)
            return unique
        }
    }
}
