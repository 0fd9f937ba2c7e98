import Foundation
import XCTest

/// `"é"` (U+00E9) and `"e"` + U+0301 are two strings and two field names on every path and in
/// every style: grouped, sorted, filtered, summarised, and as columns of a table or CSV.
final class ScalarEqualityPathTests: XCTestCase {
    private let values = #"{"s":"\u00e9"}"# + "\n" + #"{"s":"e\u0301"}"# + "\n" + #"{"s":"e\u0301"}"# + "\n" + #"{"s":"f"}"# + "\n" + #"{"s":"e"}"# + "\n"
    private let keys = #"{"\u00e9":1}"# + "\n" + #"{"e\u0301":2}"# + "\n"

    private func run(_ arguments: [String], input: String, limit: Bool = false) throws -> String {
        let result = try ListviewProcess.run(["--input", "jsonl"] + arguments + (limit ? ["--memory-limit", "2MB"] : []), stdinText: input)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    func testGroupsSortsFiltersAndSummariesTellThemApart() throws {
        for limit in [false, true] {
            // Many runs: the groups were once kept in a dictionary whose keys hashed apart and compared equal.
            for _ in 0..<8 {
                XCTAssertEqual(try run(["--group-by", "s", "--counts", "--style", "csv"], input: values, limit: limit),
                               "s,count\n\u{E9},1\ne\u{301},2\nf,1\ne,1\n")
            }
            XCTAssertEqual(try run(["--sort", "s", "--style", "csv"], input: values, limit: limit), "s\ne\ne\u{301}\ne\u{301}\nf\n\u{E9}\n")
            XCTAssertEqual(try run(["--where", "s=\u{E9}", "--style", "csv"], input: values, limit: limit), "s\n\u{E9}\n")
            XCTAssertTrue(try run(["--summary", "--style", "jsonl"], input: values, limit: limit).contains(#""distinct":4"#))
        }
    }

    func testFieldNamesAreTwoColumns() throws {
        for style in ["csv", "tsv"] {
            let separator = style == "csv" ? "," : "\t"
            XCTAssertEqual(try run(["--style", style], input: keys), ["\u{E9}", "e\u{301}"].joined(separator: separator) + "\n1" + separator + "\n" + separator + "2\n")
        }
        XCTAssertEqual(try run(["--style", "jsonl"], input: keys), "{\"\u{E9}\":1}\n{\"e\u{301}\":2}\n")
        XCTAssertEqual(try run(["--fields", "e\u{301}", "--style", "jsonl"], input: keys), "{}\n{\"e\u{301}\":2}\n")
    }

    /// Keys of a nested object spelled apart are two leaves when flattened: two columns of CSV and
    /// TSV output, and of `--flatten`, never one column holding one of the two values, nor a conflict.
    func testNestedKeysAreTwoFlattenedColumns() throws {
        let nested = #"{"c":{"\u00e9":1,"e\u0301":2}}"# + "\n" + #"{"c":{"e\u0301":3}}"# + "\n"
        for limit in [false, true] {
            let header = "c.\u{E9},c.e\u{301}"
            XCTAssertEqual(try run(["--style", "csv"], input: nested, limit: limit), header + "\n1,2\n,3\n")
            XCTAssertEqual(try run(["--flatten", "--style", "csv"], input: nested, limit: limit), header + "\n1,2\n,3\n")
            XCTAssertEqual(try run(["--fields", "c.e\u{301}", "--style", "csv"], input: nested, limit: limit), "c.e\u{301}\n2\n3\n")
        }
        XCTAssertEqual(try run(["--flatten", "--style", "jsonl"], input: nested), "{\"c.\u{E9}\":1,\"c.e\u{301}\":2}\n{\"c.e\u{301}\":3}\n")
    }
}
