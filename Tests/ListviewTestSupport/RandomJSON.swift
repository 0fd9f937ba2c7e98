/// Random JSON text for property tests: objects with repeated and escaped keys, numbers of every
/// shape (past 64 bits too), strings with escapes, surrogate pairs and, now and then, a lone
/// surrogate, nested arrays and objects.
public enum RandomJSON {
    public static let keys = ["id", "name", "a", "b", "key", "value", "é", "k\\\"q", "\\u00e9t\\u00e9", "x\\ud83d\\ude00", ""]
    public static let numbers = ["0", "-0", "1", "-1", "1e5", "1E+5", "1.50", "-0.0", "123456789012345678901234567890", "3.25e-10", "42",
                                 "9007199254740993", "0.1", "18446744073709551615", "-9223372036854775808", "1.7976931348623157e308", "5e-324"]
    public static let stringParts = ["a", "b c", "é", "😀", "\\n", "\\t", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\r", "\\u0041", "\\u00e9",
                                     "\\u20ac", "\\ud83d\\ude00", "\\u0000", "\\uD834\\uDD1E", "\u{7F}", "日本"]

    /// A string literal.
    public static func string(_ random: inout SeededRandom) -> String {
        var text = "\""
        for _ in 0..<random.next(6) { text += random.element(of: stringParts) ?? "" }
        if random.next(400) == 0 { text += "\\ud800" }  // a lone surrogate, now and then
        return text + "\""
    }

    /// Any value, nested at most a few levels below `depth`.
    public static func value(_ random: inout SeededRandom, depth: Int) -> String {
        switch random.next(depth < 4 ? 9 : 6) {
        case 0: return "null"
        case 1: return random.next(2) == 0 ? "true" : "false"
        case 2, 3: return random.element(of: numbers) ?? "0"
        case 4, 5: return string(&random)
        case 6, 7: return object(&random, depth: depth + 1)
        default:
            let elements = (0..<random.next(4)).map { _ in value(&random, depth: depth + 1) }
            return "[" + elements.joined(separator: random.next(3) == 0 ? ", " : ",") + "]"
        }
    }

    /// An object of up to five members.
    public static func object(_ random: inout SeededRandom, depth: Int) -> String {
        let members = (0..<random.next(6)).map { _ in
            "\"\(random.element(of: keys) ?? "a")\"" + (random.next(4) == 0 ? " : " : ":") + value(&random, depth: depth + 1)
        }
        return "{" + members.joined(separator: ",") + "}"
    }
}
