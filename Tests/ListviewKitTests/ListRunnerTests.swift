import Foundation
import ListviewBatches
import ListviewDataSource
import ListviewFormats
import ListviewInput
@testable import ListviewKit
import ListviewPresentation
import ListviewQuery
@testable import ListviewRequest
import ListviewValues
import XCTest

/// Drives a whole run without a process: load, sort, group, page, present.
final class ListRunnerTests: XCTestCase {
    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private func run(_ configure: (inout ListRequest) -> Void) throws -> String {
        var request = ListRequest()
        request.read.inputs = [root.appendingPathComponent("samples/orders.json").path]
        configure(&request)
        let sink = OutputSink.memory()
        try ListRunner.run(request, to: sink)
        return sink.collected
    }

    func testGroupedPageWithContinuedHeader() throws {
        let output = try run {
            $0.arrangement.groupBy = [FieldPath("status")]
            $0.look.fields = [FieldPath("id"), FieldPath("status")]
            $0.arrangement.pageSize = 6
            $0.arrangement.page = 2
        }
        XCTAssertEqual(output, """
        status: delivered · 8 records (continued)
          id  status
        1019  delivered
        1022  delivered

        status: shipped · 8 records
          id  status
        1002  shipped
        1005  shipped
        1009  shipped
        1011  shipped

        page 2/4 · rows 7–12 of 24

        """)
    }

    func testLimitAcrossSectionsKeepsSectionOrder() throws {
        let output = try run {
            $0.arrangement.groupBy = [FieldPath("status")]
            $0.sortGroupsByKey()
            $0.look.fields = [FieldPath("id")]
            $0.arrangement.limit = 4
            $0.look.style = .csv
        }
        XCTAssertEqual(output, "status,id\ncancelled,1006\ncancelled,1014\ncancelled,1021\ndelivered,1001\n")
    }

    func testPagePastTheEndIsUsageError() {
        XCTAssertThrowsError(try run { $0.arrangement.pageSize = 10; $0.arrangement.page = 4 }) { error in
            XCTAssertEqual(error as? ListviewError, .usage("--page 4 is past the last page: 24 records make 3 pages of 10"))
        }
    }

    func testLimitedDropsEmptiedSections() {
        let rows = (0..<5).map(RowRef.init)
        let sections = [Section(items: Array(rows[0..<2])), Section(items: Array(rows[2...]))]
        let limited = WholeList.limited(sections, to: 3)
        XCTAssertEqual(limited.map(\.items), [[RowRef(0), RowRef(1)], [RowRef(2)]])
        XCTAssertEqual(WholeList.limited(sections, to: 0).count, 0)
    }

    func testInputFormatFromExtensionAndSniffing() {
        XCTAssertEqual(FormatDescriptor.named(byExtensionOf: "a/b.NDJSON"), .jsonl)
        XCTAssertEqual(FormatDescriptor.named(byExtensionOf: "x.tab"), .tsv)
        XCTAssertNil(FormatDescriptor.named(byExtensionOf: "dir.json/file"))
        XCTAssertEqual(InputFormat.sniff(Array("[\n  {\"a\": 1}\n]\n".utf8)), .json)
        XCTAssertEqual(InputFormat.sniff(Array("{\"a\":1}\n{\"a\":2}\n".utf8)), .jsonl)
        XCTAssertEqual(InputFormat.sniff(Array("\u{FEFF}{\n \"a\": 1\n}".utf8)), .json)
        XCTAssertEqual(InputFormat.sniff(Array("name,age\nada,36\n".utf8)), .csv)
        XCTAssertEqual(InputFormat.sniff(Array("name\tage\nada\t36\n".utf8)), .tsv)
    }
}

private extension ListRequest {
    mutating func sortGroupsByKey() { arrangement.groupOrder = GroupOrder(.key) }
}
