import Foundation
import XCTest

/// Runs the built `listview` binary the way a user would, with a fixed terminal width.
struct ListviewProcess {
    struct Result: Equatable {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The repository root (three levels above this file).
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The binary: `$LISTVIEW_BIN`, else beside the test bundle, else `.build/debug/listview`.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["LISTVIEW_BIN"] { return URL(fileURLWithPath: path) }
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("listview")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        for bundle in Bundle.allBundles {
            let candidate = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("listview")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return root.appendingPathComponent(".build/debug/listview")
    }

    /// Runs `command` through `/bin/sh -c` and returns its status (a test's own set-up step).
    static func shell(_ command: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs `listview arguments` in `directory` (the repository root unless given); `stdin` is a file
    /// path relative to the root, or text.
    static func run(_ arguments: [String], stdinFile: String? = nil, stdinText: String? = nil,
                    environment extra: [String: String] = [:], directory: URL? = nil, timeout: TimeInterval = 60) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? root
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "COLUMNS": "80", "LINES": "24", "LC_ALL": "C.UTF-8", "NO_COLOR": "1", "TERM": "dumb",
            // A JUnit report's timestamp (`--style junit`) is this time, so transcripts hold.
            "SOURCE_DATE_EPOCH": "1795000000",
        ]
        // Sanitizer settings reach the binary under test (make test-asan, make test-tsan); the
        // binary's ASan options may differ from the test runner's (leak checks: the binary only).
        let inherited = ProcessInfo.processInfo.environment
        for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "SWIFT_BACKTRACE"] {
            if let value = inherited["LISTVIEW_\(name)"] ?? inherited[name] { environment[name] = value }
        }
        environment.merge(extra) { $1 }
        process.environment = environment

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("listview-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        if let stdinFile {
            process.standardInput = try FileHandle(forReadingFrom: root.appendingPathComponent(stdinFile))
        } else if let stdinText {
            let inURL = scratch.appendingPathComponent("stdin")
            try Data(stdinText.utf8).write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            XCTFail("listview \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        try out.close()
        try err.close()
        return Result(stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
                      status: process.terminationStatus)
    }
}

extension ListviewProcess {
    /// `body` for each of `0..<count` on two lanes at once (each mostly waits on a listview process),
    /// the results in index order. Suites of many small runs take half the time.
    static func inParallel<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        var results = [T?](repeating: nil, count: count)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = body(index)
            lock.lock()
            results[index] = result
            lock.unlock()
        }
        return results.compactMap { $0 }
    }
}
