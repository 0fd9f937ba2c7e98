/// The note a run writes on stderr, once it succeeded, when view files gave it options: which
/// file added what, and which `[defaults]` options a diff left out.
///
/// ```
/// listview: ../listview.toml added --style csv --limit 4
/// listview: listview.toml added --style jsonl; left out listview.toml's [defaults] --ignore '*' (a diff takes what it compares only from --view NAME)
/// ```
///
/// A file never changes a run unseen: whatever it adds is named, with the file, on one line.
public enum AddedOptionsNote {
    /// The note for `added` and `leftOut` (`Configuration.applied`), nil when both are empty.
    public static func text(added: [Setting], leftOut: [Setting]) -> String? {
        var parts: [String] = []
        for file in files(of: added) {
            let options = added.filter { $0.file == file }.map(\.shellText).filter { !$0.isEmpty }
            if !options.isEmpty { parts.append("\(file) added \(options.joined(separator: " "))") }
        }
        for file in files(of: leftOut) {
            let options = leftOut.filter { $0.file == file }.map(\.shellText).joined(separator: " ")
            parts.append("left out \(file)'s [defaults] \(options) (a diff takes what it compares only from --view NAME)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// The files `settings` come from, in first-seen order.
    private static func files(of settings: [Setting]) -> [String] {
        var seen: [String] = []
        for setting in settings where !seen.contains(setting.file) { seen.append(setting.file) }
        return seen
    }
}
