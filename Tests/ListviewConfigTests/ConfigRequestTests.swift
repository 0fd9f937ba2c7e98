import XCTest
@testable import ListviewConfig

/// The command line is read for the view files' options before the parser sees it.
final class ConfigRequestTests: XCTestCase {
    func testViewConfigAndTheOptionsGiven() {
        let request = ConfigRequest(["orders.json", "--view", "triage", "--config=a.toml", "--where", "x>1", "-i", "--limit=3", "--", "--sort"])
        XCTAssertEqual(request.view, "triage")
        XCTAssertEqual(request.file, "a.toml")
        XCTAssertFalse(request.noConfig)
        XCTAssertFalse(request.readsNoFile)
        XCTAssertEqual(request.given, ["view", "config", "where", "interactive", "limit"])
    }

    func testViewEqualsNoConfigAndViews() {
        let request = ConfigRequest(["--view=weekly", "--no-config", "--views"])
        XCTAssertEqual(request.view, "weekly")
        XCTAssertTrue(request.noConfig)
        XCTAssertTrue(request.listViews)
    }

    func testHelpVersionAndCompletionsReadNoFile() {
        for arguments in [["--help"], ["-h"], ["x.json", "--version"], ["---completion", "--", "--view"], ["--generate-completion-script", "bash"],
                          ["help"]] {
            XCTAssertTrue(ConfigRequest(arguments).readsNoFile, "\(arguments)")
        }
        XCTAssertFalse(ConfigRequest(["x.json", "--", "--help"]).readsNoFile)
    }
}
