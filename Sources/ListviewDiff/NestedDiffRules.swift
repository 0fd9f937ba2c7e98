import ListviewBatches
import ListviewQuery

/// How `listview diff` looks inside values, beyond comparing them as they are: arrays matched
/// by a key (`--array-key items=sku`) or as multisets (`--unordered tags`), paths left out at any
/// depth (`--ignore 'items[].updated_at'`, `--ignore '**.etag'`), and volatile text blanked in
/// every string before it is compared (`--scrub REGEX`).
///
/// The rules are asked for by path (`DiffPathPattern`), and `ValueEquality.changes` applies them
/// as it walks two values: whether two records are the same and which paths a change lists come
/// from that one walk.
public struct NestedDiffRules: Sendable {
    /// `--array-key ARRAY=FIELD[+FIELD…]`: the arrays at `array` match their elements (objects) by
    /// the values at `fields` within each element.
    public struct ArrayKey: Sendable {
        public let array: DiffPathPattern
        public let fields: [FieldPath]

        /// Parses `items=sku`, `items=sku+warehouse` or `items.lots=lot.id`.
        public init(_ text: String) throws(Invalid) {
            guard let equals = text.firstIndex(of: "=") else {
                throw Invalid(option: "--array-key", text: text, reason: "write the array, '=' and its key field: items=sku")
            }
            guard let array = DiffPathPattern(String(text[..<equals])) else {
                throw Invalid(option: "--array-key", text: text, reason: "the array's path goes before '='")
            }
            let fields = text[text.index(after: equals)...].split(separator: "+", omittingEmptySubsequences: false).map(String.init)
            guard !fields.contains(where: \.isEmpty) else {
                throw Invalid(option: "--array-key", text: text, reason: "key fields go after '=', joined by '+': items=sku+warehouse")
            }
            self.array = array
            self.fields = fields.map(FieldPath.init)
        }
    }

    /// A `--scrub` expression: what it matches in a string is replaced by `…` before comparing.
    public struct Scrub: Sendable {
        public let pattern: String
        let regex: LinearRegex

        public init(_ pattern: String) throws(Invalid) {
            do {
                regex = try LinearRegex(pattern)
            } catch {
                throw Invalid(option: "--scrub", text: pattern, reason: error.reason)
            }
            self.pattern = pattern
        }
    }

    /// What stands for scrubbed text.
    public static let scrubbed = "…"

    public var arrayKeys: [ArrayKey] = []
    /// `--unordered`: arrays compared as multisets of elements; `*` alone names every array.
    public var unordered: [DiffPathPattern] = []
    /// The `--ignore` paths below a record's fields (a field's own name is a `FieldExclusion`).
    public var ignored: [DiffPathPattern] = []
    public var scrubs: [Scrub] = []

    public init() {}

    /// True when no rule is set: values compare as they are.
    public var isEmpty: Bool { arrayKeys.isEmpty && unordered.isEmpty && ignored.isEmpty && scrubs.isEmpty }

    /// Adds one `--unordered` path (`*` for every array).
    public mutating func addUnordered(_ text: String) throws(Invalid) {
        guard let pattern = DiffPathPattern(text == "*" ? "**" : text) else {
            throw Invalid(option: "--unordered", text: text, reason: "not a path: write the array's path, such as tags or items[].lots, or '*' for every array")
        }
        unordered.append(pattern)
    }

    /// True when the value at `path` is left out of the comparison.
    func ignores(_ path: DiffPath) -> Bool {
        ignored.contains { $0.matches(path) }
    }

    /// How the array at `path` matches its elements.
    func arrayMatching(at path: DiffPath) -> ArrayMatching {
        if let key = arrayKeys.first(where: { $0.array.matches(path) }) { return .byKey(key.fields) }
        if unordered.contains(where: { $0.matches(path) }) { return .asMultiset }
        return .byPosition
    }

    enum ArrayMatching {
        case byPosition
        case byKey([FieldPath])
        case asMultiset
    }

    /// `text` with every scrub applied; nil when none matched.
    func scrubbed(_ text: String) -> String? {
        guard !scrubs.isEmpty else { return nil }
        var current = text
        var changed = false
        for scrub in scrubs {
            guard let replaced = scrub.regex.replacingMatches(in: current, with: Self.scrubbed) else { continue }
            (current, changed) = (replaced, true)
        }
        return changed ? current : nil
    }

    /// An option's value that is not one.
    public struct Invalid: Error, Sendable {
        public let option: String
        public let text: String
        public let reason: String

        public init(option: String, text: String, reason: String) {
            (self.option, self.text, self.reason) = (option, text, reason)
        }

        public var message: String { "\(option) '\(text)': \(reason)" }
    }
}
