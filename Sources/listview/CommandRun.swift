import Glibc
import ListviewPresentation
import ListviewValues

/// What every command does around its work: standard output through the pager on a
/// terminal (gathered first, shown when taller than the screen), control characters of
/// machine styles escaped there, and every error turned into one stderr line and its
/// sysexits status.
enum CommandRun {
    /// Runs `work` with the sink for standard output and returns the exit status. `work`
    /// tells the sink whether the output is a machine style before writing.
    static func execute(noPager: Bool, _ work: (OutputSink) throws -> Int32) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let pager = noPager || !Terminal.stdoutIsTerminal ? nil : Pager.command
        let sink = pager == nil ? OutputSink(fileDescriptor: STDOUT_FILENO) : OutputSink.memory()
        defer {
            if let pager {
                let output = sink.takeCollected()
                if !Interrupts.whilePagerRuns({ Pager.show(output, command: pager) }) {
                    let direct = OutputSink(fileDescriptor: STDOUT_FILENO)
                    try? direct.write(bytes: output)
                    try? direct.flush()
                }
            }
        }
        do {
            return try work(sink)
        } catch let error as ListviewError {
            if case .outputClosed = error { return 0 }
            do {
                try sink.flush()
            } catch {
                // The output is already failing; the first error is the one to report.
            }
            // A field or value a view file gave is named with the file's line.
            Diagnostics.report(ViewFiles.located(error.description, among: ViewFiles.added))
            return error.exitStatus
        } catch {
            Diagnostics.report(Listview.message(for: error))
            return Listview.exitCode(for: error).rawValue
        }
    }

    /// Prepares `sink` for a style: a machine style on a terminal shows the data's control
    /// characters escaped (human styles escape their cells); Ctrl-C resets colours.
    static func prepare(_ sink: OutputSink, machineStyle: Bool, color: Bool) {
        sink.escapesControls = Terminal.stdoutIsTerminal && machineStyle
        Interrupts.install(color: color)
    }
}
