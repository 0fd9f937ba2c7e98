/// A key as the key table names it: one key, or any mouse event (a click or a notch of the
/// wheel, whose place the command reads from the key itself).
public enum KeyPattern: Equatable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral {
    case key(BrowserKey)
    case mouse

    /// A character key: `"j"` in the table.
    public init(extendedGraphemeClusterLiteral character: Character) {
        self = .key(.character(character))
    }

    public func matches(_ key: BrowserKey) -> Bool {
        switch (self, key) {
        case (.mouse, .mouse): return true
        case (.key(let bound), _): return bound == key
        case (.mouse, _): return false
        }
    }
}

/// One row of the browser's key table (`BrowserKeys.table`): its keys, the command each
/// gives, the views they act in, and what the `?` screen and the README say of them.
///
/// A row is a line of the `?` screen (for rows that act in the list) and a row of the
/// README's key table, so one row may bind a few keys of one kind (`j k ↓ ↑`).
public struct KeyBinding: Sendable {
    /// The keys as the help names them, at most `labelWidth` cells: `j k ↓ ↑`, `/TEXT Enter`.
    public let label: String
    /// Each key with the command it gives, in the order the label names them.
    public let keys: [(pattern: KeyPattern, command: BrowserCommand)]
    /// The views the keys act in; elsewhere the row does not apply.
    public let views: Set<BrowserModel.Mode.Kind>
    /// The row's line on the `?` screen, after the label.
    public let help: String
    /// The row's text in the README's key table (Markdown): the help, with what it leaves out.
    public let reference: String

    /// The widest label: the `?` screen's help text starts two cells after it.
    public static let labelWidth = 15

    public init(_ label: String, _ keys: KeyValuePairs<KeyPattern, BrowserCommand>, in views: Set<BrowserModel.Mode.Kind>,
                help: String, reference: String) {
        self.label = label
        self.keys = keys.map { (pattern: $0.key, command: $0.value) }
        self.views = views
        self.help = help
        self.reference = reference
    }

    /// The command `key` gives in `view` by this row, or nil.
    public func command(for key: BrowserKey, in view: BrowserModel.Mode.Kind) -> BrowserCommand? {
        guard views.contains(view) else { return nil }
        return keys.first { $0.pattern.matches(key) }?.command
    }
}
