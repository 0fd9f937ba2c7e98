import Glibc
import ListviewConcurrency
import ListviewSpilling
import ListviewValues
import Synchronization

/// The loading state of SPEC §2 at a terminal: when reading takes over a second before anything
/// is written, standard error shows `listview: reading big.csv… 3 s` (or, once rows spill to
/// disk, how much is read and how many runs are on disk), updated every quarter second, and
/// the line is erased when the output starts or the run ends.
///
/// Nothing is shown when standard error is not a terminal, so scripts and logs never see it.
final class LoadingIndicator: Sendable {
    private struct State {
        var stopped = false
        var shown = false
    }

    private let state = Mutex(State())
    private let label: String
    private let thread = BackgroundThread()

    /// Starts the indicator for reading `label`, or returns nil when standard error is not a terminal.
    init?(label: String) {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        self.label = label
        thread.start { [self] in run() }
    }

    /// Erases the line if it was shown; later calls do nothing. Call before the output starts.
    func stop() {
        let wasShown = state.withLock { state -> Bool in
            defer { state.stopped = true; state.shown = false }
            return !state.stopped && state.shown
        }
        thread.wait()
        if wasShown { Self.write("\r\u{1B}[K") }
    }

    private func run() {
        let start = Self.now()
        while true {
            usleep(50_000)
            let seconds = Self.now() - start
            guard seconds >= 1 else {
                if state.withLock({ $0.stopped }) { return }
                continue
            }
            let going = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                Self.write("\r" + Self.line(label: label, seconds: Int(seconds), spilled: SpillProgress.current) + "\u{1B}[K")
                state.shown = true
                return true
            }
            guard going else { return }
            usleep(200_000)
        }
    }

    /// `listview: reading big.csv… 3 s`, or once rows spill to disk,
    /// `listview: sorting big.csv… 4.1 GB read, 3 runs on disk · 40 s`.
    static func line(label: String, seconds: Int, spilled: (runs: Int, bytes: Int)) -> String {
        guard spilled.runs > 0 else { return "listview: reading \(label)… \(seconds) s" }
        let runs = spilled.runs == 1 ? "1 run" : "\(spilled.runs) runs"
        return "listview: sorting \(label)… \(ByteCount.text(spilled.bytes)) read, \(runs) on disk · \(seconds) s"
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func write(_ text: String) {
        _ = text.withCString { fputs($0, stderr) }
        fflush(stderr)
    }
}
