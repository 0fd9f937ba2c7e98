import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewValues
import XCTest

/// A presenter that logs each call instead of writing output.
private struct RecordingPresenter: ListPresenter {
    var log: [String] = []

    mutating func begin(page: PageInfo?, into sink: OutputSink) throws {
        log.append("begin \(page.map { "\($0.number)/\($0.count.map(String.init) ?? "?")" } ?? "all")")
    }

    mutating func sectionHeader(_ section: SectionInfo, continued: Bool, into sink: OutputSink) throws {
        log.append("header \(section.header ?? "-")\(continued ? " continued" : "")")
    }

    mutating func row(_ item: String, into sink: OutputSink) throws {
        log.append("row \(item)")
    }

    mutating func sectionFooter(_ section: SectionInfo, into sink: OutputSink) throws {
        log.append("footer \(section.footer ?? "-")")
    }

    mutating func emptyState(into sink: OutputSink) throws {
        log.append("empty")
    }

    mutating func end(page: PageInfo?, into sink: OutputSink) throws {
        log.append("end")
    }
}

final class ListRendererTests: XCTestCase {
    /// Sections A (3 items), an empty one, B (4 items) and C (1 item): 8 rows.
    private let renderer = ListRenderer(provider: ArrayDataProvider(sections: [
        Section(info: SectionInfo(header: "A", footer: "end A"), items: ["a1", "a2", "a3"]),
        Section(info: SectionInfo(header: "E", footer: "end E"), items: []),
        Section(info: SectionInfo(header: "B", footer: "end B"), items: ["b1", "b2", "b3", "b4"]),
        Section(info: SectionInfo(header: "C", footer: "end C"), items: ["c1"]),
    ]))

    private func log<Provider: CollectionDataProvider>(_ renderer: ListRenderer<Provider>, page: PageInfo?) throws -> [String]
    where Provider.Item == String {
        var presenter = RecordingPresenter()
        let sink = OutputSink.memory()
        try renderer.render(page: page, with: &presenter, into: sink)
        XCTAssertEqual(sink.collected, "", "the recording presenter writes nothing")
        return presenter.log
    }

    private func page(_ number: Int, size: Int = 2, of total: Int = 8) throws -> PageInfo {
        try XCTUnwrap(PagePlan(pageSize: size, totalRows: total).page(number))
    }

    func testWholeListShowsEverySectionWithFooters() throws {
        XCTAssertEqual(try log(renderer, page: nil), [
            "begin all",
            "header A", "row a1", "row a2", "row a3", "footer end A",
            "header B", "row b1", "row b2", "row b3", "row b4", "footer end B",
            "header C", "row c1", "footer end C",
            "end",
        ])
    }

    func testSectionCutByAPageBoundaryContinuesOnTheNextPage() throws {
        XCTAssertEqual(try log(renderer, page: page(1)), [
            "begin 1/4", "header A", "row a1", "row a2", "end",
        ])
        XCTAssertEqual(try log(renderer, page: page(2)), [
            "begin 2/4", "header A continued", "row a3", "footer end A", "header B", "row b1", "end",
        ])
        XCTAssertEqual(try log(renderer, page: page(3)), [
            "begin 3/4", "header B continued", "row b2", "row b3", "end",
        ])
        XCTAssertEqual(try log(renderer, page: page(4)), [
            "begin 4/4", "header B continued", "row b4", "footer end B", "header C", "row c1", "footer end C", "end",
        ])
    }

    func testPageEndingExactlyAtASectionEndHasItsFooter() throws {
        XCTAssertEqual(try log(renderer, page: page(1, size: 3)), [
            "begin 1/3", "header A", "row a1", "row a2", "row a3", "footer end A", "end",
        ])
        XCTAssertEqual(try log(renderer, page: page(2, size: 3)), [
            "begin 2/3", "header B", "row b1", "row b2", "row b3", "end",
        ])
    }

    func testEmptyProviderGetsTheEmptyState() throws {
        let empty = ListRenderer(provider: ArrayDataProvider<String>(items: []))
        XCTAssertEqual(try log(empty, page: nil), ["begin all", "empty", "end"])
        XCTAssertEqual(try log(empty, page: page(1, of: 0)), ["begin 1/1", "empty", "end"])
        let emptySections = ListRenderer(provider: ArrayDataProvider<String>(sections: [
            Section(info: SectionInfo(header: "X"), items: []),
            Section(info: SectionInfo(header: "Y"), items: []),
        ]))
        XCTAssertEqual(try log(emptySections, page: nil), ["begin all", "empty", "end"])
        XCTAssertEqual(try log(ListRenderer(provider: ArrayDataProvider<String>(sections: [])), page: nil),
                       ["begin all", "empty", "end"])
    }

    func testItemsOnAPageMatchTheRenderedRows() throws {
        XCTAssertEqual(renderer.items(on: nil), ["a1", "a2", "a3", "b1", "b2", "b3", "b4", "c1"])
        XCTAssertEqual(renderer.items(on: try page(2)), ["a3", "b1"])
        XCTAssertEqual(renderer.items(on: try page(3, size: 3)), ["b4", "c1"])
        for number in 1...4 {
            let info = try page(number)
            let rows = try log(renderer, page: info).filter { $0.hasPrefix("row ") }.map { String($0.dropFirst(4)) }
            XCTAssertEqual(renderer.items(on: info), rows, "page \(number)")
        }
    }

    func testVisibleSections() throws {
        let visible = renderer.visibleSections(on: try page(2, size: 5))
        XCTAssertEqual(visible.map(\.section), [2, 3])
        XCTAssertEqual(visible.map(\.items), [2..<4, 0..<1])
        XCTAssertEqual(visible.map(\.isContinued), [true, false])
        XCTAssertEqual(visible.map(\.endsHere), [true, true])
        XCTAssertEqual(visible.map(\.info.header), ["B", "C"])
    }

    func testTablePresenterMarksContinuedSections() throws {
        let records = [("a", "1"), ("a", "2"), ("b", "3")].map { Record(["g": .string($0.0), "n": .number($0.1)]) }
        let sections = RecordGrouper.sections(records, by: [FieldPath("g")])
        let layout = TableLayout.measure([ColumnSpec("n")], over: records)
        let table = ListRenderer(provider: ArrayDataProvider(sections: sections))
        var presenter = TablePresenter(layout: layout)
        let sink = OutputSink.memory()
        try table.render(page: page(2, size: 1, of: 3), with: &presenter, into: sink)
        XCTAssertEqual(sink.collected, "g: a · 2 records (continued)\nn\n2\n\npage 2/3 · rows 2–2 of 3\n")
    }
}
