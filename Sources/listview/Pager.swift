import Glibc
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewBatches
import ListviewValues

/// Shows output taller than the terminal through a pager, as git does.
///
/// The pager is `$LISTVIEW_PAGER`, else `$PAGER`, else `less -FRX`; an empty
/// value turns paging off. Only used when stdout is a terminal and
/// `--no-pager` is not given; listview's exit status is kept whatever the pager does.
enum Pager {
    /// The pager command, or nil when paging is switched off by the environment.
    static var command: String? {
        let chosen = ProcessEnvironment.value("LISTVIEW_PAGER") ?? ProcessEnvironment.value("PAGER") ?? "less -FRX"
        let trimmed = chosen.trimmingWhitespace
        return trimmed.isEmpty || trimmed == "cat" ? nil : trimmed
    }

    /// The terminal's height: `LINES`, then `ioctl(TIOCGWINSZ)`, then 24.
    static var terminalRows: Int {
        if let text = ProcessEnvironment.value("LINES"), let rows = Int(text), rows > 0 { return rows }
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
        var environment = ProcessEnvironment.all
        if environment["LESS"] == nil { environment["LESS"] = "FRX" }
        guard let child = spawnShell(command, environment: environment) else { return false }
        output.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let written = write(child.input, base + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { break }  // the reader quit early (q in less): not an error
                offset += written
            }
        }
        close(child.input)
        var status: Int32 = 0
        while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
        return true
    }

    /// Starts `/bin/sh -c command` reading from a new pipe; returns its pid and the pipe's writing end.
    private static func spawnShell(_ command: String, environment: [String: String]) -> (pid: pid_t, input: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        let words: [String] = ["/bin/sh", "-c", command]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
        let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { (arguments + variables).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, nil, arguments + [nil], variables + [nil])
        close(readEnd)
        guard result == 0 else {
            close(writeEnd)
            return nil
        }
        return (pid, writeEnd)
    }
}
