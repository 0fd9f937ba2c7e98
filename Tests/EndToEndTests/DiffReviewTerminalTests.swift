import Foundation
import ListviewTestSupport
import XCTest

/// `listview diff -i` in a real terminal (tmux): the differences in the browser, in sections by
/// kind of change with counts; `q` writes the marked ones, and the status is the diff's.
final class DiffReviewTerminalTests: XCTestCase {
    override func setUpWithError() throws {
        guard TmuxSession.isAvailable else { throw skippedTest("tmux is needed (make deps installs it)") }
    }

    func testTheDifferencesOpenInSectionsAndMarkedOnesAreWritten() throws {
        let session = try TmuxSession("diff samples/expected.csv samples/actual.json --key id -i", width: 100, height: 14)
        try assertScreen(try session.screen(showing: "row 1/6"), "diff-review")
        // The changed records' section, its second row marked, and the first one's detail.
        try session.send("]", "]", "j", "m")
        _ = try session.screen(showing: "1 marked")
        // Enter: the paths that differ, old beside new, then the two records side by side.
        try session.send("k", "Enter")
        try assertScreen(try session.screen(showing: "Esc goes back"), "diff-review-detail")
        try session.send("Escape", "q")
        let result = try session.exited()
        XCTAssertEqual(result.status, 1, "the files differ: " + result.stderr)
        XCTAssertEqual(result.stdout, """
            {"change":"changed","id":1004,"fields":["name"],"changes":"name: Ana → Ana Souza","paths":[{"path":"name","old":"Ana","new":"Ana Souza"}],"old":{"id":1004,"name":"Ana","total":132.40,"status":"shipped","fax":4},"new":{"id":1004,"name":"Ana Souza","total":132.40,"status":"shipped","email":"a@x"}}

            """)
    }

    /// `F` on the changed fields counts each field (which change most), and Enter on one keeps
    /// the rows where it changed.
    func testFrequencyOfChangedFieldsCountsEachField() throws {
        let session = try TmuxSession("diff samples/api-old.json samples/api-new.json --key id --array-key items=sku -i", width: 90, height: 12)
        _ = try session.screen(showing: "row 1/3")
        try session.send("l", "l", "F")
        try assertScreen(try session.screen(showing: "frequency of fields"), "diff-review-fields")
        try session.send("G", "Enter")
        try assertScreen(try session.screen(showing: "row 1/1"), "diff-review-fields-filtered")
        try session.send("q")
        let result = try session.exited()
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    func testADocumentsPathsInAnotherStyle() throws {
        let session = try TmuxSession("diff samples/config-old.json samples/config-new.json --array-key config.features=name -i --style csv",
                                      width: 100, height: 12)
        _ = try session.screen(showing: "row 1/5")
        try session.send("m", "G", "m", "q")
        let result = try session.exited()
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, """
            change,path,old,new
            removed,config.features[name=beta],"{""name"":""beta"",""on"":false}",
            changed,etag,abc,def

            """)
    }

    func testEqualFilesOpenOnTheEmptyStateAndGiveStatus0() throws {
        let session = try TmuxSession("diff samples/expected.csv samples/expected.csv --key id -i", width: 80, height: 8)
        _ = try session.screen(showing: "samples/expected.csv")
        try session.send("q")
        let result = try session.exited()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
    }
}
