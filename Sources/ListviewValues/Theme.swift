/// How human styles colour their parts: on for `--color always` or a terminal, off otherwise.
///
/// Colour is applied after widths are measured and cells padded, so it never
/// changes alignment; machine styles never use it.
public struct Theme: Sendable, Equatable {
    public var enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    public static let plain = Theme(enabled: false)

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Section titles: bold.
    public func sectionHeader(_ text: String) -> String { wrap(text, "1") }
    /// Column titles: bold and underlined.
    public func columnHeader(_ text: String) -> String { wrap(text, "1;4") }
    /// Null cells and markers: dim.
    public func null(_ text: String) -> String { wrap(text, "2") }
    /// A value as it was, in a changed record: red.
    public func oldValue(_ text: String) -> String { wrap(text, "31") }
    /// A value as it is now, in a changed record: green.
    public func newValue(_ text: String) -> String { wrap(text, "32") }
    /// Page footers and counts: dim.
    public func footer(_ text: String) -> String { wrap(text, "2") }
}
