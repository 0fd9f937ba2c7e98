import Foundation
import XCTest

/// Skips the calling test and says so where the test runner can count it: a line naming the
/// test and the reason, appended to `$LISTVIEW_SKIP_LOG` when set (`.ci/test-count` runs the
/// tests in parallel processes, whose skips the runner's summary does not tell apart).
public func skippedTest(_ reason: String, test: String = #function, in file: StaticString = #filePath, line: UInt = #line) -> XCTSkip {
    if let path = ProcessInfo.processInfo.environment["LISTVIEW_SKIP_LOG"], !path.isEmpty, let log = FileHandle(forWritingAtPath: path) {
        let source = URL(fileURLWithPath: "\(file)").deletingPathExtension().lastPathComponent
        log.seekToEndOfFile()
        log.write(Data("\(source).\(test): \(reason)\n".utf8))
        try? log.close()
    }
    return XCTSkip(reason, file: file, line: line)
}
