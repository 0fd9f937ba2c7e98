import Foundation

/// CSV files written for a test and removed after it.
final class TemporaryFiles {
    /// The paths written so far, in order.
    private(set) var paths: [String] = []

    /// Writes `bytes` to a new temporary `.csv` file and returns its path.
    func write(_ bytes: [UInt8]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("csv-\(UUID().uuidString).csv")
        try Data(bytes).write(to: url)
        paths.append(url.path)
        return url.path
    }

    /// Removes every file written.
    func removeAll() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        paths = []
    }
}
