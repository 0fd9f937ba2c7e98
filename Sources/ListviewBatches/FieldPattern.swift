import Glibc

/// A field name with shell wildcards, as `--fields` and `--exclude` take them: `bill_*`,
/// `?d`, `[ab]*`. It matches whole top-level names, as fnmatch(3) does; a name without
/// wildcards matches only itself.
public struct FieldPattern: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let text: String

    public init(_ text: String) { self.text = text }

    public var description: String { text }

    /// True when `text` holds a wildcard (`*`, `?` or `[`), so it names fields by pattern.
    public static func isPattern(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") }
    }

    /// True when the pattern matches all of `name`.
    public func matches(_ name: String) -> Bool {
        guard Self.isPattern(text) else { return name == text }
        return fnmatch(text, name, 0) == 0
    }
}

/// The fields `--exclude` leaves out: names and patterns, matched against top-level names.
public struct FieldExclusion: Hashable, Sendable {
    public let patterns: [FieldPattern]

    public init(_ patterns: [FieldPattern] = []) { self.patterns = patterns }

    public var isEmpty: Bool { patterns.isEmpty }

    /// True when some pattern matches `name`.
    public func excludes(_ name: String) -> Bool { patterns.contains { $0.matches(name) } }
}
