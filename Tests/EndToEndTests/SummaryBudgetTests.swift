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
        let lines = table.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first?.split(separator: " ").map(String.init),
                       ["field", "types", "count", "nulls", "distinct", "min", "max", "mean", "std", "quantiles", "histogram", "lengths", "top"])
        // The ids' distinct count, quartiles and histogram are estimates, marked; the rest is exact.
        let id = try XCTUnwrap(lines.first { $0.hasPrefix("id ") })
        XCTAssertTrue(id.contains(" ≈"), id)
        XCTAssertTrue(id.contains("  0  "), id)
        XCTAssertTrue(id.contains("  5999  2999.50  1732.20  ≈"), id)
        XCTAssertTrue(id.contains("  ≈████████"), id)
        XCTAssertEqual(lines.first { $0.hasPrefix("status ") }?.split(separator: " ").map(String.init),
                       ["status", "string", "6000", "0", "3", "open", "void", "4", "paid", "(2000)", "█▋,", "open", "(2000)", "█▋,", "void", "(2000)", "█▋"])

        let jsonl = try ListviewProcess.run(arguments + ["--style", "jsonl"], stdinText: self.lines)
        let records = try jsonl.stdout.split(separator: "\n").map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        XCTAssertEqual(records.count, 3)
        let estimate = try XCTUnwrap(records[0]["distinct"] as? NSNumber).doubleValue
        XCTAssertLessThan(abs(estimate - 6_000) / 6_000, 0.02)
        XCTAssertEqual(records[0]["approximate"] as? Bool, true)
        XCTAssertEqual((records[0]["std"] as? NSNumber)?.doubleValue, 1732.2, "the moments are exact enough")
        // Each quartile within 1% of its rank among 0…5999.
        let quantiles = try XCTUnwrap(records[0]["quantiles"] as? [String: NSNumber])
        for (key, q) in [("q25", 0.25), ("q50", 0.5), ("q75", 0.75)] {
            XCTAssertLessThanOrEqual(abs(try XCTUnwrap(quantiles[key]).doubleValue / 6_000 - q), 0.01, key)
        }
        let status = try XCTUnwrap(jsonl.stdout.split(separator: "\n").dropFirst().first.map(String.init))
        XCTAssertEqual(status, #"{"field":"status","types":"string","count":6000,"nulls":0,"distinct":3,"min":"open","max":"void","mean":null,"std":null,"quantiles":null,"histogram":null,"lengths":{"min":4,"max":4},"top":[{"value":"paid","count":2000,"error":0},{"value":"open","count":2000,"error":0},{"value":"void","count":2000,"error":0}],"approximate":false}"#)
    }

    /// An estimated top (Zipf-like tail numbers past a 64 KB budget) is marked and states each
    /// count's error bound; machine styles say `approximate` and give `{value, count, error}`.
    /// (Not a golden transcript: those run again with spilling forced, which lifts the budget.)
    func testAnEstimatedTopStatesItsErrorBound() throws {
        let fixture = ListviewProcess.root.appendingPathComponent("Tests/EndToEndTests/Fixtures/zipf-tails.csv").path
        let table = try ListviewProcess.run([fixture, "--summary", "--memory-limit", "64KB"])
        XCTAssertEqual(table.status, 0, table.stderr)
        XCTAssertTrue(table.stdout.hasSuffix("≈N001MQ (523) ▎, N002MQ (299) ▏, N003MQ (249) ▏\n"), table.stdout)
        let jsonl = try ListviewProcess.run([fixture, "--summary", "--memory-limit", "64KB", "--style", "jsonl"])
        XCTAssertTrue(jsonl.stdout.hasSuffix(#""top":[{"value":"N001MQ","count":523,"error":0},{"value":"N002MQ","count":299,"error":0},"#
                                             + #"{"value":"N003MQ","count":249,"error":0}],"approximate":true}"# + "\n"), jsonl.stdout)
    }

    func testWithinTheBudgetTheSummaryIsExactAndUnmarked() throws {
        let result = try ListviewProcess.run(["--input", "jsonl", "--summary", "--style", "csv"], stdinText: lines)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            field,types,count,nulls,distinct,min,max,mean,std,quantiles,histogram,lengths,top,approximate
            id,number,6000,0,6000,0,5999,2999.50,1732.20,"{""q25"":1499.75,""q50"":2999.5,""q75"":4499.25}","{""edges"":[0,749.9,1499.8,2249.6,2999.5,3749.4,4499.2,5249.1,5999],""counts"":[750,750,750,750,750,750,750,750]}",,[],false
            status,string,6000,0,3,open,void,,,,,"{""min"":4,""max"":4}","[{""value"":""paid"",""count"":2000,""error"":0},{""value"":""open"",""count"":2000,""error"":0},{""value"":""void"",""count"":2000,""error"":0}]",false
            amount,number,6000,0,50,0,49,24.50,14.43,"{""q25"":12,""q50"":24.5,""q75"":37}","{""edges"":[0,6.125,12.25,18.375,24.5,30.625,36.75,42.875,49],""counts"":[840,720,720,720,720,720,720,840]}",,"[{""value"":0,""count"":120,""error"":0},{""value"":1,""count"":120,""error"":0},{""value"":2,""count"":120,""error"":0}]",false

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
