/// The command a view is applied to: the list (`listview FILE`, the browser too) or `listview diff`.
public enum ViewCommand: String, Sendable, CaseIterable {
    case list
    case diff
}

/// One command-line option a view may set: its long name (the key in the file), the kind of
/// value it takes, and the commands that have it.
///
/// A view's keys are the long option names without `--`. The value's kind decides how a TOML
/// value becomes arguments: text and whole numbers once (`--style table`, `--limit 5`), a flag
/// given or not, a repeated option once per element of a list (`--where a --where b`), a
/// comma list joined (`--fields a,b`).
public struct ViewOption: Sendable, Equatable {
    /// What a view's value for the option must be.
    public enum Kind: Sendable, Equatable {
        /// One text value: `style = "table"` → `--style table`.
        case text
        /// One whole number: `limit = 5` → `--limit 5`.
        case number
        /// True gives the flag, false leaves it out: `wrap = true` → `--wrap`.
        case flag
        /// Repeatable: a text, or a list of texts each given as the option once.
        case repeated
        /// Comma-separated: a text, or a list of texts joined with `,`.
        case commaList

        /// What the value should be, for a message: "'limit' takes a whole number".
        var expected: String {
            switch self {
            case .text: return "text"
            case .number: return "a whole number"
            case .flag: return "true or false"
            case .repeated, .commaList: return "text or a list of text"
            }
        }
    }

    /// The long name without `--`, as written in the file.
    public var name: String
    public var kind: Kind
    /// The commands that have the option; a view's option another command lacks is left out there.
    public var commands: Set<ViewCommand>
    /// The one-letter form, if any (`i` for `interactive`), to see that the user gave it.
    public var short: Character?

    init(_ name: String, _ kind: Kind, _ commands: Set<ViewCommand> = [.list, .diff], short: Character? = nil) {
        self.name = name
        self.kind = kind
        self.commands = commands
        self.short = short
    }
}

extension ViewOption {
    /// Every option a view may set: each long option of `listview` and `listview diff` that is
    /// not in `notInViews`. A test checks both commands' `--help` against the two lists.
    public static let all: [ViewOption] = [
        // Reading (InputOptions, both commands).
        ViewOption("input", .text), ViewOption("path", .text), ViewOption("delimiter", .text),
        ViewOption("no-header", .flag), ViewOption("no-infer", .flag), ViewOption("lazy-quotes", .flag),
        ViewOption("null-value", .repeated), ViewOption("file-field", .text, [.list]),
        // Choosing records and fields (SelectionOptions, both commands).
        ViewOption("fields", .commaList), ViewOption("where", .repeated), ViewOption("search", .text), ViewOption("group-by", .repeated),
        // Order, pages and what replaces the records (the list).
        ViewOption("exclude", .repeated, [.list]), ViewOption("sort-groups", .text, [.list]), ViewOption("sort", .repeated, [.list]),
        ViewOption("page-size", .number, [.list]), ViewOption("page", .number, [.list]), ViewOption("limit", .number, [.list]),
        ViewOption("footer", .commaList, [.list]), ViewOption("counts", .flag), ViewOption("summary", .flag, [.list]),
        ViewOption("chart", .flag), ViewOption("histogram", .text, [.list]),
        ViewOption("fail-if-empty", .flag, [.list]),
        // Look (LookOptions, both commands).
        ViewOption("style", .text), ViewOption("width", .number), ViewOption("wrap", .flag), ViewOption("max-col-width", .number),
        ViewOption("no-pager", .flag), ViewOption("null-text", .text), ViewOption("border", .flag), ViewOption("color", .text),
        // View models: templates, kinds and cards.
        ViewOption("template", .repeated, [.list]), ViewOption("kind-field", .text, [.list]), ViewOption("kind", .repeated, [.list]),
        ViewOption("title", .text, [.list]), ViewOption("subtitle", .text, [.list]), ViewOption("detail", .commaList, [.list]),
        // Layout: spacing, overridable per section (LookOptions, both commands).
        ViewOption("gap", .number), ViewOption("row-gap", .number), ViewOption("indent", .number),
        ViewOption("section-gap", .number), ViewOption("section-layout", .repeated),
        // Nested records (ShapingOptions, the list).
        ViewOption("flatten", .flag, [.list]), ViewOption("flatten-depth", .number, [.list]), ViewOption("no-flatten", .flag, [.list]),
        ViewOption("flatten-separator", .text, [.list]), ViewOption("explode", .text, [.list]),
        ViewOption("explode-drop-empty", .flag, [.list]), ViewOption("unflatten", .flag, [.list]),
        // Working on disk (SpillOptions, both commands).
        ViewOption("memory-limit", .text), ViewOption("temp-dir", .text),
        // The browser.
        ViewOption("interactive", .flag, short: "i"), ViewOption("follow", .flag, [.list]), ViewOption("concat", .flag, [.list]),
        // The diff's own.
        ViewOption("key", .commaList, [.diff]), ViewOption("ignore", .repeated, [.diff]), ViewOption("exact", .flag, [.diff]),
        ViewOption("tolerance", .repeated, [.diff]), ViewOption("stat", .flag, [.diff]), ViewOption("max-changes", .number, [.diff]),
        ViewOption("array-key", .repeated, [.diff]), ViewOption("unordered", .repeated, [.diff]), ViewOption("scrub", .repeated, [.diff]),
    ]

    /// Options that change what a diff compares or keeps: which records (`where`, `search`,
    /// `limit`), which fields (`fields`, `exclude`, `ignore`, `path`), how records match (`key`)
    /// and how values compare (`tolerance`, `exact`, `null-value`, `no-infer`, `array-key`,
    /// `unordered`, `scrub`). A diff takes them
    /// from a view the command line names, never from `[defaults]`: a file the user did not name
    /// must not turn a diff's verdict (`Configuration.settings`).
    public static let changesComparison: Set<String> = [
        "ignore", "tolerance", "key", "where", "search", "exact", "fields", "exclude", "limit", "path", "null-value", "no-infer",
        "array-key", "unordered", "scrub",
    ]

    /// Long options no view may set: they ask for something other than a list, choose the views
    /// themselves, or say how one run went (`--explain`).
    public static let notInViews: Set<String> = ["help", "version", "view", "views", "config", "no-config", "explain"]

    /// The option named `name`, if a view may set it.
    public static func named(_ name: String) -> ViewOption? {
        all.first { $0.name == name }
    }

    /// The long name a one-letter option stands for (`i` → `interactive`).
    static func longName(ofShort letter: Character) -> String? {
        all.first { $0.short == letter }?.name
    }
}
