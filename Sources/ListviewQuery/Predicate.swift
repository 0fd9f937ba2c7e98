import ListviewBatches
import ListviewDataSource
import ListviewValues

/// One `--where` condition: `field=value`, `!=`, `<`, `<=`, `>`, `>=`, `field~regex`,
/// `field is null` or `field is not null`.
///
/// Comparisons are numeric when both sides are numbers (`age>30`, `price<=9.5`), by the
/// number rule (`NumberRule`: exact decimal values, `1e2=100`), and by text otherwise; `~` searches the value's text with a regular
/// expression. A null or missing field matches only `is null`, whatever the
/// operator: `note=null` compares with the text `null`.
public struct Predicate: Sendable, CustomStringConvertible {
    public enum Operator: String, CaseIterable, Sendable {
        case equal = "="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case matches = "~"
        /// Null or missing (`F is null`).
        case isNull = " is null"
        /// Neither null nor missing (`F is not null`).
        case isNotNull = " is not null"
    }

    public let path: FieldPath
    public let op: Operator
    public let value: String
    private let number: NumberRule.Reading?
    private let regex: LinearRegex?
    /// The value's UTF-8, and whether it is all ASCII (cells then compare with it byte by byte).
    private let valueBytes: [UInt8]
    private let valueIsASCII: Bool

    /// The predicate as written.
    public var description: String { "\(path.text)\(op.rawValue)\(value)" }  // `F is null` has no value

    /// Parses `text`; the first operator found splits the field from the value, and spaces before
    /// the operator mean the spaces around it are layout (`id >= 1003`). Operator characters that
    /// run on past an operator (`==`, `=>`, `>>`) are refused: a value that starts with `=`, `<`,
    /// `>` or `!` is matched with `~` (`tag~^<none>$`). `F is null` and
    /// `F is not null` (any case) test for null, when `F` holds no operator character.
    public init(parsing text: String) throws {
        if let (field, op) = Self.nullTest(text) {
            self.init(path: FieldPath(field), op: op)
            return
        }
        let scalars = Array(text.unicodeScalars)
        var found: (index: Int, op: Operator)?
        var index = 0
        while index < scalars.count, found == nil {
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalars[index] {
            case "!" where next == "=": found = (index, .notEqual)
            case "<": found = (index, next == "=" ? .lessOrEqual : .less)
            case ">": found = (index, next == "=" ? .greaterOrEqual : .greater)
            case "=": found = (index, .equal)
            case "~": found = (index, .matches)
            default: break
            }
            index += 1
        }
        guard let (position, op) = found else {
            throw ListviewError.usage("--where '\(text)': no operator; write FIELD=VALUE, !=, <, <=, >, >=, FIELD~REGEX or FIELD is [not] null")
        }
        try Self.refuseUnknownOperator(scalars, at: position, found: op, in: text)
        var field = String(String.UnicodeScalarView(scalars[..<position]))
        var value = String(String.UnicodeScalarView(scalars[(position + op.rawValue.unicodeScalars.count)...]))
        // Spaces between the field and the operator lay the condition out (`id >= 1003`): they and
        // the spaces after the operator are not part of the name or the value.
        if field.last == " " || field.last == "\t" {
            field = String(field.trimmingWhitespace)
            value = String(value.drop { $0 == " " || $0 == "\t" })
        }
        guard !field.isEmpty else {
            throw ListviewError.usage("--where '\(text)': no field name before '\(op.rawValue)' at character \(position + 1)")
        }
        try Self.refuseJoinedConditions(value, op: op, in: text)
        var regex: LinearRegex?
        if op == .matches {
            do {
                regex = try LinearRegex(value)
            } catch {
                throw ListviewError.usage("--where '\(text)': '\(value)' is not a valid regular expression (\(error.reason))")
            }
        }
        self.init(path: FieldPath(field), op: op, value: value, regex: regex)
    }

    /// Throws a usage error when the operator characters at `position` run on past the operator
    /// found (`==`, `=>`, `>>`, `<>`): an operator listview does not have is never read as a shorter
    /// one and a value that starts with the rest, which would compare with that text and keep
    /// nothing with status 0. The message names the operator meant. A regex (`~`) may start with
    /// anything.
    private static func refuseUnknownOperator(_ scalars: [Unicode.Scalar], at position: Int, found op: Operator, in text: String) throws {
        guard op != .matches else { return }
        let written = String(String.UnicodeScalarView(scalars[position...].prefix { "=<>!".unicodeScalars.contains($0) }))
        guard written != op.rawValue else { return }
        if written.allSatisfy({ $0 == "=" }) { throw ListviewError.usage("--where '\(text)': '\(written)' is not an operator; use = for equals") }
        let meant: String
        if written.contains("!") || (written.contains("<") && written.contains(">")) {
            meant = "!="
        } else {
            meant = (written.contains("<") ? "<" : ">") + (written.contains("=") ? "=" : "")
        }
        throw ListviewError.usage("--where '\(text)': '\(written)' is not an operator; did you mean '\(meant)'?")
    }

    /// Throws a usage error when the value holds a second condition joined by `AND`/`OR` (`&&`, `||`):
    /// `status=shipped OR status=pending` would compare `status` with that whole text and keep
    /// nothing with status 0. Conditions are joined by giving `--where` again (all must hold);
    /// OR is not something listview reads into a value. A regex (`~`) is its own language.
    private static func refuseJoinedConditions(_ value: String, op: Operator, in text: String) throws {
        guard op != .matches else { return }
        let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" })
        for (index, word) in words.enumerated().dropLast() where ["and", "or", "&&", "||"].contains(word.lowercased()) {
            guard words[(index + 1)...].contains(where: { $0.contains(where: { "=<>!~".contains($0) }) }) else { continue }
            throw ListviewError.usage("--where '\(text)': one condition per --where; give --where again for each condition "
                                      + "(all must hold); '\(word)' between conditions is not read")
        }
    }

    /// `F is null` / `F is not null`, words in any case and separated by any spaces: the field and
    /// the test; nil for anything else, or when `F` holds an operator character (`a=b is null`).
    private static func nullTest(_ text: String) -> (field: String, op: Operator)? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.last?.lowercased() == "null" else { return nil }
        words.removeLast()
        var op = Operator.isNull
        if words.last?.lowercased() == "not" {
            words.removeLast()
            op = .isNotNull
        }
        guard words.count >= 2, let isWord = words.last, isWord.lowercased() == "is" else { return nil }
        let field = text[..<isWord.startIndex].trimmingWhitespace
        guard !field.isEmpty, !field.contains(where: { "=<>!~".contains($0) }) else { return nil }
        return (field, op)
    }

    private init(path: FieldPath, op: Operator, value: String = "", regex: LinearRegex? = nil) {
        self.path = path
        self.op = op
        self.value = value
        self.regex = regex
        valueBytes = Array(value.utf8)
        number = op == .isNull || op == .isNotNull ? nil : valueBytes.withUnsafeBytes(NumberRule.reading)
        valueIsASCII = valueBytes.allSatisfy { $0 < 0x80 }
    }

    /// True when a cell of kind `kind` holding `text` satisfies the condition: the one rule, read
    /// from the bytes (no value or string per row unless the text is not ASCII, which compares
    /// as Swift strings do). A nested cell is its compact JSON text.
    @inline(__always)
    public func matches(cell kind: CellKind, text: UnsafeRawBufferPointer) -> Bool {
        if kind == .null || kind == .absent { return op == .isNull }
        if op == .isNull || op == .isNotNull { return op == .isNotNull }
        if let regex { return regex.matches(text) }
        if let number, let fieldNumber = NumberRule.reading(text) {
            return holds(valueBytes.withUnsafeBytes { NumberRule.compare(fieldNumber, text, number, $0) })
        }
        guard valueIsASCII, UTF8Check.asciiPrefix(text.assumingMemoryBound(to: UInt8.self)) == text.count else {
            let fieldText = String(decoding: text, as: UTF8.self)
            return holds(fieldText.compareScalars(to: value))
        }
        // ASCII orders byte by byte exactly as its scalars do.
        return holds(text.elementsEqual(valueBytes) ? 0 : (text.lexicographicallyPrecedes(valueBytes) ? -1 : 1))
    }

    /// True when `record` satisfies the condition.
    public func matches(_ record: Record) -> Bool {
        guard path.reachesEveryElement else { return matches(value: path.value(in: record)) }
        return matches(anyOf: path.values(in: record))
    }

    /// True when one of `values` (those of a path through every element of an array) satisfies
    /// the condition, or, when there are none, a missing value does (`items[].sku is null`).
    public func matches(anyOf values: [Value]) -> Bool {
        values.isEmpty ? matches(value: nil) : values.contains { matches(value: $0) }
    }

    /// True when a record whose value at the predicate's field is `field` (nil: missing) satisfies
    /// it: the value seen as a cell (`CellKind.withCell`), by the cell rule.
    public func matches(value field: Value?) -> Bool {
        CellKind.withCell(of: field) { matches(cell: $0, text: $1) }
    }

    /// Whether the operator holds for a field that orders `order` (-1, 0, 1) against the value.
    @inline(__always)
    private func holds(_ order: Int) -> Bool {
        switch op {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        case .matches, .isNull, .isNotNull: return false
        }
    }
}
