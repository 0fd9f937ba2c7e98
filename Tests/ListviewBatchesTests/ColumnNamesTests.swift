import ListviewBatches
import XCTest
import ListviewTestSupport

final class ColumnNamesTests: XCTestCase {
    func testRepeatedAndEmptyNamesAreMadeUnique() {
        XCTAssertEqual(ColumnNames.unique(["id", "name", "", "name"]), ["id", "name", "3", "name_2"])
        XCTAssertEqual(ColumnNames.unique(["a", "a_2", "a", "a"]), ["a", "a_2", "a_3", "a_4"])
        XCTAssertEqual(ColumnNames.uniqueName("key", avoiding: ["key", "key_2"]), "key_3")
    }

    /// 20,000 copies of one name took 10 s when each copy tried every suffix from `_2` on (issue 14):
    /// the names are the ones that way gave, and each suffix is tried about once.
    func testManyDuplicateHeaderNamesAreNamedAsBefore() {
        let names = [String](repeating: "a", count: 20_000)
        XCTAssertEqual(ColumnNames.unique(names), ["a"] + (2...20_000).map { "a_\($0)" })
    }

    /// Random headers named exactly as trying every suffix from `_2` names them.
    func testNamesMatchTryingEverySuffix() {
        func reference(_ names: [String]) -> [String] {
            var taken = Set<String>()
            return names.enumerated().map { index, name in
                let wanted = name.isEmpty ? String(index + 1) : name
                var unique = wanted
                var suffix = 2
                while taken.contains(unique) {
                    unique = "\(wanted)_\(suffix)"
                    suffix += 1
                }
                taken.insert(unique)
                return unique
            }
        }
        var generator = seededRandom()
        let pool = ["a", "a_2", "a_3", "b", "", "2", "a_2_2", "3"]
        for _ in 0..<2_000 {
            let names = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pool.randomElement(using: &generator) ?? "a" }
            XCTAssertEqual(ColumnNames.unique(names), reference(names), "\(names)")
        }
    }
}
