import XCTest

/// Inputs the fuzzers (`make fuzz`, `Fuzz/`) found mishandled, each kept as a test once fixed.
///
/// The output of each is also kept as a golden transcript (run by `GoldenTranscriptTests`):
/// - `fuzz-ragged-tsv-to-csv.txt` (csv target): a TSV row longer than its one-column header. The
///   streamed CSV once wrote the header from the columns seen in the first read and later rows under
///   more columns than it named, so reading the output back changed it. Now the header is the
///   input's and extra cells follow.
/// - `fuzz-bom-inside-header.txt` (csv target, second round): a header cell starting with U+FEFF
///   (after a blank first line) was written unquoted as the output's first bytes, and reading the
///   output back dropped it as a byte order mark. Such a field is now quoted.
/// - `fuzz-two-headers-csv.txt` and `fuzz-two-headers-tsv.txt` (found while minimising the above):
///   two CSV inputs with different headers streamed rows wider than the header written from the
///   first. Their columns are now the union.
/// - `fuzz-jsonl-value-over-two-lines.txt` (json target, simdjson against the stream parser): JSON
///   Lines whose first value runs over two lines while a later line holds two values have as many
///   values as lines, and simdjson read them as three records where the stream parser stops at
///   line 1. Now simdjson takes only the line feeds as the commas between values, and the stream
///   parser reports the error.
/// - `fuzz-key-across-first-slice.txt` and `fuzz-key-across-first-slice-stdin.txt` (json target, a
///   pipe against a file): a key after a value with no comma before it, cut by the end of the
///   first 16 KB slice, had its error at the slice's start (column 11), not at the key (column 9).
/// - `one-column-header-of-pipes.tsv` (csv target, 2026-11-28): a TSV whose one column is named
///   `||`, with a longer row. Its CSV output's header `||` split on `|` and on no comma, so reading
///   it back took `|` for the separator (SPEC: a `.csv` whose header splits only on `;`, tab or
///   `|`) and refused the row. A one-column CSV header holding one of those is now quoted.
final class FuzzRegressionTests: XCTestCase {
    private let fixtures = "Tests/EndToEndTests/Fixtures/fuzz"

    /// The fuzz target's oracle: listview's CSV output, read back and written again, is a fixpoint.
    private func assertCSVOutputReadsBackUnchanged(_ fixture: String, input format: String,
                                                   file: StaticString = #filePath, line: UInt = #line) throws {
        let first = try ListviewProcess.run(["\(fixtures)/\(fixture)", "--input", format, "--style", "csv"])
        XCTAssertEqual(first.status, 0, first.stderr, file: file, line: line)
        let second = try ListviewProcess.run(["--input", "csv", "--style", "csv", "-"], stdinText: first.stdout)
        let third = try ListviewProcess.run(["--input", "csv", "--style", "csv", "-"], stdinText: second.stdout)
        XCTAssertEqual(second.status, 0, second.stderr, file: file, line: line)
        XCTAssertEqual(third.stdout, second.stdout, file: file, line: line)
    }

    func testCSVOutputOfRaggedInputReadsBackUnchanged() throws {
        try assertCSVOutputReadsBackUnchanged("ragged-tsv-control-bytes.tsv", input: "tsv")
    }

    func testAOneColumnHeaderOfSeparatorsReadsBackUnchanged() throws {
        try assertCSVOutputReadsBackUnchanged("one-column-header-of-pipes.tsv", input: "tsv")
        let output = try ListviewProcess.run(["\(fixtures)/one-column-header-of-pipes.tsv", "--input", "tsv", "--style", "csv"])
        XCTAssertEqual(output.stdout, "\"||\"\n||,\",\"\n")
    }

    func testFieldStartingWithAByteOrderMarkReadsBackUnchanged() throws {
        try assertCSVOutputReadsBackUnchanged("bom-inside-header.csv", input: "csv")
        try assertCSVOutputReadsBackUnchanged("bom-inside-header.csv", input: "tsv")
    }
}
