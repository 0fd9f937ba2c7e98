import Foundation
import Glibc

/// Shows output taller than the terminal through a pager, as git does.
///
/// The pager is `$LISTVIEW_PAGER`, else `$PAGER`, else `less -FRX`; an empty
/// value turns paging off. Only used when stdout is a terminal and
/// `--no-pager` is not given; listview's exit status is kept whatever the pager does.
enum Pager {
    /// The pager command, or nil when paging is switched off by the environment.
    static var command: String? {
        let environment = ProcessInfo.processInfo.environment
        let chosen = environment["LISTVIEW_PAGER"] ?? environment["PAGER"] ?? "less -FRX"
        let trimmed = chosen.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
    }

    /// The terminal's height: `LINES`, then `ioctl(TIOCGWINSZ)`, then 24.
    static var terminalRows: Int {
        if let text = ProcessInfo.processInfo.environment["LINES"], let rows = Int(text), rows > 0 { return rows }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        return 24
    }

    /// Writes `output` to the terminal, through the pager when it is taller than the screen.
    /// Returns false when the pager could not be started (the caller then writes directly).
    static func show(_ output: [UInt8], command: String) -> Bool {
        var lines = 0
        for byte in output where byte == 0x0A { lines += 1 }
        guard lines >= terminalRows else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        process.environment = environment
        let pipe = Pipe()
        process.standardInput = pipe
        do {
            try process.run()
        } catch {
            return false
        }
        do {
            try pipe.fileHandleForWriting.write(contentsOf: output)
        } catch {
            // The reader quit early (q in less): not an error.
        }
        try? pipe.fileHandleForWriting.close()
        process.waitUntilExit()
        return true
    }
}
