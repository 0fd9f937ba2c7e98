import Foundation
import XCTest

/// `--explain` says which way a run went and why, on standard error, after the output: one
/// line per run, the same decision the run took (`MemoryPlan`, `ListPlan`, the diff's path).
final class ExplainTests: XCTestCase {
    /// The plan's note of a run (its first line on standard error: a run that fails says why
    /// after it), with spilling left to the budget given.
    private func plan(_ arguments: [String], stdin: String? = nil) throws -> String {
        let result = try ListviewProcess.run(arguments + ["--explain"], stdinFile: stdin, environment: ["LISTVIEW_SPILL_BYTES": ""])
        return String(result.stderr.prefix { $0 != "\n" }) + "\n"
    }

    func testEachPathSaysWhatItHoldsAndWhy() throws {
        let cases: [([String], String?, String)] = [
            (["samples/orders.json", "--sort", "total", "--memory-limit", "1GB"], nil,
             "listview: plan: whole list: every kept row read, then sorted, grouped and cut; held in memory: 6.6 KB of input fit in half of the memory limit\n"),
            (["samples/orders.json", "--sort", "total", "--memory-limit", "8KB"], nil,
             "listview: plan: whole list: every kept row read, then sorted, grouped and cut; kept within the 8.0 KB memory limit on disk: 6.6 KB of input is more than half of it\n"),
            (["--input", "json", "--sort", "total", "--memory-limit", "1GB"], "samples/orders.json",
             "listview: plan: whole list: every kept row read, then sorted, grouped and cut; kept within the 1.0 GB memory limit on disk: <stdin> is a pipe, whose size is not known before it is read\n"),
            (["samples/orders.json", "--style", "jsonl"], nil, "listview: plan: streamed: each batch of rows written as it is read\n"),
            (["samples/orders.json", "--group-by", "status", "--counts"], nil, "listview: plan: counts: each row's groups tallied as it is read, no row kept\n"),
            (["diff", "samples/expected.csv", "samples/actual.json", "--key", "id", "--memory-limit", "1GB"], nil,
             "listview: plan: keyed diff: the old side indexed by key, the new side compared batch by batch as it is read; the old side held in memory: 128 B of input fit in half of the memory limit\n"),
            (["diff", "samples/expected.csv", "samples/actual.json", "--key", "id", "--memory-limit", "200B"], nil,
             "listview: plan: keyed diff: both sides cut by key hash into partitions on disk, compared a partition at a time; the old side kept within the 200 B memory limit on disk: 128 B of input is more than half of it\n"),
        ]
        for (arguments, stdin, expected) in cases {
            XCTAssertEqual(try plan(arguments, stdin: stdin), expected, "\(arguments)")
        }
    }
}
