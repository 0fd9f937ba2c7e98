/// Width of text in terminal cells, as a terminal draws it.
///
/// East Asian wide and fullwidth characters and emoji take two cells;
/// combining marks, variation selectors and zero-width joiners take none. A
/// grapheme cluster (a flag, an emoji ZWJ sequence, a letter with accents) is
/// measured as one unit and never split.
public enum DisplayWidth {
    /// The width of `text` in terminal cells.
    public static func of(_ text: String) -> Int {
        if isASCII(text) { return text.utf8.count }
        // Latin, Greek-free Western text: below U+0300 (where combining marks start) every
        // scalar but the soft hyphen is one cell and its own grapheme, so no cluster breaking.
        var scalars = 0
        var simple = true
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x300 || scalar.value == 0xAD { simple = false; break }
            scalars += 1
        }
        if simple { return scalars }
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    /// True when `text` is all ASCII: one cell per byte, one grapheme per byte (CR LF aside).
    @inline(__always)
    public static func isASCII(_ text: String) -> Bool {
        let ascii = text.utf8.withContiguousStorageIfAvailable { UTF8Check.asciiPrefix($0) }
            ?? text.utf8.prefix(while: { $0 < 0x80 }).count
        return ascii == text.utf8.count
    }

    /// The width of one grapheme cluster: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        var sawVisible = false
        var first = true
        for scalar in character.unicodeScalars {
            defer { first = false }
            let value = scalar.value
            if value == 0xFE0F && sawVisible { return 2 }  // emoji presentation selector
            if isZeroWidth(scalar) { continue }
            if first || !sawVisible {
                if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
            }
            sawVisible = true
        }
        return sawVisible ? 1 : 0
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x200B || value == 0x200C || value == 0x200D || value == 0x2060 || value == 0xFEFF { return true }
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return true }
        if (0x1160...0x11FF).contains(value) { return true }  // Hangul medial vowels and final consonants
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges.
    static func isWide(_ value: UInt32) -> Bool {
        if value < 0x1100 { return false }
        for range in wideRanges {
            if value < range.lowerBound { return false }
            if value <= range.upperBound { return true }
        }
        return false
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F200...0x1F251, 0x1F300...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
        0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0,
        0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC,
        0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A,
        0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5,
        0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF,
        0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0,
        0x1F90C...0x1F93A, 0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
