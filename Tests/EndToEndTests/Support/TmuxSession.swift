import Foundation
import XCTest

/// listview running in a real terminal: a tmux server of its own (a private socket, no
/// configuration) with one window of a fixed size. Tests send keys as a user types them
/// and read the screen as tmux shows it; standard output and the exit status go to files.
final class TmuxSession {
    private let socket = "listview-test-\(UUID().uuidString.prefix(8))"
    private let scratch: URL
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    /// Starts `listview arguments` in `directory` (the repository root), in a `width`×`height` window.
    init(_ arguments: String, width: Int = 80, height: Int = 16, environment: String = "",
         directory: URL = ListviewProcess.root) throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("listview-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let command = "cd '\(directory.path)' && env LC_ALL=C.UTF-8 TERM=screen \(environment) "
            + "\(ListviewProcess.binary.path) \(arguments) > \(scratch.path)/stdout 2> \(scratch.path)/stderr; "
            + "echo $? > \(scratch.path)/status; sleep 60"
        // The server this starts keeps what it inherits open: it gets no pipe to hold.
        try tmux(["new-session", "-d", "-x", String(width), "-y", String(height), command], reading: false)
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Sends tmux key names (`j`, `Enter`, `Escape`, `C-c`, `NPage`); `literal` text is typed as it is.
    func send(_ keys: String..., literal: String? = nil) throws {
        if !keys.isEmpty { try tmux(["send-keys", "-t", "0"] + keys) }
        if let literal { try tmux(["send-keys", "-t", "0", "-l", literal]) }
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "0", "-x", String(width), "-y", String(height)])
    }

    /// What tmux says of the pane for `format` (`#{alternate_on}`, `#{pane_tty}`).
    func display(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "0", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sends signal `number` to listview: the child of the pane's shell.
    func signal(_ number: Int32) throws {
        guard let child = try listview() else { return XCTFail("the pane's shell runs no listview") }
        XCTAssertEqual(kill(child, number), 0)
    }

    /// The process id of listview: the child of the pane's shell.
    func listview() throws -> pid_t? {
        let shell = try display("#{pane_pid}")
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// Ends the tmux server: the terminal goes away under listview.
    func killServer() throws {
        _ = try tmux(["kill-server"])
    }

    /// The modes of the pane's terminal, as `stty -a` says them.
    func terminalModes() throws -> String {
        let tty = try display("#{pane_tty}")
        guard let pipe = popen("/usr/bin/stty -a -F \(Self.quoted(tty)) 2>&1", "r") else { return "" }
        defer { pclose(pipe) }
        var output = ""
        var line = [CChar](repeating: 0, count: 1024)
        while fgets(&line, Int32(line.count), pipe) != nil { output += String(cString: line) }
        return output
    }

    /// Lets programs in the pane set tmux's paste buffer with OSC 52 (`set-clipboard on`).
    func acceptClipboard() throws {
        try tmux(["set-option", "-g", "set-clipboard", "on"])
    }

    /// tmux's newest paste buffer, nil when there is none.
    func pasteBuffer() throws -> String? {
        guard !(try tmux(["list-buffers"])).isEmpty else { return nil }
        return try tmux(["show-buffer"])
    }

    /// The screen as text, once it shows `text` and has stopped changing.
    func screen(showing text: String, timeout: TimeInterval = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            let now = try tmux(["capture-pane", "-p", "-t", "0"])
            if now.contains(text) && now == last { return now }
            last = now
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTFail("the screen never showed \(text):\n\(last)")
        return last
    }

    /// Standard output, standard error and the status, once listview has exited.
    func exited(timeout: TimeInterval = 10) throws -> ListviewProcess.Result {
        let deadline = Date().addingTimeInterval(timeout)
        let statusFile = scratch.appendingPathComponent("status")
        while Date() < deadline {
            if let status = try? String(contentsOf: statusFile, encoding: .utf8), status.hasSuffix("\n") {
                let read = { (name: String) in (try? String(contentsOf: self.scratch.appendingPathComponent(name), encoding: .utf8)) ?? "" }
                return ListviewProcess.Result(stdout: read("stdout"), stderr: read("stderr"), status: Int32(status.dropLast()) ?? -1)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("listview did not exit")
        return ListviewProcess.Result(stdout: "", stderr: "", status: -1)
    }

    /// Runs tmux with `arguments` through the shell (`system`, `popen`: Foundation's `Process`
    /// waits for every process that inherited its descriptors, and the server tmux starts is one).
    @discardableResult
    private func tmux(_ arguments: [String], reading: Bool = true) throws -> String {
        let command = (["/usr/bin/tmux", "-L", socket, "-f", "/dev/null", "-u"] + arguments).map(Self.quoted).joined(separator: " ")
        let environment = "env -i PATH=/usr/bin:/bin LC_ALL=C.UTF-8 TERM=xterm "
        guard reading else {
            _ = system(environment + command + " </dev/null >/dev/null 2>&1")
            return ""
        }
        guard let pipe = popen(environment + command + " </dev/null 2>/dev/null", "r") else { return "" }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, pipe)
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
        }
        pclose(pipe)
        return String(decoding: output, as: UTF8.self)
    }

    /// `word` quoted for the shell.
    private static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
