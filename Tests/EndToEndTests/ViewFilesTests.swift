import Foundation
import ListviewConfig
import ListviewTestSupport
import XCTest

/// Views kept in listview.toml, run as a user would: from a folder below the file, with the
/// command line over the view over the defaults, and each error as one line with status 64.
final class ViewFilesTests: XCTestCase {
    private var folder: URL!
    private var below: URL { folder.appendingPathComponent("project/sub/deeper") }
    private let orders = ListviewProcess.root.appendingPathComponent("samples/orders.json").path

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("listview-views-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: below, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("home/.config/listview"), withIntermediateDirectories: true)
        try write("""
            [defaults]
            style = "csv"
            limit = 4

            [views.triage]
            group-by = ["status"]
            fields = ["id", "customer.name", "total"]
            sort = "total:desc"
            where = ["total>300"]
            limit = 2

            [views.weekly]
            fields = ["id", "placed"]
            """, to: "project/listview.toml")
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func write(_ text: String, to path: String) throws {
        try Data((text + "\n").utf8).write(to: folder.appendingPathComponent(path))
    }

    /// `listview arguments` in `project/sub/deeper`, with `home` as the home folder.
    private func run(_ arguments: [String]) throws -> ListviewProcess.Result {
        try ListviewProcess.run(arguments, environment: ["HOME": folder.appendingPathComponent("home").path], directory: below)
    }

    private func assertError(_ arguments: [String], _ message: String, status: Int32 = 64, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try run(arguments)
        XCTAssertEqual(result.stderr, "listview: \(message)\n", file: file, line: line)
        XCTAssertEqual(result.status, status, file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
    }

    func testAViewFromAParentDirectoryOverTheDefaults() throws {
        let result = try run([orders, "--view", "triage"])
        XCTAssertEqual(result.stderr, "listview: ../../listview.toml added --style csv --group-by status --fields id,customer.name,total "
                       + "--sort total:desc --where 'total>300' --limit 2\n")
        XCTAssertEqual(result.stdout, "status,id,customer.name,total\ndelivered,1019,Priya Natarajan,512.60\nshipped,1015,山田 花子,402.35\n")
        XCTAssertEqual(result.status, 0)
    }

    func testTheCommandLineWinsOverTheViewAndTheViewOverTheDefaults() throws {
        XCTAssertEqual(try run([orders, "--fields", "id"]).stdout, "id\n1001\n1002\n1003\n1004\n")
        XCTAssertEqual(try run([orders, "--view", "weekly", "--limit", "1"]).stdout, "id,placed\n1001,2024-03-01\n")
        let replaced = try run([orders, "--view", "triage", "--where", "total<50", "--style=jsonl", "--limit", "5"])
        XCTAssertEqual(replaced.stdout, """
            {"status":"delivered","id":1001,"customer.name":"Maya Goldberg","total":48.90}
            {"status":"delivered","id":1013,"customer.name":"Zoë Müller","total":41.80}
            {"status":"delivered","id":1016,"customer.name":"Ben Carter","total":15.00}
            {"status":"delivered","id":1022,"customer.name":"Tomás Ortega","total":7.80}
            {"status":"shipped","id":1017,"customer.name":"Luc Moreau","total":38.20}

            """)
    }

    func testConfigNamesAnotherFileAndNoConfigReadsNone() throws {
        try write("[views.first]\nlimit = 1\nfields = \"id\"\nstyle = \"csv\"\n", to: "other.toml")
        let other = folder.appendingPathComponent("other.toml").path
        XCTAssertEqual(try run([orders, "--config", other, "--view", "first"]).stdout, "id\n1001\n")
        let none = try run([orders, "--no-config", "--fields", "id", "--limit", "1", "--style", "tsv"])
        XCTAssertEqual(none.stdout, "id\n1001\n")
        try assertError([orders, "--config", other, "--view", "triage"], "no view 'triage' in \(other); views: first")
        try assertError([orders, "--config", "missing.toml"], "missing.toml: cannot open: No such file or directory", status: 66)
    }

    func testTheUserFileAddsViewsAndTheProjectFileWins() throws {
        try write("[views.weekly]\nlimit = 1\n[views.mine]\nfields = \"id\"\nlimit = 2\n", to: "home/.config/listview/config.toml")
        XCTAssertEqual(try run([orders, "--view", "mine"]).stdout, "id\n1001\n1002\n")
        XCTAssertEqual(try run([orders, "--view", "weekly"]).stdout.split(separator: "\n").count, 5)
        let listing = try run(["--views"])
        XCTAssertEqual(listing.stdout, """
            triage      ../../listview.toml:5             --group-by status --fields id,customer.name,total --sort total:desc --where 'total>300' --limit 2
            weekly      ../../listview.toml:12            --fields id,placed
            weekly      ~/.config/listview/config.toml:1  (hidden by ../../listview.toml's view)
            mine        ~/.config/listview/config.toml:3  --fields id --limit 2
            [defaults]  ../../listview.toml:1             --style csv --limit 4

            """)
        XCTAssertEqual(listing.status, 0)
    }

    func testViewsWithNoFileSaysSoInOneLine() throws {
        try FileManager.default.removeItem(at: folder.appendingPathComponent("project/listview.toml"))
        let result = try run(["--views"])
        XCTAssertEqual(result.stdout, "no views: no listview.toml in this directory or a parent and no ~/.config/listview/config.toml\n")
        XCTAssertEqual(result.status, 0)
        try assertError([orders, "--view", "triage"], "no view 'triage': no listview.toml in this directory or a parent and no ~/.config/listview/config.toml")
    }

    func testDiffTakesAViewAndLeavesOutTheListsOwnOptions() throws {
        try write("[views.changes]\nkey = \"id\"\nignore = [\"fax\"]\nsort = \"id\"\nstyle = \"jsonl\"\n", to: "project/listview.toml")
        let fixtures = ListviewProcess.root.appendingPathComponent("Tests/EndToEndTests/Fixtures").path
        let result = try run(["diff", fixtures + "/diff-old.csv", fixtures + "/diff-new.json", "--view", "changes", "--fields", "total"])
        XCTAssertEqual(result.stderr, "listview: ../../listview.toml added --key id --ignore fax --style jsonl\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout.split(separator: "\n").count, 3)
        XCTAssertTrue(result.stdout.contains(#""change":"changed","key":{"id":1001}"#), result.stdout)
    }

    private var fixtures: String { ListviewProcess.root.appendingPathComponent("Tests/EndToEndTests/Fixtures").path }

    /// `[defaults]` that would change what a diff compares, in a file the user did not name, are
    /// left out, and the note says so: two files that differ still differ (status 1).
    func testADiffTakesWhatItComparesFromAViewOnlyNeverFromDefaults() throws {
        try write("[defaults]\nignore = \"*\"\nwhere = [\"id>5000\"]\ntolerance = [\"total=1000\"]\nexact = true\n"
                  + "style = \"jsonl\"\n[views.lenient]\nignore = [\"name\"]\n", to: "project/listview.toml")
        let result = try run(["diff", fixtures + "/diff-old.csv", fixtures + "/diff-new.json", "--key", "id", "--counts"])
        XCTAssertEqual(result.stdout, "{\"unchanged\":1,\"added\":1,\"removed\":1,\"changed\":2}\n")
        XCTAssertEqual(result.stderr, "listview: ../../listview.toml added --style jsonl; left out ../../listview.toml's [defaults] "
                       + "--ignore '*' --where 'id>5000' --tolerance total=1000 --exact (a diff takes what it compares only from --view NAME)\n")
        XCTAssertEqual(result.status, 1)
        // A view the command line names is seen: its options apply, and the note names them.
        let viewed = try run(["diff", fixtures + "/diff-old.csv", fixtures + "/diff-new.json", "--key", "id", "--counts", "--view", "lenient"])
        XCTAssertTrue(viewed.stderr.hasPrefix("listview: ../../listview.toml added --style jsonl --ignore name"), viewed.stderr)
        // The list takes [defaults] as before, and says so.
        let list = try run([orders, "--limit", "1", "--fields", "id", "--where", "id>1"])
        XCTAssertEqual(list.stdout, "{\"id\":1001}\n")
        XCTAssertEqual(list.stderr, "listview: ../../listview.toml added --style jsonl\n")
    }

    /// The lookup stops at the repository root: a listview.toml above the checkout is never read.
    func testTheLookupStopsAtTheRepositoryRoot() throws {
        try write("[defaults]\nstyle = \"tsv\"\n", to: "listview.toml")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("project/listview.toml"))
        let list = [orders, "--fields", "id", "--limit", "1", "--no-pager"]
        XCTAssertEqual(try run(list).stdout, "id\n1001\n")  // ../../../listview.toml, no repository
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("project/.git"), withIntermediateDirectories: true)
        let inRepository = try run(list)
        XCTAssertEqual(inRepository.stdout, "  id\n1001\n")
        XCTAssertEqual(inRepository.stderr, "")
        // A worktree's .git is a file; the root is where it is all the same.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("project/.git"))
        try write("gitdir: /elsewhere", to: "project/sub/.git")
        XCTAssertEqual(try run(list).stdout, "  id\n1001\n")
        // --config names a file wherever it is.
        XCTAssertEqual(try run(list + ["--config", folder.appendingPathComponent("listview.toml").path]).stdout, "id\n1001\n")
    }

    func testTheEnvironmentTurnsFilesOffAsNoConfigDoes() throws {
        let list = [orders, "--fields", "id", "--limit", "1", "--no-pager"]
        let home = folder.appendingPathComponent("home").path
        let off = try ListviewProcess.run(list, environment: ["HOME": home, "LISTVIEW_NO_CONFIG": "1"], directory: below)
        XCTAssertEqual(off.stdout, "  id\n1001\n")
        XCTAssertEqual(off.stderr, "")
        let zero = try ListviewProcess.run(list, environment: ["HOME": home, "LISTVIEW_NO_CONFIG": "0"], directory: below)
        XCTAssertEqual(zero.stdout, "id\n1001\n")
        XCTAssertEqual(zero.stderr, "listview: ../../listview.toml added --style csv\n")
        let view = try ListviewProcess.run(list + ["--view", "triage"], environment: ["HOME": home, "LISTVIEW_NO_CONFIG": "1"], directory: below)
        XCTAssertEqual(view.stderr, "listview: --view triage is read from a file and LISTVIEW_NO_CONFIG=1 reads none: give one of them\n")
        XCTAssertEqual(view.status, 64)
    }

    /// A run that fails is one line: no note of what the files added.
    func testAFailedRunHasNoNote() throws {
        try assertError([orders, "--fields", "idd"], "--fields: no field 'idd' in \(orders); did you mean 'id'?")
    }

    func testEachErrorIsOneLineNamingTheFileAndLine() throws {
        let cases: [(String, String)] = [
            ("[views.triage]\nfields = \"id\"\nlimit = 2\n\n\n\ngruop-by = [\"status\"]",
             "listview.toml:7: unknown option 'gruop-by' in [views.triage]; did you mean 'group-by'?"),
            ("[views.triage]\npage-size = \"20\"", "listview.toml:2: 'page-size' takes a whole number, not a string"),
            ("[view.triage]\nlimit = 1", "listview.toml:1: unknown table [view]; did you mean [views]?"),
            ("[views.triage]\nlimit 1", "listview.toml:2:7: Error while parsing key-value pair: expected '=', saw '1'"),
        ]
        for (text, message) in cases {
            try write(text, to: "project/sub/deeper/listview.toml")
            try assertError([orders, "--view", "triage"], message)
        }
        try FileManager.default.removeItem(at: below.appendingPathComponent("listview.toml"))
        try assertError([orders, "--view", "nope"], "no view 'nope' in ../../listview.toml; views: triage, weekly")
        try assertError([orders, "--view", "weekyl"], "no view 'weekyl' in ../../listview.toml; did you mean 'weekly'? views: triage, weekly")
        try assertError([orders, "--view", "triage", "--no-config"], "--view triage is read from a file and --no-config reads none: give one of them")
    }

    func testAFieldMisspeltInAFileNamesTheFileAndLine() throws {
        try write("[views.bad]\nstyle = \"jsonl\"\ngroup-by = [\"statuss\"]\n[views.worse]\nwhere = [\"totl>3\"]\n", to: "project/listview.toml")
        try assertError([orders, "--view", "bad"],
                        "../../listview.toml:3: --group-by: no field 'statuss' in \(orders); did you mean 'status'?")
        try assertError([orders, "--view", "worse", "--style", "csv"],
                        "../../listview.toml:5: --where: no field 'totl' in \(orders); did you mean 'total'?")
        // The same name on the command line is the command line's.
        try assertError([orders, "--group-by", "statuss"], "--group-by: no field 'statuss' in \(orders); did you mean 'status'?")
    }

    func testDefaultsASummaryOrCountsCannotUseAreLeftOutForThem() throws {
        try write("[defaults]\nsort = \"total:desc\"\nfooter = \"count\"\n[views.ordered]\nsort = \"total\"\n", to: "project/listview.toml")
        let summary = try run([orders, "--summary", "--fields", "total", "--style", "jsonl"])
        XCTAssertEqual(summary.status, 0, summary.stderr)
        XCTAssertTrue(summary.stdout.hasPrefix("{\"field\":\"total\""), summary.stdout)
        // The defaults still apply where they can.
        let list = try run([orders, "--fields", "id,total", "--limit", "1", "--style", "jsonl"])
        XCTAssertEqual(list.stdout, "{\"id\":1019,\"total\":512.60}\n", list.stderr)
        // A view the command line names is not a default: what it cannot do is an error.
        try assertError([orders, "--summary", "--view", "ordered"],
                        "--summary describes the columns, so --sort has no records to apply to (--sort is from ../../listview.toml:5) (see 'listview --help')")
        // --counts leaves out the default footer, and keeps the default order of its sections.
        let counts = try run([orders, "--group-by", "status", "--counts", "--style", "csv"])
        let sorted = try run([orders, "--group-by", "status", "--counts", "--sort", "total:desc", "--style", "csv", "--no-config"])
        XCTAssertEqual(counts.status, 0, counts.stderr)
        XCTAssertEqual(counts.stdout, sorted.stdout)
        try write("[views.footed]\nfooter = \"count\"\n", to: "project/listview.toml")
        try assertError([orders, "--counts", "--view", "footed"],
                        "--counts shows only each section's count, so --footer has no records to apply to (--footer is from ../../listview.toml:2) (see 'listview --help')")
    }

    func testAParserErrorNamesTheFileThatGaveTheOption() throws {
        try write("[views.bad]\nstyle = \"tabel\"\n", to: "project/listview.toml")
        try assertError([orders, "--view", "bad"], "The value 'tabel' is invalid for '--style <style>'. Please provide one of 'table', 'list', 'line', "
                        + "'markdown', 'json', 'jsonl', 'csv' or 'tsv'. (--style is from ../../listview.toml:2) (see 'listview --help')")
    }

    func testTheBrowserTakesAView() throws {
        guard TmuxSession.isAvailable else { throw skippedTest("tmux is needed (make deps installs it)") }
        let session = try TmuxSession("\(orders) -i --view triage", width: 60, height: 12, environment: "HOME=\(folder.path)/home", directory: below)
        let screen = try session.screen(showing: "row 1/2")
        XCTAssertTrue(screen.contains("status: delivered"), screen)
        XCTAssertFalse(screen.contains("placed"), screen)
        try session.send("q")
        XCTAssertEqual(try session.exited().status, 0)
    }

    /// Every long option of both commands' `--help` is in the table of options a view may set,
    /// for that command, or among those no view may set: the table cannot fall behind.
    func testEveryOptionInHelpIsInTheViewTableOrRefused() throws {
        for (command, arguments) in [(ViewCommand.list, ["--help"]), (.diff, ["diff", "--help"])] {
            let help = try ListviewProcess.run(arguments).stdout
            let options = help.split(separator: "\n").compactMap { line -> String? in
                guard let match = line.firstMatch(of: #/^  (?:-\w, )?--([a-z0-9-]+)/#) else { return nil }
                return String(match.1)
            }
            XCTAssertGreaterThan(options.count, 20, "\(arguments)")
            for name in options where !ViewOption.notInViews.contains(name) {
                XCTAssertTrue(ViewOption.named(name)?.commands.contains(command) ?? false,
                              "--\(name) of \(arguments.joined(separator: " ")) is neither in ViewOption.all for \(command) nor in ViewOption.notInViews")
            }
        }
    }
}
