import ListviewTestSupport

/// One case of the stream parser's differential test: a text, how it is read (a document or
/// JSON Lines, in which chunks, how deep the assembler may nest) and the event a handler
/// refuses, all drawn from a seed (`RandomJSONText`).
///
/// Cases come in ten kinds, by their number: broken documents and JSON Lines (a tenth of
/// them left whole), soups of JSON pieces, strings long enough to span many chunks, deep
/// nesting, numbers of every length, and valid texts in large chunks.
struct StreamCase: CustomStringConvertible {
    var text: [UInt8]
    var lines: Bool
    var chunkEnds: [Int]
    var refuseAt: Int?
    var maxDepth = 1_000
    let seed: UInt64
    let kind: Int

    init(seed: UInt64, number: Int) {
        self.seed = seed
        kind = number % 10
        var generator = RandomJSONText(seed: seed)
        lines = generator.random.next(2) == 1
        text = []
        chunkEnds = []
        switch kind {
        case 0, 1, 2, 3:
            let valid = lines ? generator.jsonLines() : generator.document()
            text = number % 40 < 4 ? valid : generator.corrupt(valid)
        case 4, 5:
            text = generator.soup()
        case 6:
            text = Self.longStrings(lines: lines, &generator)
            if generator.random.next(3) == 0 { text = generator.corrupt(text) }
        case 7:
            let depth = 1 + generator.random.next(3_000)
            text = Self.nested(depth: depth, &generator)
            maxDepth = max(1, depth / 2 + generator.random.next(depth + 1))
        case 8:
            text = Self.numbers(&generator)
            if generator.random.next(3) == 0 { text = generator.corrupt(text) }
        default:
            text = lines ? generator.jsonLines() : generator.document()
        }
        if kind < 6, number % 7 == 0 { maxDepth = 1 + generator.random.next(4) }
        chunkEnds = Self.chunkEnds(count: text.count, kind: kind, &generator)
        if generator.random.next(5) == 0 { refuseAt = generator.random.next(40) }
    }

    var description: String {
        "case seed \(seed) kind \(kind), lines \(lines), maxDepth \(maxDepth), refuseAt \(refuseAt.map(String.init) ?? "none"), "
            + "chunk ends \(chunkEnds), text \(Self.quoted(text))"
    }

    /// Cut points: the whole text at once, a few bytes at a time, the generator's mix, or large pieces.
    private static func chunkEnds(count: Int, kind: Int, _ generator: inout RandomJSONText) -> [Int] {
        var ends: [Int] = []
        var end = 0
        let mode = kind == 9 ? 3 : generator.random.next(4)
        guard mode > 0 else { return [] }
        while end < count {
            switch mode {
            case 1: end += 1 + generator.random.next(4)
            case 2: end += 1 + generator.random.next(generator.random.next(2) == 0 ? 4 : 40)
            default: end += 1 + generator.random.next(500)
            }
            ends.append(min(end, count))
        }
        return ends
    }

    /// Pieces of long strings: plain runs, every escape, surrogate pairs, raw UTF-8, and the
    /// bytes a string may not hold.
    private static let stringPieces: [[UInt8]] = [
        "abcdefghijklmnopqrstuvwxyz", "0123456789 ", "\\\"", "\\\\", "\\/", "\\b\\f\\n\\r\\t", "\\u0041", "\\u00E9",
        "\\u20ac", "\\u0000", "\\ud83d\\ude00", "é", "日本語", "😀", "\u{7F}",
    ].map { Array($0.utf8) }

    /// An array (or JSON Lines) of objects with long string values and keys.
    private static func longStrings(lines: Bool, _ generator: inout RandomJSONText) -> [UInt8] {
        var text: [UInt8] = []
        func string() {
            text.append(UInt8(ascii: "\""))
            for _ in 0..<generator.random.next(300) {
                text += generator.random.element(of: stringPieces) ?? []
            }
            text.append(UInt8(ascii: "\""))
        }
        if !lines { text.append(UInt8(ascii: "[")) }
        for record in 0..<1 + generator.random.next(4) {
            if record > 0 { text += lines ? [0x0A] : Array(",\n".utf8) }
            text.append(UInt8(ascii: "{"))
            for field in 0..<1 + generator.random.next(3) {
                if field > 0 { text.append(UInt8(ascii: ",")) }
                string()
                text.append(UInt8(ascii: ":"))
                string()
            }
            text.append(UInt8(ascii: "}"))
        }
        text += lines ? [0x0A] : [UInt8(ascii: "]")]
        return text
    }

    /// Arrays and objects nested `depth` deep, closed (or not) at the end.
    private static func nested(depth: Int, _ generator: inout RandomJSONText) -> [UInt8] {
        var text: [UInt8] = []
        var closers: [UInt8] = []
        for _ in 0..<depth {
            if generator.random.next(3) == 0 {
                text += Array("{\"k\":".utf8)
                closers.append(UInt8(ascii: "}"))
            } else {
                text.append(UInt8(ascii: "["))
                closers.append(UInt8(ascii: "]"))
            }
        }
        text += Array("1".utf8)
        let closed = generator.random.next(4) == 0 ? generator.random.next(depth + 1) : depth
        text += closers.reversed().prefix(closed)
        return text
    }

    /// Numbers of every length: integers past 64 bits, long fractions and exponents.
    private static func numbers(_ generator: inout RandomJSONText) -> [UInt8] {
        var text: [UInt8] = [UInt8(ascii: "[")]
        for index in 0..<1 + generator.random.next(20) {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            if generator.random.next(3) == 0 { text.append(UInt8(ascii: "-")) }
            text.append(UInt8(ascii: "1") + UInt8(generator.random.next(9)))
            for _ in 0..<generator.random.next(40) { text.append(UInt8(ascii: "0") + UInt8(generator.random.next(10))) }
            if generator.random.next(2) == 0 {
                text.append(UInt8(ascii: "."))
                for _ in 0..<1 + generator.random.next(30) { text.append(UInt8(ascii: "0") + UInt8(generator.random.next(10))) }
            }
            if generator.random.next(3) == 0 {
                text += Array("e-".utf8)
                for _ in 0..<1 + generator.random.next(4) { text.append(UInt8(ascii: "0") + UInt8(generator.random.next(10))) }
            }
        }
        text.append(UInt8(ascii: "]"))
        return text
    }

    /// A text for a failure message: printable ASCII as it is, other bytes as `\xNN`.
    static func quoted(_ text: [UInt8]) -> String {
        "\"" + text.map { byte -> String in
            switch byte {
            case UInt8(ascii: "\""): return "\\\""
            case UInt8(ascii: "\\"): return "\\\\"
            case 0x20..<0x7F: return String(UnicodeScalar(byte))
            default: return "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
            }
        }.joined() + "\""
    }
}
