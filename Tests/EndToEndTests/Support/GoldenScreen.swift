import Foundation
import XCTest

/// The browser's golden screens, `Golden/browser/NAME.screen`: a tmux capture of the whole
/// window, compared as text (`RECORD_GOLDEN=1` records them).
enum GoldenScreen {
    static let directory = ListviewProcess.root.appendingPathComponent("Tests/EndToEndTests/Golden/browser")
}

extension XCTestCase {
    /// Compares `screen` with the golden screen `name` (or records it).
    func assertScreen(_ screen: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = GoldenScreen.directory.appendingPathComponent("\(name).screen")
        if GoldenFile.isRecording {
            try FileManager.default.createDirectory(at: GoldenScreen.directory, withIntermediateDirectories: true)
            try Data(screen.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(screen, expected, "the screen differs from \(name).screen (RECORD_GOLDEN=1 re-records)", file: file, line: line)
    }
}
