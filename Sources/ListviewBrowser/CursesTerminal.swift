import CNcurses
import Glibc
import ListviewValues

/// The terminal of the browser, through ncursesw: a screen opened on /dev/tty (so standard
/// input may carry the data and standard output the result), lines drawn with attributes,
/// keys and mouse events decoded by ncurses from terminfo (arrows, pages, resize as a key,
/// `kmous`), and the clipboard through OSC 52. While the screen is open, SIGINT, SIGTERM and
/// SIGHUP are only noted (`caughtSignal`), so the key loop can restore the terminal first.
final class CursesTerminal {
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>
    private let screen: OpaquePointer
    private let signals: CaughtSignals
    private var ended = false

    /// Opens /dev/tty; a usage error (64) when there is none or terminfo does not know it.
    init() throws {
        // Caught before ncurses starts, which then leaves the signals to us.
        let signals = CaughtSignals()
        guard let input = fopen("/dev/tty", "r") else {
            throw ListviewError.usage("--interactive needs a terminal, and /dev/tty cannot be opened")
        }
        guard let output = fopen("/dev/tty", "w") else {
            fclose(input)
            throw ListviewError.usage("--interactive needs a terminal, and /dev/tty cannot be opened")
        }
        setlocale(LC_ALL, "")
        // Wide characters need a UTF-8 locale; the data is UTF-8 whatever the user's locale says.
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
        guard let screen = newterm(nil, output, input) else {
            fclose(input)
            fclose(output)
            let term = getenv("TERM").map { String(cString: $0) } ?? ""
            throw ListviewError.usage("--interactive cannot drive this terminal (TERM=\(term) is not in terminfo)")
        }
        self.input = input
        self.output = output
        self.screen = screen
        self.signals = signals
        set_term(screen)
        raw()  // Ctrl-C arrives as a key: quit without writing, after the screen is restored
        noecho()
        keypad(stdscr, true)
        curs_set(0)
        set_escdelay(25)
        // A press acts at once: no waiting to tell a click from a press and a release.
        mouseinterval(0)
        mousemask(listview_mouse_mask(), nil)
    }

    deinit { end() }

    /// The screen's size in cells.
    var size: (width: Int, height: Int) { (Int(getmaxx(stdscr)), Int(getmaxy(stdscr))) }

    func draw(_ lines: [ScreenLine]) {
        let width = size.width
        werase(stdscr)
        for (row, line) in lines.enumerated() {
            let attribute: Int32
            switch line.style {
            case .plain: attribute = 0
            case .columnHeader: attribute = listview_attr_bold() | listview_attr_underline()
            case .sectionHeader: attribute = listview_attr_bold()
            case .cursor, .status: attribute = listview_attr_reverse()
            case .prompt: attribute = listview_attr_bold()
            }
            wattrset(stdscr, attribute)
            var text = line.text
            if line.style == .cursor || line.style == .status {
                text += String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
            }
            guard let highlight = line.highlight else {
                mvwaddnstr(stdscr, Int32(row), 0, text, -1)
                wattrset(stdscr, 0)
                continue
            }
            // The highlighted cells in reverse video between the rest.
            let (before, rest) = ScreenText.split(text, atColumn: highlight.lowerBound)
            let (inside, after) = ScreenText.split(rest, atColumn: highlight.count)
            mvwaddnstr(stdscr, Int32(row), 0, before, -1)
            wattrset(stdscr, attribute | listview_attr_reverse())
            waddnstr(stdscr, inside, -1)
            wattrset(stdscr, attribute)
            waddnstr(stdscr, after, -1)
            wattrset(stdscr, 0)
        }
        wrefresh(stdscr)
    }

    /// The next key, or nil when none came within `milliseconds` (-1: wait for one).
    func key(waiting milliseconds: Int32) -> BrowserKey? {
        wtimeout(stdscr, milliseconds)
        var code: wint_t = 0
        let kind = wget_wch(stdscr, &code)
        if kind == ERR { return nil }
        if kind == KEY_CODE_YES {
            switch Int32(code) {
            case KEY_UP: return .up
            case KEY_DOWN: return .down
            case KEY_LEFT: return .left
            case KEY_RIGHT: return .right
            case KEY_NPAGE: return .pageDown
            case KEY_PPAGE: return .pageUp
            case KEY_HOME: return .home
            case KEY_END: return .end
            case KEY_ENTER: return .enter
            case KEY_BACKSPACE: return .backspace
            case KEY_BTAB: return .backTab
            case KEY_RESIZE: return .resize
            case KEY_MOUSE: return mouseEvent().map(BrowserKey.mouse)
            default: return nil
            }
        }
        switch code {
        case 3: return .interrupt
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        default:
            guard let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// The mouse event ncurses has decoded, or nil for one the browser does not act on.
    private func mouseEvent() -> MouseEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let kind: MouseEvent.Kind
        switch listview_mouse_button(event.bstate) {
        case 1: kind = .click
        case 4: kind = .wheelUp
        case 5: kind = .wheelDown
        default: return nil
        }
        return MouseEvent(kind, line: Int(event.y), column: Int(event.x))
    }

    /// SIGINT, SIGTERM or SIGHUP, once one has come while the screen is open.
    var caughtSignal: Int32? { signals.caught ?? (isHungUp ? SIGHUP : nil) }

    /// True once the terminal is gone (its window closed, its tmux server killed) without a
    /// SIGHUP reaching us: reads then fail at once, and the key loop would spin.
    private var isHungUp: Bool {
        var descriptor = pollfd(fd: fileno(input), events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// Puts `text` on the clipboard (OSC 52), written to the terminal after what ncurses has
    /// drawn, not through its window.
    func putOnClipboard(_ text: String) {
        guard !ended else { return }
        let bytes = TerminalClipboard.sequence(for: text, insideTmux: getenv("TMUX") != nil)
        fflush(output)
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, output) }
        fflush(output)
    }

    /// Restores the terminal, then the signals' former actions; later calls do nothing.
    func end() {
        guard !ended else { return }
        ended = true
        endwin()
        delscreen(screen)
        fclose(input)
        fclose(output)
        signals.restore()
    }
}
