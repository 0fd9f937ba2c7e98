import Glibc

/// What the executable learns about its terminal: whether stdout is one, and how wide it is.
///
/// Width comes from `COLUMNS`, then `ioctl(TIOCGWINSZ)` on stdout, then 80 —
/// and only matters on a terminal: output to a pipe or file is never cut to a
/// width unless `--width` asks for it.
enum Terminal {
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// The width to fit human styles to, or nil for no limit.
    static func outputWidth(requested: Int?) -> Int? {
        if let requested { return requested }
        guard stdoutIsTerminal else { return nil }
        if let text = getenv("COLUMNS").map({ String(cString: $0) }), let columns = Int(text), columns > 0 { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
