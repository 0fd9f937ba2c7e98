import Foundation

/// Files written for a test and removed after it: one helper for every test target.
public final class TemporaryFiles {
    /// The paths written so far, in order.
    public private(set) var paths: [String] = []

    public init() {}

    /// Writes `bytes` to a new temporary file ending in `.ext` and returns its path.
    @discardableResult
    public func write(_ bytes: [UInt8], extension ext: String = "csv") throws -> String {
        let url = Self.folder.appendingPathComponent("listview-test-\(UUID().uuidString).\(ext)")
        try Data(bytes).write(to: url)
        paths.append(url.path)
        return url.path
    }

    /// Writes `text` as UTF-8 to a new temporary file ending in `.ext` and returns its path.
    @discardableResult
    public func write(_ text: String, extension ext: String = "csv") throws -> String {
        try write(Array(text.utf8), extension: ext)
    }

    /// Makes a new empty folder and returns its path; it is removed with the files, whatever it holds.
    public func folder() throws -> String {
        let url = Self.folder.appendingPathComponent("listview-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        paths.append(url.path)
        return url.path
    }

    /// Removes every file and folder written.
    public func removeAll() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        paths = []
    }

    deinit { removeAll() }

    /// This process's folder of test files, removed when the process exits: XCTest keeps every
    /// test case (and so its files) until then.
    private static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listview-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TemporaryFiles.folder) }
        return folder
    }()
}
