import XCTest
@testable import ListviewConfig

/// A key's line is found under its table header, past multi-line values.
final class SourceLinesTests: XCTestCase {
    func testKeysUnderHeadersDottedAndQuoted() {
        let lines = SourceLines("""
        # comment
        [defaults]
        style = "table"

        [ views . "my view" ]
        where = [
          "a = 1",
          "limit = 2",
        ]
        note = \"\"\"
        limit = 3
        \"\"\"
        limit = 4
        [views]
        other.sort = "x"
        'quoted' = { limit = 5 }
        """)
        XCTAssertEqual(lines.line(of: ["defaults"]), 2)
        XCTAssertEqual(lines.line(of: ["defaults", "style"]), 3)
        XCTAssertEqual(lines.line(of: ["views", "my view"]), 5)
        XCTAssertEqual(lines.line(of: ["views", "my view", "where"]), 6)
        XCTAssertEqual(lines.line(of: ["views", "my view", "limit"]), 13)
        XCTAssertEqual(lines.line(of: ["views", "other"]), 15)
        XCTAssertEqual(lines.line(of: ["views", "other", "sort"]), 15)
        // A key of an inline table is at the line of the key holding it.
        XCTAssertEqual(lines.line(of: ["views", "quoted", "limit"]), 16)
        XCTAssertEqual(lines.line(of: ["nowhere"]), 1)
    }

    func testStringsWithBracketsAndEscapedQuotesDoNotOpenValues() {
        let lines = SourceLines("[views.t]\nwhere = \"a\\\"[\"\nsearch = '[' # ]\nlimit = 1\n")
        XCTAssertEqual(lines.line(of: ["views", "t", "limit"]), 4)
    }
}
