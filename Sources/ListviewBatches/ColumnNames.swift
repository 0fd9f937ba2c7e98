import ListviewValues

/// Header names made usable: unique, and none empty.
public enum ColumnNames {
    /// `["id", "name", "", "name"]` → `["id", "name", "3", "name_2"]`.
    public static func unique(_ names: [String]) -> [String] {
        var taken = Set<String>()
        var result: [String] = []
        result.reserveCapacity(names.count)
        for (index, name) in names.enumerated() {
            let wanted = name.isEmpty ? String(index + 1) : name
            let unique = uniqueName(wanted, avoiding: taken)
            taken.insert(unique)
            result.append(unique)
        }
        return result
    }

    /// `name` when free, else the first free `name_2`, `name_3`, ….
    public static func uniqueName(_ name: String, avoiding taken: Set<String>) -> String {
        guard taken.contains(name) else { return name }
        var suffix = 2
        while taken.contains("\(name)_\(suffix)") { suffix += 1 }
        return "\(name)_\(suffix)"
    }
}
