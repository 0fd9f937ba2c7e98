import CSignals
import Glibc

/// What listview does on SIGINT, SIGTERM and SIGHUP.
///
/// Loading and writing stop at once, the spill folders are removed (their files have no name),
/// and if coloured output may have been cut in the middle of an escape sequence, an SGR reset is
/// written first; then the signal's default action is restored and the signal raised again, so
/// the shell sees an interrupted process (`$?` is 130 for ^C) and a script's loop stops too.
/// While the pager runs, ^C belongs to the pager (less uses it to stop a search): listview waits
/// for the pager to quit, as git does. The handler is in C (`CSignals`): a handler may call only
/// async-signal-safe functions, and Swift code may take the runtime's locks or allocate.
enum Interrupts {
    /// Installs the handlers; `color` tells whether the output carries escape sequences.
    static func install(color: Bool) {
        _ = listview_interrupts_install(color ? 1 : 0)
    }

    /// Waits for a signal being handled on another thread to end the process; returns at once
    /// when there is none. Called before an error is reported and before the exit: a run whose
    /// spill folder the handler removed would otherwise fail, or end, on its own account.
    static func holdIfCaught() {
        listview_interrupts_hold_if_caught()
    }

    /// Runs `body` (the pager) with interrupts left to it.
    static func whilePagerRuns<Result>(_ body: () -> Result) -> Result {
        listview_interrupts_pager_running(1)
        defer { listview_interrupts_pager_running(0) }
        return body()
    }
}
