import ListviewTestSupport

/// Random JSON texts for differential tests: valid documents and JSON Lines, and the same
/// texts broken by a few edits at random places.
///
/// Values nest objects and arrays; strings hold escapes of every kind (surrogate pairs
/// among them) and raw multi-byte UTF-8; numbers come in every shape JSON allows;
/// whitespace includes tabs, CRs and CRLF line ends. Edits delete, insert or replace a
/// byte (or insert a short sequence) drawn from the bytes a parser cares about, or cut
/// the text short.
struct RandomJSONText {
    var random: SeededRandom
    /// False while a JSON Lines line is written: whitespace inside a value is then no line feed.
    private var lineFeedsAllowed = true

    init(seed: UInt64) {
        random = SeededRandom(state: seed)
    }

    private mutating func chance(_ percent: Int) -> Bool { random.next(100) < percent }

    // MARK: Valid text

    /// One JSON document: mostly a top-level array of objects, sometimes any value.
    mutating func document() -> [UInt8] {
        var text: [UInt8] = []
        whitespace(&text)
        if chance(70) {
            text.append(UInt8(ascii: "["))
            let count = random.next(5)
            for index in 0..<count {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                whitespace(&text)
                value(&text, depth: 1, preferObject: true)
                whitespace(&text)
            }
            if count == 0 { whitespace(&text) }
            text.append(UInt8(ascii: "]"))
        } else {
            value(&text, depth: 0, preferObject: false)
        }
        whitespace(&text)
        return text
    }

    /// JSON Lines: a value per line (mostly objects), some lines blank, LF or CRLF ends, the
    /// last line's end sometimes left off.
    mutating func jsonLines() -> [UInt8] {
        var text: [UInt8] = []
        lineFeedsAllowed = false
        defer { lineFeedsAllowed = true }
        for _ in 0..<1 + random.next(5) {
            if chance(10) {
                if chance(50) { text.append(contentsOf: Array("  \t".utf8)) }
            } else {
                if chance(20) { text.append(UInt8(ascii: " ")) }
                value(&text, depth: 0, preferObject: true)
                if chance(20) { text.append(UInt8(ascii: "\t")) }
            }
            if chance(15) { text.append(0x0D) }
            text.append(0x0A)
        }
        if chance(25), text.last == 0x0A {
            text.removeLast()
            if text.last == 0x0D { text.removeLast() }
        }
        return text
    }

    /// Whitespace JSON allows, often none.
    private mutating func whitespace(_ text: inout [UInt8]) {
        guard chance(30) else { return }
        let choices: [UInt8] = lineFeedsAllowed ? [0x20, 0x20, 0x09, 0x0D, 0x0A] : [0x20, 0x20, 0x09, 0x0D]
        for _ in 0..<1 + random.next(3) {
            text.append(random.element(of: choices) ?? 0x20)
        }
    }

    /// A value; containers thin out with depth.
    private mutating func value(_ text: inout [UInt8], depth: Int, preferObject: Bool) {
        let containers = depth < 6 ? max(10, 45 - depth * 8) : 0
        let roll = random.next(100)
        if preferObject && depth < 6 && roll < 80 || roll < containers / 2 {
            object(&text, depth: depth)
        } else if roll < containers {
            array(&text, depth: depth)
        } else {
            scalar(&text)
        }
    }

    private mutating func object(_ text: inout [UInt8], depth: Int) {
        text.append(UInt8(ascii: "{"))
        let count = random.next(5)
        for index in 0..<count {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            whitespace(&text)
            string(&text)
            whitespace(&text)
            text.append(UInt8(ascii: ":"))
            whitespace(&text)
            value(&text, depth: depth + 1, preferObject: false)
            whitespace(&text)
        }
        if count == 0 { whitespace(&text) }
        text.append(UInt8(ascii: "}"))
    }

    private mutating func array(_ text: inout [UInt8], depth: Int) {
        text.append(UInt8(ascii: "["))
        let count = random.next(5)
        for index in 0..<count {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            whitespace(&text)
            value(&text, depth: depth + 1, preferObject: false)
            whitespace(&text)
        }
        if count == 0 { whitespace(&text) }
        text.append(UInt8(ascii: "]"))
    }

    private mutating func scalar(_ text: inout [UInt8]) {
        switch random.next(10) {
        case 0: text.append(contentsOf: Array("true".utf8))
        case 1: text.append(contentsOf: Array("false".utf8))
        case 2: text.append(contentsOf: Array("null".utf8))
        case 3, 4, 5: number(&text)
        default: string(&text)
        }
    }

    /// A number of any shape: sign, zero or digits, fraction, exponent with or without sign.
    private mutating func number(_ text: inout [UInt8]) {
        if chance(30) { text.append(UInt8(ascii: "-")) }
        if chance(25) {
            text.append(UInt8(ascii: "0"))
        } else {
            text.append(UInt8(ascii: "1") + UInt8(random.next(9)))
            for _ in 0..<random.next(4) { digit(&text) }
        }
        if chance(35) {
            text.append(UInt8(ascii: "."))
            for _ in 0..<1 + random.next(3) { digit(&text) }
        }
        if chance(25) {
            text.append(chance(50) ? UInt8(ascii: "e") : UInt8(ascii: "E"))
            switch random.next(3) {
            case 0: text.append(UInt8(ascii: "+"))
            case 1: text.append(UInt8(ascii: "-"))
            default: break
            }
            for _ in 0..<1 + random.next(3) { digit(&text) }
        }
    }

    private mutating func digit(_ text: inout [UInt8]) {
        text.append(UInt8(ascii: "0") + UInt8(random.next(10)))
    }

    /// Pieces of strings: plain letters, every escape, surrogate pairs, raw UTF-8.
    private static let stringPieces: [[UInt8]] = [
        "a", "key", "b c", "x", "id", "Zz9", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t",
        "\\u0041", "\\u00e9", "\\u20AC", "\\u0000", "\\uffff", "\\ud83d\\ude00", "\\uD834\\uDD1E",
        "é", "€", "😀", "日本", "\u{7F}",
    ].map { Array($0.utf8) }

    private mutating func string(_ text: inout [UInt8]) {
        text.append(UInt8(ascii: "\""))
        for _ in 0..<random.next(4) {
            text.append(contentsOf: random.element(of: Self.stringPieces) ?? [])
        }
        text.append(UInt8(ascii: "\""))
    }

    /// Pieces of JSON put together at random: tokens, cut tokens and stray bytes, for texts
    /// that reach every state of a parser rather than only the ones near valid text.
    private static let soupPieces: [[UInt8]] = [
        "{", "}", "[", "]", ":", ",", "\"a\"", "\"\\u0041\"", "\"", "\\", "1", "-0.5e+2", "-", "1.", "true",
        "tr", "null", " ", "\n", "\r\n", "\t", "/", "\u{0B}", "x",
    ].map { Array($0.utf8) } + [[0xC3, 0xA9], [0xFF], [0x22, 0xFF, 0x22], [0x00]]

    /// Up to 30 pieces of JSON (`soupPieces`) in a row.
    mutating func soup() -> [UInt8] {
        var text: [UInt8] = []
        for _ in 0..<random.next(31) { text.append(contentsOf: random.element(of: Self.soupPieces) ?? []) }
        return text
    }

    // MARK: Edits

    /// Bytes worth putting where they do not belong.
    private static let interestingBytes: [UInt8] = Array("\"[]{}:,\\0159-+.eEtfnuxa/ ".utf8)
        + [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x0B, 0x0C, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE2, 0xED, 0xF0, 0xF5, 0xFF]

    /// Short sequences worth inserting: lone and crossed surrogate escapes, cut escapes,
    /// comments, cut literals and numbers, a second value.
    private static let interestingSequences: [[UInt8]] = [
        "\\ud800", "\\udc00", "\\ud800\\u0041", "\\u12", "\\x", "//", "/*", "tru", "nul", "1e", "1.", "-",
        "0x1", "01", "\"\"", "{}", "[]", "\u{0B}", "\r\n", "\\", "\\u", "\\uD83D", "\\uDE00",
        "\u{FEFF}", "Infinity", "NaN",
    ].map { Array($0.utf8) } + [[0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]]

    /// `text` with one to three edits.
    mutating func corrupt(_ text: [UInt8]) -> [UInt8] {
        var text = text
        for _ in 0..<1 + random.next(chance(70) ? 1 : 3) {
            let position = random.next(text.count + 1)
            switch random.next(100) {
            case 0..<20:
                if position < text.count { text.remove(at: position) }
            case 20..<50:
                text.insert(random.element(of: Self.interestingBytes) ?? 0, at: position)
            case 50..<75:
                if position < text.count { text[position] = random.element(of: Self.interestingBytes) ?? 0 }
            case 75..<92:
                text.insert(contentsOf: random.element(of: Self.interestingSequences) ?? [], at: position)
            default:
                text.removeSubrange(position...)
            }
        }
        return text
    }

    /// Cut points splitting `count` bytes into random chunks, as a reader's slices might.
    mutating func chunkEnds(count: Int) -> [Int] {
        var ends: [Int] = []
        var end = 0
        while end < count {
            end = min(count, end + 1 + random.next(chance(50) ? 4 : 40))
            ends.append(end)
        }
        return ends
    }
}
