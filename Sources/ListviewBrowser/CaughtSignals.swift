import CNcurses
import Glibc

/// SIGINT, SIGTERM and SIGHUP while the browser's screen is open: the handler (in C, in
/// `shim.h`) only notes the signal, and the key loop, which wakes at least every
/// `CaughtSignals.pollMilliseconds`, asks `caught`, restores the terminal and ends.
///
/// The former actions (listview's `Interrupts`, which remove the spill folder and raise the
/// signal again) come back with `restore()`, so a signal after the screen is closed, or the
/// one the browser raises again on its way out, acts as it did before.
final class CaughtSignals {
    static let numbers = [SIGINT, SIGTERM, SIGHUP]
    /// The longest a key loop may wait before it looks at `caught` again.
    static let pollMilliseconds: Int32 = 200

    private var former: [(number: Int32, action: sigaction)] = []

    init() {
        listview_forget_signal()
        for number in Self.numbers {
            var action = sigaction()
            if listview_catch_signal(number, &action) == 0 { former.append((number, action)) }
        }
    }

    deinit { restore() }

    /// The signal caught since `init`, or nil.
    var caught: Int32? {
        let number = listview_caught_signal()
        return number == 0 ? nil : number
    }

    /// Puts the former actions back; later calls do nothing.
    func restore() {
        for (number, action) in former {
            var action = action
            _ = listview_restore_signal(number, &action)
        }
        former = []
    }
}
