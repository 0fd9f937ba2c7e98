import ListviewPresentation
import ListviewQuery
import ListviewValues
@testable import ListviewDiff
import XCTest

/// Workflow commands as GitHub reads them: escapes in messages and properties, and the message
/// of each kind of difference.
final class GitHubAnnotationWriterTests: XCTestCase {
    private let writer = GitHubAnnotationWriter()

    func testMessagesEscapePercentCRAndLF() {
        XCTAssertEqual(GitHubAnnotationWriter.escapedMessage("50% off\r\nnow: a,b"), "50%25 off%0D%0Anow: a,b")
    }

    func testPropertiesAlsoEscapeColonsAndCommas() {
        XCTAssertEqual(GitHubAnnotationWriter.escapedProperty("C:\\fixtures,old%.csv"), "C%3A\\fixtures%2Cold%25.csv")
    }

    func testAChangedRecordHasALinePerValue() {
        let record = ChangedRecord(key: [(name: "id", value: .number("1001"))],
                                   changes: [.init(path: "total", old: .number("48.90"), new: .number("13.5")),
                                             .init(path: "note", old: .string("a"), new: nil)])
        let annotation = writer.annotation(.changed, record: record, file: "fixtures/orders.json", line: 12)
        XCTAssertEqual(annotation.command, "::error file=fixtures/orders.json,line=12,title=changed id=1001::total: 48.90 → 13.5%0Anote: a → (none)")
    }

    func testARemovedRecordWithoutKeyOrLineNamesItsValues() {
        let record = ChangedRecord(key: [], changes: [.init(path: "name", old: .string("Ben"), new: nil)])
        XCTAssertEqual(writer.annotation(.removed, record: record, file: nil, line: nil).command, "::error title=removed record::name: Ben")
    }

    func testANoticeHasNoFile() {
        XCTAssertEqual(writer.notice(title: "fields changed", message: "total: 3 changed"), "::notice title=fields changed::total: 3 changed")
    }
}
