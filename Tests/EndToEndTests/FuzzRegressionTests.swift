import XCTest

/// Inputs the fuzzers (`make fuzz`, `Fuzz/`) found mishandled, each kept as a test once fixed.
final class FuzzRegressionTests: XCTestCase {
    private let fixtures = "Tests/EndToEndTests/Fixtures/fuzz"

    /// csv target: a TSV row longer than its one-column header. The streamed CSV once wrote the header
    /// from the columns seen in the first read and later rows under more columns than it named,
    /// so reading the output back changed it. Now the header is the input's and extra cells follow.
    func testRaggedRowKeepsItsExtraCellsUnderTheInputsHeader() throws {
        try GoldenFile.assertMatches("fuzz-ragged-tsv-to-csv", ["\(fixtures)/ragged-tsv-control-bytes.tsv", "--input", "tsv", "--style", "csv"])
    }

    /// The fuzz target's oracle: listview's CSV output, read back and written again, is a fixpoint.
    func testCSVOutputOfRaggedInputReadsBackUnchanged() throws {
        let first = try ListviewProcess.run(["\(fixtures)/ragged-tsv-control-bytes.tsv", "--input", "tsv", "--style", "csv"])
        XCTAssertEqual(first.status, 0)
        let second = try ListviewProcess.run(["--input", "csv", "--style", "csv", "-"], stdinText: first.stdout)
        let third = try ListviewProcess.run(["--input", "csv", "--style", "csv", "-"], stdinText: second.stdout)
        XCTAssertEqual(second.status, 0)
        XCTAssertEqual(third.stdout, second.stdout)
    }

    /// Found while minimising the above: two CSV inputs with different headers streamed rows
    /// wider than the header written from the first. Their columns are now the union.
    func testSeveralCSVInputsGetOneHeaderNamingEveryColumn() throws {
        try GoldenFile.assertMatches("fuzz-two-headers-csv", ["\(fixtures)/header-ab.csv", "\(fixtures)/header-ca.csv", "--style", "csv"])
        try GoldenFile.assertMatches("fuzz-two-headers-tsv", ["\(fixtures)/header-ab.csv", "\(fixtures)/header-ca.csv", "--style", "tsv"])
    }
}
