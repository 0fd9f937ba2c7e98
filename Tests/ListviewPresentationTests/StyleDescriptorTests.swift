import ListviewBatches
import ListviewPresentation
import XCTest

/// Each output style is registered once (`OutputStyle.descriptor`): these check that what its
/// descriptor says agrees with itself, so a planner that asks it gets one answer.
final class StyleDescriptorTests: XCTestCase {
    func testAStyleForProgramsHasAPresenterAndAStyleForPeopleNone() {
        let fields = OutputFields(columns: nil, schema: RecordSchema())
        for style in OutputStyle.allCases {
            let descriptor = style.descriptor
            XCTAssertEqual(descriptor.layout == .records, descriptor.records != nil, "\(style)")
            XCTAssertEqual(style.isMachineReadable, descriptor.machinePresenter(fields: fields, grouped: false) != nil, "\(style)")
            XCTAssertEqual(descriptor.measuresRowsShown, !style.isMachineReadable && descriptor.layout != .annotations, "\(style)")
        }
    }

    func testOnlyFlatTablesWaitForTheirColumns() {
        for style in OutputStyle.allCases {
            guard let records = style.descriptor.records else { continue }
            XCTAssertEqual(records.isFlatTable, records.streaming == .whenColumnsAreFixed,
                           "\(style): a flat table writes its header first, so it streams once its columns are fixed")
        }
        XCTAssertEqual(OutputStyle.allCases.filter { $0.descriptor.records?.isFlatTable == true }, [.csv, .tsv])
    }

    func testAnnotationsAreWrittenByTheDiffAlone() {
        for style in OutputStyle.allCases {
            XCTAssertTrue(style.isWritten(by: .diff), "\(style)")
            XCTAssertEqual(style.isWritten(by: .list), style.descriptor.layout != .annotations, "\(style)")
        }
        XCTAssertFalse(OutputStyle.github.isWritten(by: .list))
    }

    func testCardsStandApartByDefault() {
        XCTAssertEqual(OutputStyle.allCases.filter { $0.descriptor.rowGap > 0 }, [.list])
    }
}
