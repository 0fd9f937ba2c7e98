import ListviewBatches
import ListviewValues

/// One value of a `--footer` summary: its term as written (`sum:total`), its label in the footer
/// line (`sum total`) and its value (null when no number took part).
public struct FooterValue: Hashable, Sendable {
    public var name: String
    public var label: String
    public var value: Value

    public init(name: String, label: String, value: Value) {
        self.name = name
        self.label = label
        self.value = value
    }
}

/// What a section shows about itself: the pattern's `TableViewSection` without its items.
public struct SectionInfo: Hashable, Sendable {
    /// The group keys from the outermost `--group-by` inwards; empty for the one section of an ungrouped list.
    public var keys: [SectionKey]
    /// The header title, or nil for no header.
    public var header: String?
    /// The footer text, or nil for no footer.
    public var footer: String?
    /// The footer's values, for styles that write them as data (`--style json`).
    public var footerValues: [FooterValue] = []
    /// Where the section sorts among its siblings (lower first).
    public var sortOrder: Int
    /// How many items the section holds.
    public var count: Int
    /// For nested groups: how many items each enclosing group holds, outermost first (the last is `count`).
    public var levelCounts: [Int] = []

    public init(keys: [SectionKey] = [], header: String? = nil, footer: String? = nil, sortOrder: Int = 0, count: Int = 0) {
        self.keys = keys
        self.header = header
        self.footer = footer
        self.sortOrder = sortOrder
        self.count = count
    }

    /// The innermost key, which names this section.
    public var key: SectionKey? { keys.last }

    /// The title of grouping level `level` with its count: `status: shipped · 8 records`.
    public func levelTitle(_ level: Int) -> String {
        let count = level < levelCounts.count ? levelCounts[level] : self.count
        return "\(SectionTitle.text(for: keys[level])) · \(RecordCount.text(count))"
    }

    /// The first grouping level at which this section differs from `previous` (0 when there is none).
    public func firstNewLevel(after previous: SectionInfo?) -> Int {
        guard let previous else { return 0 }
        var level = 0
        while level < keys.count - 1, level < previous.keys.count, keys[level] == previous.keys[level] { level += 1 }
        return level
    }
}

/// One level of grouping: the field grouped by and this section's value of it.
public struct SectionKey: Hashable, Sendable {
    public var field: FieldPath
    /// The value, `.null` when the field was null or missing.
    public var value: Value
    /// True when the value is a string shown quoted, as another section beside it would show
    /// the same text (`CellText.stringsToQuote`).
    public var quoted: Bool

    public init(field: FieldPath, value: Value, quoted: Bool = false) {
        self.field = field
        self.value = value
        self.quoted = quoted
    }

    /// True when a human style shows the value quoted: a string, empty or `quoted`.
    public var showsQuoted: Bool {
        guard case .string(let text) = value else { return false }
        return text.isEmpty || quoted
    }

    /// The value as a human style shows it: quoted when `showsQuoted`, so that `"true"` and `true`,
    /// `"100"` and `100` read apart; otherwise as a cell shows it.
    public var shownText: String {
        if showsQuoted, case .string(let text) = value { return CellText.quoted(text) }
        return CellText.text(for: value)
    }
}

/// A section of items: key, header, footer, sort order, items.
public struct Section<Item> {
    public var info: SectionInfo
    public var items: [Item] {
        didSet { info.count = items.count }
    }

    public init(info: SectionInfo = SectionInfo(), items: [Item]) {
        self.info = info
        self.info.count = items.count
        self.items = items
    }

    public var keys: [SectionKey] { info.keys }
    public var header: String? { info.header }
    public var footer: String? { info.footer }
    public var sortOrder: Int { info.sortOrder }
}

/// Section titles: `status: shipped`, nested levels joined by ` › `.
public enum SectionTitle {
    public static func text(for keys: [SectionKey]) -> String {
        keys.map { text(for: $0) }.joined(separator: " › ")
    }

    public static func text(for key: SectionKey) -> String {
        "\(TerminalEscaping.escaped(key.field.text)): \(key.shownText)"
    }
}
