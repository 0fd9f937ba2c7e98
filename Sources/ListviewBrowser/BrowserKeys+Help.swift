import ListviewValues

/// The key table written out: as the `?` screen shows it, and as the README's key table.
extension BrowserKeys {
    /// The `?` screen: a title, then a line for every row that acts in the list, its label in a
    /// column of its own.
    public static let helpLines: [String] = ["listview: keys", ""] + table.filter { $0.views.contains(.list) }.map { binding in
        let padding = String(repeating: " ", count: max(1, KeyBinding.labelWidth + 2 - DisplayWidth.of(binding.label)))
        return "  " + binding.label + padding + binding.help
    }

    /// The README's key table: a Markdown table of every row, its label as code. `listview
    /// --browser-keys-markdown` prints it, and `make docs` puts it between the README's markers
    /// (`docs/readme_keys.py`).
    public static var markdown: String {
        var lines = ["| key | does |", "| --- | --- |"]
        for binding in table {
            lines.append("| `\(binding.label)` | \(binding.reference.replacing("|", with: "\\|")) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
