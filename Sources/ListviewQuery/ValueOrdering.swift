import ListviewBatches
import ListviewDataSource
import ListviewValues

/// The order `--sort` and `--sort-groups key` put values in.
///
/// Numbers compare by the number rule (`NumberRule`: exact decimal values, `9 < 10`,
/// `1e2 = 100`, equal values keep their order), strings by their Unicode scalars,
/// and a column that mixes types orders booleans, then numbers, then strings,
/// then arrays and objects. Null and missing values always come last, in
/// ascending and descending order alike.
public enum ValueOrdering {
    /// A precomputed sort key for one value, cheap to compare many times.
    public enum Key: Sendable {
        case bool(Bool)
        case number(NumberRule.Reading, String)
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
            var text = text
            guard let reading = text.withUTF8({ NumberRule.reading(UnsafeRawBufferPointer($0)) }) else { return .text(text) }
            return .number(reading, text)
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
            return NumberRule.compare(a, textA, b, textB)
        case let (.text(a), .text(b)), let (.nested(a), .nested(b)):
            return a.compareScalars(to: b)
        default:
            return lhs.rank - rhs.rank
        }
    }
}
