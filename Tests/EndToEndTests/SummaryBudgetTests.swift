import Foundation
import XCTest

/// `--summary` within a memory budget: counts, nulls, extremes and means stay exact; distinct
/// counts and top values past the budget are estimates, marked `≈` in human styles and
/// `"approximate": true` in machine styles.
final class SummaryBudgetTests: XCTestCase {
    /// 6,000 unique ids, three statuses and 50 amounts, from a pipe.
    private var lines: String {
        (0..<6_000).map { #"{"id":\#($0),"status":"\#(["paid", "open", "void"][$0 % 3])","amount":\#($0 % 50)}"# }
            .joined(separator: "\n") + "\n"
    }

    func testPastTheBudgetDistinctIdsAreEstimatedAndMarked() throws {
        let arguments = ["--input", "jsonl", "--summary", "--memory-limit", "64KB"]
        let table = try ListviewProcess.run(arguments, stdinText: lines)
        XCTAssertEqual(table.status, 0, table.stderr)
        let rows = table.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        XCTAssertEqual(rows.first, ["field", "types", "count", "nulls", "distinct", "min", "max", "mean", "top"])
        // The ids' distinct count is an estimate within 2%; the rest is exact.
        let id = try XCTUnwrap(rows.first { $0.first == "id" })
        XCTAssertEqual(Array(id[1...3]), ["number", "6000", "0"])
        let estimate = try XCTUnwrap(Double(id[4].replacingOccurrences(of: "≈", with: "")))
        XCTAssertTrue(id[4].hasPrefix("≈"), id[4])
        XCTAssertLessThan(abs(estimate - 6_000) / 6_000, 0.02)
        XCTAssertEqual(Array(id[5...8]), ["0", "5999", "2999.50", "null"])
        let status = try XCTUnwrap(rows.first { $0.first == "status" })
        XCTAssertEqual(status, ["status", "string", "6000", "0", "3", "open", "void", "null", "paid", "(2000),", "open", "(2000),", "void", "(2000)"])

        let jsonl = try ListviewProcess.run(arguments + ["--style", "jsonl"], stdinText: lines)
        let records = jsonl.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(records.count, 3)
        XCTAssertTrue(records[0].hasPrefix(#"{"field":"id","types":"number","count":6000,"nulls":0,"distinct":"#), records[0])
        XCTAssertTrue(records[0].hasSuffix(#","min":0,"max":5999,"mean":2999.50,"top":[],"approximate":true}"#), records[0])
        XCTAssertEqual(records[1], #"{"field":"status","types":"string","count":6000,"nulls":0,"distinct":3,"min":"open","max":"void","mean":null,"top":[{"value":"paid","count":2000,"error":0},{"value":"open","count":2000,"error":0},{"value":"void","count":2000,"error":0}],"approximate":false}"#)
    }

    /// An estimated top (Zipf-like tail numbers past a 64 KB budget) is marked and states each
    /// count's error bound; machine styles say `approximate` and give `{value, count, error}`.
    /// (Not a golden transcript: those run again with spilling forced, which lifts the budget.)
    func testAnEstimatedTopStatesItsErrorBound() throws {
        let fixture = ListviewProcess.root.appendingPathComponent("Tests/EndToEndTests/Fixtures/zipf-tails.csv").path
        let table = try ListviewProcess.run([fixture, "--summary", "--memory-limit", "64KB"])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertTrue(table.stdout.hasSuffix("≈N001MQ (523), N002MQ (299), N003MQ (249)\n"), table.stdout)
        let jsonl = try ListviewProcess.run([fixture, "--summary", "--memory-limit", "64KB", "--style", "jsonl"])
        XCTAssertTrue(jsonl.stdout.hasSuffix(#""top":[{"value":"N001MQ","count":523,"error":0},{"value":"N002MQ","count":299,"error":0},"#
                                             + #"{"value":"N003MQ","count":249,"error":0}],"approximate":true}"# + "\n"), jsonl.stdout)
    }

    func testWithinTheBudgetTheSummaryIsExactAndUnmarked() throws {
        let result = try ListviewProcess.run(["--input", "jsonl", "--summary", "--style", "csv"], stdinText: lines)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            field,types,count,nulls,distinct,min,max,mean,top,approximate
            id,number,6000,0,6000,0,5999,2999.50,[],false
            status,string,6000,0,3,open,void,,"[{""value"":""paid"",""count"":2000,""error"":0},{""value"":""open"",""count"":2000,""error"":0},{""value"":""void"",""count"":2000,""error"":0}]",false
            amount,number,6000,0,50,0,49,24.50,"[{""value"":0,""count"":120,""error"":0},{""value"":1,""count"":120,""error"":0},{""value"":2,""count"":120,""error"":0}]",false

            """)
    }

    /// So many groups that even estimates would not fit: one line saying what it needs, status 70.
    func testASummaryOfMoreGroupsThanTheBudgetHoldsIsStatus70() throws {
        let result = try ListviewProcess.run(["--input", "jsonl", "--summary", "--group-by", "id", "--memory-limit", "1MB"], stdinText: lines)
        XCTAssertEqual(result.status, 70)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("listview: the memory limit of 1.0 MB cannot be kept: the summary of "), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix(" (raise --memory-limit)\n"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1)
    }
}
