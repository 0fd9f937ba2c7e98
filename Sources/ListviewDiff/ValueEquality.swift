import ListviewBatches
import ListviewQuery
import ListviewValues

/// When `listview diff` holds two values to be the same.
///
/// By meaning (the default): text compares exactly, except that two texts that
/// both read as numbers compare by value (`NumberRule`: `12.50` equals `12.5` and `1.25e1`),
/// whatever their JSON type, so the same records as CSV and as JSON are equal.
/// Null, a missing field and empty text are all "no value" and equal one
/// another (a CSV cell cannot tell them apart). Objects compare member by
/// member in any key order, arrays element by element; a text that is the JSON
/// of an object or array (a CSV cell) equals that object or array.
///
/// `exact`: the type and the text as written must both match (`12.50` is not
/// `12.5`, null is not a missing field, the string `"1"` is not the number `1`). A CSV cell is a
/// number when it reads as one, unless `inferTypes` is off (`--no-infer`: every cell a string).
///
/// `tolerance` (`--tolerance`) lets the numbers of a field differ by up to its bound; the
/// matcher of a keyed diff applies it to the compared fields (never to the key).
public struct ValueEquality: Sendable {
    public let exact: Bool
    /// Whether a CSV cell that reads as a number is one (`--no-infer` turns it off), as its value is.
    public let inferTypes: Bool
    public let tolerance: NumericTolerance
    /// How nested values and text are looked into (`--array-key`, `--unordered`, `--ignore` paths,
    /// `--scrub`): `changes` applies them.
    public let rules: NestedDiffRules
    /// The `--tolerance` fields that are paths below a field or patterns, in the order of their text.
    let tolerancePaths: [(pattern: DiffPathPattern, bound: NumericTolerance.Bound)]

    public init(exact: Bool = false, inferTypes: Bool = true, tolerance: NumericTolerance = NumericTolerance(),
                rules: NestedDiffRules = NestedDiffRules()) {
        self.exact = exact
        self.inferTypes = inferTypes
        self.tolerance = tolerance
        self.rules = rules
        tolerancePaths = tolerance.fields.sorted { $0.key < $1.key }.compactMap { name, bound in
            guard let pattern = DiffPathPattern(name), !pattern.isTopLevel else { return nil }
            return (pattern, bound)
        }
    }

    /// True when values are compared by walking them (`changes`) rather than as cells: when a rule
    /// looks inside values or at text, or a tolerance reaches numbers inside nested values.
    public var walksValues: Bool { !rules.isEmpty || !tolerancePaths.isEmpty || tolerance.all != nil }

    /// True when `a` and `b` are both numbers within `bound` of each other.
    public static func withinBound(_ bound: NumericTolerance.Bound, _ a: Cell, _ b: Cell) -> Bool {
        guard a.kind != .nested, b.kind != .nested, let left = ExactDecimal(a.text), let right = ExactDecimal(b.text) else { return false }
        return bound.allows(left, right)
    }

    /// A cell as the comparison sees it: its kind (`.text` resolved by type inference) and bytes.
    public typealias Cell = (kind: CellKind, text: UnsafeRawBufferPointer)

    /// True when the two cells hold the same value. `decode` turns a nested cell's JSON back
    /// into its value, for nested cells whose text differs.
    @inline(__always)
    public func equal(_ a: Cell, _ b: Cell, decode: NestedValueDecoder?) -> Bool {
        if a.kind == b.kind, ByteWord.same(a.text, b.text) { return true }
        if a.kind == .nested || b.kind == .nested {
            // Nested values, or a nested value against its JSON text in a CSV cell (how listview
            // and most tools write an object or array to CSV): member by member, in any key order.
            guard let decode, let left = decode(a.text), let right = decode(b.text) else { return false }
            return sameMeaning(left, right)
        }
        if exact { return Self.exactKind(a, inferTypes: inferTypes) == Self.exactKind(b, inferTypes: inferTypes) && ByteWord.same(a.text, b.text) }
        let (aNone, bNone) = (Self.isNoValue(a), Self.isNoValue(b))
        if aNone || bNone { return aNone && bNone }
        return ByteWord.same(a.text, b.text) || Self.sameNumber(a.text, b.text)
    }

    /// True when two values mean the same: containers member by member (in any key order) and
    /// element by element; anything else by `equal`, over the values seen as cells. No rule of
    /// `rules` applies (keys compare so); `same` applies them.
    public func sameMeaning(_ a: Value?, _ b: Value?) -> Bool {
        sameWithoutRules(a, b)
    }

    /// Feeds a key cell to `hasher` so that equal cells (as `equal` sees them, and `same` with the
    /// rules) hash alike: never finer than the equality, coarser where it must be.
    ///
    /// A nested value equals any spelling of it, and a text holding its JSON (a CSV cell, a
    /// string), so every cell that may be one hashes alike (`mayHoldContainer`). Under `exact`,
    /// the text as written (scrubbed when `--scrub` applies), whatever its kind.
    @inline(__always)
    public func hash(_ cell: Cell, into hasher: inout KeyHasher) {
        if Self.mayHoldContainer(cell) {
            hasher.combine(3)  // equal by meaning in any spelling: only that it may be a container is hashed
        } else if exact {
            hasher.combine(2)
            combineScrubbed(cell.text, into: &hasher)
        } else if Self.isNoValue(cell) {
            hasher.combine(0)
        } else if !rules.scrubs.isEmpty, !NumberText.isNumber(cell.text) {
            // Text equal once scrubbed hashes alike; a number is not text to scrub (`scrubbed(_:)`).
            hasher.combine(2)
            combineScrubbed(cell.text, into: &hasher)
        } else {
            // A number by its value, the bytes of its one spelling fed as they are found.
            var numberHasher = hasher
            numberHasher.combine(1)
            if NumberText.forEachCanonicalByte(of: cell.text, { numberHasher.combine($0) }) {
                numberHasher.combine(KeyHasher.cellEnd)
                hasher = numberHasher
            } else {
                hasher.combine(2)
                hasher.combine(cell.text)
            }
        }
    }

    /// Feeds `text` to `hasher` as `scrubbed(_:)` has it (as it is when no scrub changes it).
    private func combineScrubbed(_ text: UnsafeRawBufferPointer, into hasher: inout KeyHasher) {
        guard !rules.scrubs.isEmpty, var scrubbed = scrubbed(String(decoding: text, as: UTF8.self)) else { return hasher.combine(text) }
        scrubbed.withUTF8 { hasher.combine(UnsafeRawBufferPointer($0)) }
    }

    /// Whether `cell` may be an object or array by meaning: a nested cell, or text whose first
    /// byte but blanks opens one (which `equal` decodes against a nested cell).
    @inline(__always)
    static func mayHoldContainer(_ cell: Cell) -> Bool {
        switch cell.kind {
        case .nested: return true
        case .text, .string: return opensContainer(cell.text)
        default: return false
        }
    }

    /// Whether the first byte of `text` but JSON's blanks is `{` or `[`.
    @inline(__always)
    static func opensContainer(_ text: UnsafeRawBufferPointer) -> Bool {
        for byte in text {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): return true
            default: return false
            }
        }
        return false
    }

    /// `text` with `--scrub` applied, as a comparison sees it; nil when no scrub changes it. A
    /// number is not scrubbed (it equals its value in any spelling and type, as a CSV cell that
    /// reads as one is a number) unless `exact`; and a text that opens an object or array keeps
    /// it open (a scrub that ate its `{` would make it equal text that is no container).
    func scrubbed(_ text: String) -> String? {
        guard !rules.scrubs.isEmpty else { return nil }
        var bytes = text
        let (isNumber, opens) = bytes.withUTF8 { (NumberText.isNumber(UnsafeRawBufferPointer($0)), Self.opensContainer(UnsafeRawBufferPointer($0))) }
        if isNumber && !exact { return nil }
        guard var scrubbed = rules.scrubbed(text) else { return nil }
        if opens, !scrubbed.withUTF8({ Self.opensContainer(UnsafeRawBufferPointer($0)) }) { return nil }
        return scrubbed
    }

    // MARK: - Rules

    /// Null, missing and empty text: no value.
    @inline(__always)
    static func isNoValue(_ cell: Cell) -> Bool {
        switch cell.kind {
        case .null, .absent: return true
        case .text, .string: return cell.text.isEmpty
        default: return false
        }
    }

    /// Both numbers of one value, by the number rule (`NumberRule`), which `hash` feeds alike.
    static func sameNumber(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        NumberRule.equal(a, b)
    }

    /// The kind `--exact` compares: a CSV cell is a number when it reads as one, with type
    /// inference (`inferTypes`); without, a string, as its value is.
    static func exactKind(_ cell: Cell, inferTypes: Bool = true) -> CellKind {
        cell.kind == .text ? (inferTypes && NumberText.isNumber(cell.text) ? .number : .string) : cell.kind
    }
}
