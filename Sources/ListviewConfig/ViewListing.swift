/// `listview --views`: a line per view, then per `[defaults]` and `[kinds.NAME]` table, with the
/// file and line it comes from and its options as flags, in aligned columns.
///
/// ```
/// triage         listview.toml:5   --group-by status --fields id,customer.name,total
/// weekly         listview.toml:12  --sort-groups key --footer count
/// [defaults]     listview.toml:1   --style table
/// ```
///
/// A user file's view that the project file's view of the same name hides says so. With no
/// file read, one line says where none was found.
public enum ViewListing {
    public static func text(of configuration: Configuration) -> String {
        guard !configuration.files.isEmpty else { return "no views: \(configuration.nothingRead)\n" }
        var rows: [(name: String, place: String, options: String)] = []
        var shown: [String: String] = [:]
        for view in configuration.files.flatMap(\.views) {
            var options = view.shellText
            if let winner = shown[view.name] {
                options = "(hidden by \(winner)'s view)"
            } else {
                shown[view.name] = view.file
            }
            rows.append((view.name, "\(view.file):\(view.line)", options))
        }
        if rows.isEmpty {
            rows.append(("(no views)", configuration.files.map(\.name).joined(separator: ", "), "add a [views.NAME] table"))
        }
        for file in configuration.files {
            if let defaults = file.defaults { rows.append(("[defaults]", "\(file.name):\(defaults.line)", defaults.shellText)) }
            for kind in file.kinds {
                rows.append((TableReader.tableName(["kinds", kind.name]), "\(file.name):\(kind.line)", kind.shellText))
            }
        }
        let nameWidth = rows.map(\.name.count).max() ?? 0
        let placeWidth = rows.map(\.place.count).max() ?? 0
        return rows.map { row in
            let line = pad(row.name, to: nameWidth) + "  " + pad(row.place, to: placeWidth) + "  " + row.options
            return String(line.reversed().drop { $0 == " " }.reversed()) + "\n"
        }.joined()
    }

    private static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
