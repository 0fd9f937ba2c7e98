import ListviewDataSource
import ListviewPresentation
import ListviewValues
import XCTest

/// Rows of several kinds (`--kind`): table kinds in blocks under their titles, cards set apart,
/// lines where they fall; and the same bytes whether rows are written one by one or laid out on
/// both cores in blocks that start anywhere among the kinds.
final class KindBlocksTests: XCTestCase {
    /// Items are numbers: kind "table" when divisible by 3, "card" by 7 (not 3), "line" by 5
    /// (not 3 or 7), else the default table.
    private func presenter(rowGap: Int? = nil) -> TablePresenter<Int> {
        var registry = FormatterRegistry<Int>(default: AnyRowFormatter { ["d\($0)"] }) { item in
            item % 3 == 0 ? "table" : item % 7 == 0 ? "card" : item % 5 == 0 ? "line" : nil
        }
        registry.register(AnyRowFormatter { ["t\($0)"] }, forKind: "table", block: .init(header: "T-TITLES"))
        registry.register(AnyRowFormatter { ["c\($0)", "  card"] }, forKind: "card", block: .init(standsApart: true))
        registry.register(AnyRowFormatter { ["l\($0)"] }, forKind: "line")
        var presenter = TablePresenter(columnHeader: "D-TITLES", registry: registry)
        if let rowGap { presenter.layout.rowGap = rowGap }
        return presenter
    }

    private func written(_ items: [Int], oneByOne: Bool, rowGap: Int? = nil) throws -> String {
        var presenter = presenter(rowGap: rowGap)
        let sink = OutputSink.memory()
        try presenter.begin(page: nil, into: sink)
        try presenter.sectionHeader(SectionInfo(keys: [], count: items.count), continued: false, into: sink)
        if oneByOne {
            for item in items { try presenter.row(item, into: sink) }
        } else {
            // Two calls, as batches arrive: the second goes on from the first's state.
            let half = items.count / 2
            try presenter.rows(items[..<half], into: sink)
            try presenter.rows(items[half...], into: sink)
        }
        try presenter.end(page: nil, into: sink)
        try sink.flush()
        return sink.collected
    }

    func testBlocksCardsAndLines() throws {
        XCTAssertEqual(try written([1, 2, 3, 6, 5, 9, 7, 10, 4], oneByOne: true), """
        D-TITLES
        d1
        d2

        T-TITLES
        t3
        t6
        l5
        t9

        c7
          card

        l10

        D-TITLES
        d4

        """)
    }

    func testBothCoresWriteWhatOneRowAtATimeWrites() throws {
        // Far more rows than one block of `OrderedBlockWriter`, so blocks begin mid-run.
        var state: UInt64 = 7
        let items = (0..<50_000).map { _ -> Int in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % 1_000
        }
        XCTAssertEqual(try written(items, oneByOne: false), try written(items, oneByOne: true))
        XCTAssertEqual(try written(items, oneByOne: false, rowGap: 2), try written(items, oneByOne: true, rowGap: 2))
    }
}
