extension StringProtocol {
    /// The text without leading and trailing whitespace (spaces, tabs, newlines).
    ///
    /// Foundation's `trimmingCharacters(in:)` would do, but listview does not link
    /// Foundation (its ICU data costs ~10 MB of memory at start-up).
    public var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
