import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewValues

/// The order `--sort` and `--sort-groups key` put values in.
///
/// Numbers compare as numbers (`9 < 10`), strings by their Unicode scalars,
/// and a column that mixes types orders booleans, then numbers, then strings,
/// then arrays and objects. Null and missing values always come last, in
/// ascending and descending order alike.
public enum ValueOrdering {
    /// A precomputed sort key for one value, cheap to compare many times.
    public enum Key: Sendable {
        case bool(Bool)
        case number(Double, String)
        case text(String)
        case nested(String)
        case missing

        var rank: Int {
            switch self {
            case .bool: return 0
            case .number: return 1
            case .text: return 2
            case .nested: return 3
            case .missing: return 4
            }
        }
    }

    public static func key(for value: Value?) -> Key {
        guard let value else { return .missing }
        switch value {
        case .null: return .missing
        case .bool(let flag): return .bool(flag)
        case .number(let text):
            guard let number = Double(text), !number.isNaN else { return .text(text) }
            return .number(number, text)
        case .string(let text): return .text(text)
        case .array, .object: return .nested(value.compactJSON)
        }
    }

    /// Compares two keys in ascending order: negative, zero or positive.
    public static func compare(_ lhs: Key, _ rhs: Key) -> Int {
        switch (lhs, rhs) {
        case let (.bool(a), .bool(b)):
            return a == b ? 0 : (a ? 1 : -1)
        case let (.number(a, textA), .number(b, textB)):
            if a < b { return -1 }
            if a > b { return 1 }
            return IntegerText.compare(textA, textB)
        case let (.text(a), .text(b)), let (.nested(a), .nested(b)):
            return a == b ? 0 : (a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : 1)
        default:
            return lhs.rank - rhs.rank
        }
    }
}

/// Exact order for integers too large for a `Double` to tell apart.
enum IntegerText {
    static func compare(_ a: String, _ b: String) -> Int {
        guard isInteger(a), isInteger(b), a != b else { return 0 }
        let negativeA = a.hasPrefix("-"), negativeB = b.hasPrefix("-")
        if negativeA != negativeB { return negativeA ? -1 : 1 }
        let digitsA = a.drop { $0 == "-" || $0 == "+" || $0 == "0" }
        let digitsB = b.drop { $0 == "-" || $0 == "+" || $0 == "0" }
        var order: Int
        if digitsA.count != digitsB.count {
            order = digitsA.count < digitsB.count ? -1 : 1
        } else {
            order = digitsA == digitsB ? 0 : (digitsA < digitsB ? -1 : 1)
        }
        if negativeA { order = -order }
        return order
    }

    static func isInteger(_ text: String) -> Bool {
        var digits = text.utf8.makeIterator()
        var byte = digits.next()
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { byte = digits.next() }
        guard byte != nil else { return false }
        while let current = byte {
            guard current >= 0x30 && current <= 0x39 else { return false }
            byte = digits.next()
        }
        return true
    }
}
