import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewValues
import XCTest

final class ArrayDataProviderTests: XCTestCase {
    /// Three sections: three items, none, one.
    private func makeProvider() -> ArrayDataProvider<String> {
        ArrayDataProvider(sections: [
            Section(info: SectionInfo(header: "first"), items: ["a", "b", "c"]),
            Section(info: SectionInfo(header: "empty"), items: []),
            Section(info: SectionInfo(header: "last"), items: ["d"]),
        ])
    }

    func testCounts() {
        let provider = makeProvider()
        XCTAssertEqual(provider.numberOfSections, 3)
        XCTAssertEqual(provider.numberOfItems(in: 0), 3)
        XCTAssertEqual(provider.numberOfItems(in: 1), 0)
        XCTAssertEqual(provider.numberOfItems(in: 2), 1)
        XCTAssertEqual(provider.totalItemCount, 4)
        XCTAssertFalse(provider.isEmpty)
    }

    func testCountsOfSectionsThatDoNotExist() {
        let provider = makeProvider()
        XCTAssertEqual(provider.numberOfItems(in: 3), 0)
        XCTAssertEqual(provider.numberOfItems(in: -1), 0)
        XCTAssertEqual(provider.numberOfItems(in: Int.max), 0)
    }

    func testSingleSectionInit() {
        let provider = ArrayDataProvider(items: [10, 20])
        XCTAssertEqual(provider.numberOfSections, 1)
        XCTAssertEqual(provider.numberOfItems(in: 0), 2)
        XCTAssertEqual(provider.sectionInfo(at: 0), SectionInfo(count: 2))
        let empty = ArrayDataProvider<Int>(items: [])
        XCTAssertEqual(empty.numberOfSections, 1)
        XCTAssertEqual(empty.totalItemCount, 0)
        XCTAssertTrue(empty.isEmpty)
    }

    func testItemAtValidPaths() {
        let provider = makeProvider()
        XCTAssertEqual(provider.item(at: ItemPath(section: 0, item: 0)), "a")
        XCTAssertEqual(provider.item(at: ItemPath(section: 0, item: 2)), "c")
        XCTAssertEqual(provider.item(at: ItemPath(section: 2, item: 0)), "d")
    }

    func testItemAtOutOfRangePathsIsNil() {
        let provider = makeProvider()
        XCTAssertNil(provider.item(at: ItemPath(section: -1, item: 0)), "negative section")
        XCTAssertNil(provider.item(at: ItemPath(section: 3, item: 0)), "section past the end")
        XCTAssertNil(provider.item(at: ItemPath(section: 0, item: 3)), "item past the end")
        XCTAssertNil(provider.item(at: ItemPath(section: 0, item: -1)), "negative item")
        XCTAssertNil(provider.item(at: ItemPath(section: 1, item: 0)), "item in an empty section")
        XCTAssertNil(provider.item(at: ItemPath(section: Int.max, item: Int.max)))
    }

    func testSectionInfo() {
        let provider = makeProvider()
        XCTAssertEqual(provider.sectionInfo(at: 0)?.header, "first")
        XCTAssertEqual(provider.sectionInfo(at: 0)?.count, 3)
        XCTAssertEqual(provider.sectionInfo(at: 1)?.count, 0)
        XCTAssertNil(provider.sectionInfo(at: 3))
        XCTAssertNil(provider.sectionInfo(at: -1))
    }

    func testItemPathOrderAndDescription() {
        XCTAssertLessThan(ItemPath(section: 0, item: 9), ItemPath(section: 1, item: 0))
        XCTAssertLessThan(ItemPath(section: 1, item: 0), ItemPath(section: 1, item: 1))
        XCTAssertEqual(ItemPath(section: 2, item: 5).description, "[2, 5]")
    }
}
