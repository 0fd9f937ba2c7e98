/// The name closest to a mistyped one: fewest single-character edits (insert, delete,
/// replace, swap two neighbours), case ignored, within a third of the name's length; of two
/// as close, the one that shares more of the name's beginning.
public enum ClosestName {
    /// The candidate closest to `name`, or nil when none is near enough.
    public static func find(_ name: String, among candidates: [String]) -> String? {
        let typed = Array(name.lowercased())
        let limit = max(1, min(3, typed.count / 3 + 1))
        // Ties go to the candidate that begins as the name does (`dsc`: `desc`, not `asc`), then to the first.
        var best: (name: String, distance: Int, sharedStart: Int)?
        for candidate in candidates {
            let lowered = Array(candidate.lowercased())
            let distance = editDistance(typed, lowered)
            guard distance <= limit else { continue }
            let sharedStart = zip(typed, lowered).prefix { $0 == $1 }.count
            if let best, (best.distance, -best.sharedStart) <= (distance, -sharedStart) { continue }
            best = (candidate, distance, sharedStart)
        }
        if let best { return best.name }
        // A name that begins or ends another (`amount` for `amount_usd`).
        return candidates.first { candidate in
            let lowered = candidate.lowercased()
            return typed.count >= 3 && (lowered.hasPrefix(String(typed)) || String(typed).hasPrefix(lowered))
        }
    }

    /// Optimal string alignment distance between `a` and `b`.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var distance = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { distance = min(distance, before[j - 2] + 1) }
                current[j] = distance
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
