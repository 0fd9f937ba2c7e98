import Glibc

/// A field name with shell wildcards, as `--fields` and `--exclude` take them: `bill_*`,
/// `?d`, `[ab]*`. It matches whole top-level names, as fnmatch(3) does, and the paths of
/// nested members a step at a time (`matches(path:)`); a name without wildcards matches only itself.
public struct FieldPattern: Hashable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let text: String

    public init(_ text: String) { self.text = text }

    public var description: String { text }

    /// True when `text` holds a wildcard (`*`, `?` or `[`), so it names fields by pattern. An
    /// element's position after a name (`items[0]`, a path: `FieldPath`) is not one.
    public static func isPattern(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "*"), UInt8(ascii: "?"):
                return true
            case UInt8(ascii: "["):
                // `[digits]` (or `[]`, every element) right after a name or another `]`: a path's step, passed over.
                var end = index + 1
                while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
                let afterName = index > 0 && bytes[index - 1] != UInt8(ascii: ".")
                guard afterName, end < bytes.count, bytes[end] == UInt8(ascii: "]") else { return true }
                index = end
            default:
                break
            }
            index += 1
        }
        return false
    }

    /// True when the pattern matches all of `name`, a top-level field's (dots and all).
    public func matches(_ name: String) -> Bool {
        guard Self.isPattern(text) else { return name == text }
        return fnmatch(text, name, 0) == 0
    }

    /// True when the pattern matches `path`, a nested member's (`customer.name`), a step at a time:
    /// as many steps between `separator`s, each matched whole by the pattern's step in its place.
    /// A wildcard never reaches past a separator, as the shell's never past a `/`: `customer.*`
    /// is each member of `customer` (not their members), and `*` no member of anything.
    public func matches(path: String, separator: String = ".") -> Bool {
        guard Self.isPattern(text) else { return path == text }
        let steps = text.split(separator: separator, omittingEmptySubsequences: false)
        let pathSteps = path.split(separator: separator, omittingEmptySubsequences: false)
        guard steps.count == pathSteps.count else { return false }
        return zip(steps, pathSteps).allSatisfy { fnmatch(String($0), String($1), 0) == 0 }
    }

    /// True when the pattern matches one of the top-level `columns` or one of the `nested` members' paths.
    public func matches(anyOf columns: [String], orPathIn nested: [String]) -> Bool {
        columns.contains(where: matches) || nested.contains { matches(path: $0) }
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
