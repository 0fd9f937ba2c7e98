/// One option a file sets, as the arguments it stands for, and the line that sets it.
///
/// `where = ["a", "b"]` is the option given twice (`--where=a --where=b`), `wrap = true` once
/// with no value (`--wrap`), `wrap = false` not at all: then the setting still replaces the
/// same option of a file layer below it, and gives nothing.
public struct Setting: Equatable, Sendable {
    /// The option's long name without `--`.
    public var name: String
    /// One entry per time the option is given: its value, or nil for a flag.
    public var occurrences: [String?]
    /// The file that sets it, as messages name it, and the line.
    public var file: String
    public var line: Int

    public init(name: String, occurrences: [String?], file: String, line: Int) {
        self.name = name
        self.occurrences = occurrences
        self.file = file
        self.line = line
    }

    /// For the argument parser: `--where=total>100`, `--wrap`. The value follows `=`, so a
    /// value that begins with `-` is not taken for an option.
    public var arguments: [String] {
        occurrences.map { value in value.map { "--\(name)=\($0)" } ?? "--\(name)" }
    }

    /// For people, as they would type it: `--where 'total>100'`.
    public var shellText: String {
        occurrences.map { value in value.map { "--\(name) \(ShellWord.quoted($0))" } ?? "--\(name)" }.joined(separator: " ")
    }
}

/// A table of settings: a named view, `[defaults]`, or one `[kinds.NAME]`, with the file and
/// line that hold it.
public struct ViewSettings: Equatable, Sendable {
    /// The view's name, or the kind's; `defaults` for `[defaults]`.
    public var name: String
    /// The file as messages name it (`listview.toml`, `../listview.toml`, `~/.config/…`).
    public var file: String
    /// The line of the table's header.
    public var line: Int
    /// The options, in the order the file writes them.
    public var settings: [Setting]

    public init(name: String, file: String, line: Int, settings: [Setting]) {
        self.name = name
        self.file = file
        self.line = line
        self.settings = settings
    }

    /// The options as a person would type them.
    public var shellText: String {
        settings.map(\.shellText).filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// A word written so that a POSIX shell reads it back unchanged.
enum ShellWord {
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.,:/=@%+".contains($0)) }
        if plain { return word }
        return "'" + word.replacing("'", with: "'\\''") + "'"
    }
}
