import Glibc
import ListviewSpilling

/// What listview does on SIGINT, SIGTERM and SIGHUP.
///
/// Loading and writing stop at once, the spill folder is removed (its files have no name), and if coloured output may have been cut in
/// the middle of an escape sequence, an SGR reset is written first, then the
/// signal's default action is restored and the signal raised again, so the
/// shell sees an interrupted process (`$?` is 130 for ^C) and a script's loop
/// stops too. While the pager runs, ^C belongs to the pager (less uses it to
/// stop a search): listview waits for the pager to quit, as git does.
enum Interrupts {
    /// Set while coloured output is being written to the terminal.
    nonisolated(unsafe) private static var colorInUse: sig_atomic_t = 0
    /// Set while the pager runs.
    nonisolated(unsafe) private static var pagerRunning: sig_atomic_t = 0
    /// The SGR reset, allocated before any handler can run (a handler must not allocate).
    nonisolated(unsafe) private static var reset: UnsafeMutablePointer<UInt8>?

    private static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers; `color` tells whether the output carries escape sequences.
    static func install(color: Bool) {
        let bytes: [UInt8] = [0x1B, 0x5B, 0x30, 0x6D]  // ESC [ 0 m
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        buffer.initialize(from: bytes, count: bytes.count)
        reset = buffer
        colorInUse = color ? 1 : 0
        for number in signals { signal(number, handle) }
    }

    /// Runs `body` (the pager) with interrupts left to it.
    static func whilePagerRuns<Result>(_ body: () -> Result) -> Result {
        pagerRunning = 1
        defer { pagerRunning = 0 }
        return body()
    }

    private static let handle: @convention(c) (Int32) -> Void = { number in
        if Interrupts.pagerRunning != 0 { return }
        if Interrupts.colorInUse != 0, let reset = Interrupts.reset {
            _ = write(STDOUT_FILENO, reset, 4)
        }
        SpillDirectory.removeOnSignal()
        signal(number, SIG_DFL)
        raise(number)
    }
}
