/// Cutting text to a width in terminal cells, never inside a grapheme cluster.
public enum TextFitting {
    /// `text` cut to at most `width` cells, ending in `…` when anything was cut.
    public static func truncated(_ text: String, to width: Int) -> String {
        fitted(text, to: width).text
    }

    /// `text` cut to at most `width` cells (ending in `…` when cut), and the cells it then takes.
    public static func fitted(_ text: String, to width: Int) -> (text: String, width: Int) {
        fitted(text, measuring: DisplayWidth.of(text), to: width)
    }

    /// `text`, whose width is `full` cells, cut to at most `width` cells.
    public static func fitted(_ text: String, measuring full: Int, to width: Int) -> (text: String, width: Int) {
        guard width > 0 else { return ("", 0) }
        guard full > width else { return (text, full) }
        if DisplayWidth.isASCII(text) {
            return (String(decoding: text.utf8.prefix(width - 1), as: UTF8.self) + "…", width)
        }
        var result = ""
        var used = 0
        for character in text {
            let cells = DisplayWidth.of(character)
            if used + cells > width - 1 { break }
            result.append(character)
            used += cells
        }
        return (result + "…", used + 1)
    }

    /// `text` broken into lines of at most `width` cells, at spaces where possible.
    public static func wrapped(_ text: String, to width: Int) -> [String] {
        guard width > 0, DisplayWidth.of(text) > width else { return [text] }
        var lines: [String] = []
        var line = ""
        var used = 0
        var lastSpace: (index: String.Index, used: Int)?
        for character in text {
            let cells = DisplayWidth.of(character)
            if used + cells > width {
                if character == " " {
                    lines.append(line)
                    line = ""
                    used = 0
                    lastSpace = nil
                    continue
                }
                if let space = lastSpace, space.used > 0 {
                    lines.append(String(line[..<space.index]))
                    line = String(line[line.index(after: space.index)...])
                    used = DisplayWidth.of(line)
                } else {
                    lines.append(line)
                    line = ""
                    used = 0
                }
                lastSpace = nil
            }
            if character == " " { lastSpace = (line.endIndex, used) }
            line.append(character)
            used += cells
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
