import XCTest
@testable import ListviewConfig

/// A view file's tables and values become settings; every problem names its line.
final class ConfigFileTests: XCTestCase {
    private func read(_ text: String) throws(ConfigError) -> ConfigFile {
        try ConfigFile(name: "listview.toml", text: text)
    }

    /// The message `text` fails with, or a test failure when it reads.
    private func failure(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do throws(ConfigError) {
            _ = try read(text)
            XCTFail("expected an error", file: file, line: line)
            return ""
        } catch {
            XCTAssertEqual(error.exitStatus, 64, file: file, line: line)
            return error.description
        }
    }

    func testEachValueKindBecomesItsArguments() throws {
        let file = try read("""
        [views.triage]
        style = "table"
        limit = 5
        wrap = true
        border = false
        where = ["total>100", "status=open"]
        search = "oslo"
        fields = ["id", "customer.name", "total"]
        footer = "count,sum:total"
        group-by = ["status", "region"]
        null-value = "NA"
        """)
        XCTAssertEqual(file.views.map(\.name), ["triage"])
        XCTAssertEqual(file.views.first?.settings.flatMap(\.arguments), [
            "--style=table", "--limit=5", "--wrap", "--where=total>100", "--where=status=open", "--search=oslo",
            "--fields=id,customer.name,total", "--footer=count,sum:total", "--group-by=status", "--group-by=region", "--null-value=NA",
        ])
        XCTAssertEqual(file.views.first?.settings.map(\.line), Array(2...11))
        XCTAssertEqual(file.views.first?.line, 1)
    }

    func testAFalseFlagAndAnEmptyListGiveNothingButStillSetTheOption() throws {
        let settings = try read("[defaults]\nwrap = false\nwhere = []\nfields = []\n").defaults?.settings ?? []
        XCTAssertEqual(settings.map(\.name), ["wrap", "where", "fields"])
        XCTAssertEqual(settings.flatMap(\.arguments), [])
    }

    func testSettingsKeepTheFilesOrderNotTheKeysOrder() throws {
        let file = try read("[views.z]\nsort = \"b\"\n[views.a]\nlimit = 1\n[defaults]\nwrap = true\nstyle = \"csv\"\n")
        XCTAssertEqual(file.views.map(\.name), ["z", "a"])
        XCTAssertEqual(file.views.map(\.line), [1, 3])
        XCTAssertEqual(file.defaults?.settings.map(\.name), ["wrap", "style"])
        XCTAssertEqual(file.defaults?.line, 5)
    }

    func testAKindTableIsOneKindOption() throws {
        let file = try read("[kinds.error]\nformat = \"card:title=code,detail=message|user\"\n")
        XCTAssertEqual(file.kinds.first?.settings.flatMap(\.arguments), ["--kind=error=card:title=code,detail=message|user"])
        XCTAssertEqual(file.kinds.first?.settings.first?.line, 2)
    }

    func testShellTextQuotesWhatAShellWouldRead() throws {
        let view = try read("[views.v]\nwhere = [\"total>100\", \"it's\"]\nfields = \"a,b\"\nwrap = true\n").views.first
        XCTAssertEqual(view?.shellText, "--where 'total>100' --where 'it'\\''s' --fields a,b --wrap")
    }

    func testASyntaxErrorHasTheParsersPosition() {
        XCTAssertEqual(failure("[views.t]\nlimit = 1\nlimit 2\n"),
                       "listview.toml:3:7: Error while parsing key-value pair: expected '=', saw '2'")
    }

    func testAnUnknownOptionSuggestsTheClosest() {
        XCTAssertEqual(failure("[views.triage]\nfields = \"id\"\n\n\n\n\ngruop-by = [\"status\"]\n"),
                       "listview.toml:7: unknown option 'gruop-by' in [views.triage]; did you mean 'group-by'?")
        XCTAssertEqual(failure("[defaults]\ncolour-scheme = \"dark\"\n"), "listview.toml:2: unknown option 'colour-scheme' in [defaults]")
        XCTAssertEqual(failure("[views.\"my view\"]\nlimt = 1\n"), "listview.toml:2: unknown option 'limt' in [views.\"my view\"]; did you mean 'limit'?")
    }

    func testOptionsThatChooseTheViewsCannotBeSetInOne() {
        XCTAssertEqual(failure("[views.t]\nview = \"u\"\n"), "listview.toml:2: 'view' cannot be set in [views.t]: give --view on the command line")
        XCTAssertEqual(failure("[defaults]\nhelp = true\n"), "listview.toml:2: 'help' cannot be set in [defaults]: give --help on the command line")
    }

    func testAValueOfTheWrongTypeNamesWhatTheOptionTakes() {
        XCTAssertEqual(failure("[views.t]\nfields = [\"id\"]\npage-size = \"20\"\n"), "listview.toml:3: 'page-size' takes a whole number, not a string")
        XCTAssertEqual(failure("[views.t]\nstyle = [\"table\"]\n"), "listview.toml:2: 'style' takes text, not a list")
        XCTAssertEqual(failure("[views.t]\nwrap = \"yes\"\n"), "listview.toml:2: 'wrap' takes true or false, not a string")
        XCTAssertEqual(failure("[views.t]\nwhere = [1, 2]\n"), "listview.toml:2: 'where' takes text or a list of text, not a list holding an integer")
        XCTAssertEqual(failure("[views.t]\nlimit = 1.5\n"), "listview.toml:2: 'limit' takes a whole number, not a floating-point number")
        XCTAssertEqual(failure("[views.t]\nsearch = 2024-01-01\n"), "listview.toml:2: 'search' takes text, not a date")
        XCTAssertEqual(failure("[views.t]\nfields = { a = 1 }\n"), "listview.toml:2: 'fields' takes text or a list of text, not a table")
    }

    func testAnUnknownTableSuggestsTheClosest() {
        XCTAssertEqual(failure("[view.triage]\nlimit = 1\n"), "listview.toml:1: unknown table [view]; did you mean [views]?")
        XCTAssertEqual(failure("\n[options]\nlimit = 1\n"),
                       "listview.toml:2: unknown table [options]; tables are [defaults], [views.NAME] and [kinds.NAME]")
    }

    func testKeysOutsideTablesAndViewsThatAreNoTables() {
        XCTAssertEqual(failure("style = \"table\"\n"), "listview.toml:1: 'style' is outside any table: options go under [defaults] or [views.NAME]")
        XCTAssertEqual(failure("[views]\ntriage = \"x\"\n"),
                       "listview.toml:2: 'triage' in [views] is not a table: write [views.triage] and its options under it")
    }

    func testAKindNeedsItsFormatAndNothingElse() {
        XCTAssertEqual(failure("[kinds.error]\nformt = \"x\"\n"), "listview.toml:2: unknown key 'formt' in [kinds.error]; did you mean 'format'?")
        XCTAssertEqual(failure("[kinds.error]\ntitle = \"x\"\n"), "listview.toml:2: unknown key 'title' in [kinds.error]; a kind has only format = \"FORMAT\"")
        XCTAssertEqual(failure("\n[kinds.error]\n"), "listview.toml:2: [kinds.error] needs format = \"FORMAT\" (a template, card:… or table:fields=…)")
        XCTAssertEqual(failure("[kinds.error]\nformat = 3\n"),
                       "listview.toml:2: 'format' takes text (a template, card:… or table:fields=…), not an integer")
    }

    func testEveryOptionOfTheTableHasOneKindAndAName() {
        let names = ViewOption.all.map(\.name)
        XCTAssertEqual(names.count, Set(names).count, "an option is listed twice")
        XCTAssertTrue(Set(names).isDisjoint(with: ViewOption.notInViews))
        for name in ["kind", "gap", "row-gap", "indent", "section-gap", "section-layout"] {
            XCTAssertNotNil(ViewOption.named(name), name)
        }
    }
}
