import ListviewPresentation
import ListviewValues

/// Text fitted to the browser's screen.
enum ScreenText {
    /// `text` cut or padded with spaces to `width` cells, on the right (`right`: on the left).
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
