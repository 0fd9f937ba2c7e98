import ListviewBatches
import ListviewPresentation
import ListviewQuery
import ListviewSpilling
import ListviewTestSupport
@testable import ListviewDiff
import XCTest

/// A field a side shows only late (a long CSV row's extra column, past the first batch) is added
/// or removed as one shown at once: wherever the row lies, and in memory or by partitions.
final class FieldsMetLateTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
    }

    /// 20,000 records of `id,a,b`, and the same with record `long` given a fourth cell.
    private func pair(long: Int) throws -> (plain: String, long: String) {
        var plain = "id,a,b\n", longer = "id,a,b\n"
        for id in 0..<20_000 {
            plain += "\(id),x,y\n"
            longer += id == long ? "\(id),x,y,extra\n" : "\(id),x,y\n"
        }
        return (try files.write(plain), try files.write(longer))
    }

    func testALongRowsColumnIsAFieldWhereverItLies() throws {
        for long in [10, 19_000] {
            let (plain, longer) = try pair(long: long)
            for (old, new, expected) in [(plain, longer, "field-added"), (longer, plain, "field-removed")] {
                var request = DiffRequest(old: old, new: new)
                request.key = [FieldPath("id")]
                request.list.look.style = .jsonl
                for budget in [nil, MemoryBudget(bytes: 1 << 20, isForcedSpilling: true)] {
                    request.list.arrangement.memory = budget
                    XCTAssertEqual(diffOutcome(request), .success("true\n{\"change\":\"\(expected)\",\"field\":\"4\"}\n"),
                                   "the long row at record \(long + 1), \(expected), budget \(String(describing: budget))")
                }
            }
        }
    }
}
