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

    /// `utf8` with every match replaced by `replacement`, left to right (an empty match once
    /// between characters); nil when nothing matches.
    public func replacingMatches(in utf8: UnsafeRawBufferPointer, with replacement: String) -> [UInt8]? {
        guard let base = utf8.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
        var result: [UInt8] = []
        var (from, copied) = (0, 0)
        var start = 0, end = 0
        while from <= utf8.count, listview_re2_next_match(compiled, base, utf8.count, from, &start, &end) != 0 {
            result.append(contentsOf: utf8[copied..<start])
            result.append(contentsOf: replacement.utf8)
            copied = end
            guard end > start else {
                // An empty match: the next search starts past the character after it.
                guard end < utf8.count else { break }
                var next = end + 1
                while next < utf8.count, utf8[next] & 0xC0 == 0x80 { next += 1 }
                result.append(contentsOf: utf8[end..<next])
                (from, copied) = (next, next)
                continue
            }
            from = end
        }
        guard copied > 0 || !result.isEmpty else { return nil }
        result.append(contentsOf: utf8[copied...])
        return result
    }

    /// `text` with every match replaced by `replacement` (`replacingMatches(in:with:)` of its
    /// UTF-8); nil when nothing matches.
    public func replacingMatches(in text: String, with replacement: String) -> String? {
        var text = text
        return text.withUTF8 { replacingMatches(in: UnsafeRawBufferPointer($0), with: replacement) }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Why a pattern does not compile, in RE2's words (`missing ): (a`).
    public struct SyntaxError: Error, Sendable {
        public let reason: String
    }
}
