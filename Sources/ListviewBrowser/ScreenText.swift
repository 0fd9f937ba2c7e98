import ListviewPresentation
import ListviewValues

/// Text fitted to the browser's screen.
enum ScreenText {
    /// `text` cut after `column` display columns: the characters that fit, and the rest (a
    /// character that would straddle the column goes with the rest).
    static func split(_ text: String, atColumn column: Int) -> (String, String) {
        var width = 0
        var index = text.startIndex
        while index < text.endIndex {
            let next = width + DisplayWidth.of(text[index])
            guard next <= column else { break }
            width = next
            index = text.index(after: index)
        }
        return (String(text[..<index]), String(text[index...]))
    }

    /// `line` in lines of at most `width` cells: its own line breaks kept, a longer line cut at
    /// the width, each line after the first beginning with `indent` cells of spaces.
    static func wrapped(_ line: String, width: Int, indent: Int) -> [String] {
        let room = max(1, width - indent)
        var lines: [String] = []
        for (number, part) in line.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = String(part)
            var first = number == 0
            repeat {
                var (head, tail) = split(rest, atColumn: first ? max(1, width) : room)
                // Words stay whole where a space leaves the line's room at least half full (the
                // first line's room begins after the indent: its label's space is no break).
                if !tail.isEmpty, let space = head.lastIndex(of: " "), DisplayWidth.of(String(head[..<space])) >= (first ? indent : 0) + room / 2 {
                    (head, tail) = (String(head[...space]), String(head[head.index(after: space)...]) + tail)
                }
                // A character wider than the room still goes on a line of its own.
                let taken = head.isEmpty ? String(rest.prefix(1)) : head
                lines.append(first ? taken : String(repeating: " ", count: indent) + taken)
                rest = head.isEmpty ? String(rest.dropFirst()) : tail
                first = false
            } while !rest.isEmpty
        }
        return lines
    }

    /// `text` cut or padded with spaces to `width` cells, on the right (`right`: on the left).
    static func padded(_ text: String, to width: Int, right: Bool = false) -> String {
        let fitted = DisplayWidth.of(text) <= width ? text : TextFitting.truncated(text, to: width)
        let padding = String(repeating: " ", count: max(0, width - DisplayWidth.of(fitted)))
        return right ? padding + fitted : fitted + padding
    }

    /// `text` on one line, its line breaks and tabs shown as spaces.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 })
    }
}
