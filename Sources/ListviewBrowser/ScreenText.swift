import ListviewPresentation
import ListviewValues

/// Text fitted to the browser's screen.
enum ScreenText {
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
