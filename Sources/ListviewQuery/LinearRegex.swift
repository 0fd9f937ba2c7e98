import CRE2

/// A regular expression matched by RE2 (`--where FIELD~REGEX`): in time linear in the text,
/// whatever the pattern, so no value in a file can make a filter run away.
///
/// A backtracking engine (Swift's `Regex`, PCRE) takes time exponential in the
/// text for patterns such as `^(a+)+$`; RE2 never backtracks, and in exchange
/// has no back-references or look-around. The syntax is RE2's, the same as Go's
/// `regexp` and DuckDB's `regexp_matches`. Matching is a search (the pattern may
/// match anywhere in the text; anchor it with `^` and `$`), on the text's UTF-8
/// bytes. A compiled pattern is immutable, and matching is safe from any thread.
// Unchecked: `compiled` is set once in init and only read after; RE2 matches a const RE2 from any thread.
public final class LinearRegex: @unchecked Sendable {
    private let compiled: OpaquePointer

    /// Compiles `pattern`; throws RE2's reason when it is not a valid RE2 expression.
    public init(_ pattern: String) throws(LinearRegex.SyntaxError) {
        var error = [CChar](repeating: 0, count: 256)
        let utf8 = Array(pattern.utf8)
        let compiled = utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { listview_re2_new($0.baseAddress, $0.count, &error, error.count) }
        }
        guard let compiled else {
            throw SyntaxError(reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.compiled = compiled
    }

    deinit { listview_re2_free(compiled) }

    /// True when the pattern matches somewhere in the UTF-8 text `utf8`.
    public func matches(_ utf8: UnsafeRawBufferPointer) -> Bool {
        listview_re2_search(compiled, utf8.baseAddress?.assumingMemoryBound(to: CChar.self), utf8.count) != 0
    }

    /// True when the pattern matches somewhere in `text`.
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches(UnsafeRawBufferPointer($0)) }
    }

    /// Why a pattern does not compile, in RE2's words (`missing ): (a`).
    public struct SyntaxError: Error, Sendable {
        public let reason: String
    }
}
