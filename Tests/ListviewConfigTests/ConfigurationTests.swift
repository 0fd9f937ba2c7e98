import Foundation
import XCTest
@testable import ListviewConfig

/// Files are found and layered: the command line over the view over the defaults, the project
/// file over the user's.
final class ConfigurationTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("listview-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/project/sub/deeper", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/home/.config/listview", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func write(_ text: String, to path: String) throws {
        try text.write(toFile: root + "/" + path, atomically: true, encoding: .utf8)
    }

    private func configuration(_ text: String, user: String? = nil) throws -> Configuration {
        var files = [try ConfigFile(name: "listview.toml", text: text)]
        if let user { files.append(try ConfigFile(name: "~/.config/listview/config.toml", text: user)) }
        return Configuration(files: files)
    }

    private func arguments(_ configuration: Configuration, view: String?, command: ViewCommand = .list,
                           given: Set<String> = []) throws -> [String] {
        try configuration.settings(view: view, command: command, given: given).flatMap(\.arguments)
    }

    func testTheViewReplacesTheDefaultsOptionByOptionAndTheCommandLineBoth() throws {
        let config = try configuration("""
        [defaults]
        style = "table"
        where = ["total>0"]
        limit = 10
        [views.triage]
        where = ["total>100"]
        sort = "total:desc"
        limit = 5
        """)
        XCTAssertEqual(try arguments(config, view: nil), ["--style=table", "--where=total>0", "--limit=10"])
        XCTAssertEqual(try arguments(config, view: "triage"), ["--style=table", "--where=total>100", "--sort=total:desc", "--limit=5"])
        XCTAssertEqual(try arguments(config, view: "triage", given: ["where", "style"]), ["--sort=total:desc", "--limit=5"])
    }

    func testAFalseFlagInTheViewTurnsOffTheDefaultsFlag() throws {
        let config = try configuration("[defaults]\nwrap = true\n[views.plain]\nwrap = false\n")
        XCTAssertEqual(try arguments(config, view: nil), ["--wrap"])
        XCTAssertEqual(try arguments(config, view: "plain"), [])
    }

    func testOptionsTheCommandLacksAreLeftOut() throws {
        let config = try configuration("[views.v]\nkey = \"id\"\nignore = [\"etag\"]\nsort = \"id\"\nfields = \"id,total\"\n")
        XCTAssertEqual(try arguments(config, view: "v", command: .list), ["--sort=id", "--fields=id,total"])
        XCTAssertEqual(try arguments(config, view: "v", command: .diff), ["--key=id", "--ignore=etag", "--fields=id,total"])
    }

    /// A diff takes what it compares only from a view: `[defaults]` that would change it are left
    /// out (and named for the note), unless the view or the command line replaces them anyway.
    func testADiffLeavesOutTheDefaultsThatChangeWhatItCompares() throws {
        let config = try configuration("""
        [defaults]
        ignore = "*"
        where = ["total>0"]
        tolerance = ["total=1"]
        style = "jsonl"
        limit = 3
        [views.v]
        where = ["id>1"]
        """)
        let plain = try config.applied(view: nil, command: .diff, given: [])
        XCTAssertEqual(plain.added.flatMap(\.arguments), ["--style=jsonl"])
        XCTAssertEqual(plain.leftOut.map(\.name), ["ignore", "where", "tolerance"])
        let viewed = try config.applied(view: "v", command: .diff, given: ["tolerance"])
        XCTAssertEqual(viewed.added.flatMap(\.arguments), ["--style=jsonl", "--where=id>1"])
        XCTAssertEqual(viewed.leftOut.map(\.name), ["ignore"])
        XCTAssertEqual(try arguments(config, view: nil, command: .list), ["--where=total>0", "--style=jsonl", "--limit=3"])
        XCTAssertEqual(AddedOptionsNote.text(added: viewed.added, leftOut: viewed.leftOut),
                       "listview.toml added --style jsonl --where 'id>1'; left out listview.toml's [defaults] --ignore '*' "
                       + "(a diff takes what it compares only from --view NAME)")
        XCTAssertNil(AddedOptionsNote.text(added: [], leftOut: []))
    }

    func testTheLookupStopsAtTheRepositoryRootAndTheVariableTurnsFilesOff() throws {
        try write("[defaults]\nlimit = 1\n", to: "listview.toml")
        let deeper = ConfigLocations(directory: root + "/project/sub/deeper", environment: [:])
        XCTAssertEqual(deeper.project?.name, "../../../listview.toml")
        try FileManager.default.createDirectory(atPath: root + "/project/.git", withIntermediateDirectories: true)
        XCTAssertNil(deeper.project)
        try write("[defaults]\nlimit = 2\n", to: "project/listview.toml")
        XCTAssertEqual(deeper.project?.name, "../../listview.toml")
        XCTAssertNil(deeper.filesTurnedOff)
        XCTAssertEqual(ConfigLocations(directory: root, environment: ["LISTVIEW_NO_CONFIG": "yes"]).filesTurnedOff, "LISTVIEW_NO_CONFIG=yes")
        XCTAssertNil(ConfigLocations(directory: root, environment: ["LISTVIEW_NO_CONFIG": "0"]).filesTurnedOff)
        let off = ConfigLocations(directory: root + "/project", environment: ["LISTVIEW_NO_CONFIG": "1"])
        XCTAssertEqual(try Configuration.load(ConfigRequest([]), locations: off).files, [])
        XCTAssertThrowsError(try Configuration.load(ConfigRequest(["--config", "x.toml"]), locations: off)) { error in
            XCTAssertEqual("\(error)", "--config names a file to read and LISTVIEW_NO_CONFIG=1 reads none: give one of them")
        }
    }

    func testKindsComeWithAKindField() throws {
        let config = try configuration("""
        [kinds.error]
        format = "card:title=code"
        [views.log]
        kind-field = "level"
        [views.plain]
        limit = 1
        """)
        XCTAssertEqual(try arguments(config, view: "plain"), ["--limit=1"])
        XCTAssertEqual(try arguments(config, view: "log"), ["--kind=error=card:title=code", "--kind-field=level"])
        XCTAssertEqual(try arguments(config, view: "plain", given: ["kind-field"]), ["--kind=error=card:title=code", "--limit=1"])
        XCTAssertEqual(try arguments(config, view: "log", given: ["kind"]), ["--kind-field=level"])
    }

    func testTheProjectFilesViewsKindsAndDefaultsWinOverTheUsers() throws {
        let config = try configuration("[defaults]\nstyle = \"csv\"\n[views.a]\nlimit = 1\n[kinds.k]\nformat = \"{x}\"\n",
                                       user: "[defaults]\nstyle = \"json\"\nwrap = true\n[views.a]\nlimit = 2\n[views.b]\nlimit = 3\n"
                                           + "[kinds.k]\nformat = \"{y}\"\n")
        XCTAssertEqual(config.views.map(\.name), ["a", "b"])
        XCTAssertEqual(config.views.map(\.file), ["listview.toml", "~/.config/listview/config.toml"])
        XCTAssertEqual(try arguments(config, view: "a"), ["--style=csv", "--wrap", "--limit=1"])
        XCTAssertEqual(try arguments(config, view: "b"), ["--style=csv", "--wrap", "--limit=3"])
        XCTAssertEqual(config.kinds.flatMap(\.settings).flatMap(\.arguments), ["--kind=k={x}"])
    }

    func testAMissingViewNamesTheFilesTheViewsAndTheClosest() throws {
        let config = try configuration("[views.triage]\nlimit = 1\n[views.weekly]\nlimit = 2\n", user: "[defaults]\nwrap = true\n")
        XCTAssertThrowsError(try arguments(config, view: "nope")) { error in
            XCTAssertEqual("\(error)", "no view 'nope' in listview.toml or ~/.config/listview/config.toml; views: triage, weekly")
        }
        XCTAssertThrowsError(try arguments(config, view: "triag")) { error in
            XCTAssertEqual("\(error)", "no view 'triag' in listview.toml or ~/.config/listview/config.toml; did you mean 'triage'? views: triage, weekly")
        }
        XCTAssertThrowsError(try arguments(Configuration(files: [], nothingRead: "no listview.toml here"), view: "x")) { error in
            XCTAssertEqual("\(error)", "no view 'x': no listview.toml here")
            XCTAssertEqual((error as? ConfigError)?.exitStatus, 64)
        }
    }

    func testTheProjectFileIsFoundInAParentAndTheUserFileBeside() throws {
        try write("[views.up]\nlimit = 1\n", to: "project/listview.toml")
        try write("[views.mine]\nlimit = 2\n", to: "home/.config/listview/config.toml")
        let locations = ConfigLocations(directory: root + "/project/sub/deeper", environment: ["HOME": root + "/home"])
        XCTAssertEqual(locations.project?.name, "../../listview.toml")
        XCTAssertEqual(locations.user?.name, "~/.config/listview/config.toml")
        let config = try Configuration.load(ConfigRequest([]), locations: locations)
        XCTAssertEqual(config.views.map(\.name), ["up", "mine"])
        XCTAssertEqual(config.views.map(\.file), ["../../listview.toml", "~/.config/listview/config.toml"])
    }

    func testXDGConfigHomeAndNothingFound() throws {
        let locations = ConfigLocations(directory: root + "/home", environment: ["HOME": root + "/home", "XDG_CONFIG_HOME": root + "/xdg"])
        XCTAssertEqual(locations.userPath, root + "/xdg/listview/config.toml")
        let config = try Configuration.load(ConfigRequest([]), locations: locations)
        XCTAssertEqual(config.files, [])
        XCTAssertEqual(config.nothingRead, "no listview.toml in this directory or a parent and no \(root)/xdg/listview/config.toml")
    }

    func testConfigNamesOneFileAndNoConfigNone() throws {
        try write("[views.up]\nlimit = 1\n", to: "project/listview.toml")
        try write("[views.other]\nlimit = 2\n", to: "other.toml")
        let locations = ConfigLocations(directory: root + "/project", environment: [:])
        let named = try Configuration.load(ConfigRequest(["--config", root + "/other.toml"]), locations: locations)
        XCTAssertEqual(named.views.map(\.name), ["other"])
        XCTAssertEqual(try Configuration.load(ConfigRequest(["--no-config"]), locations: locations).files, [])
        XCTAssertThrowsError(try Configuration.load(ConfigRequest(["--config", root + "/none.toml"]), locations: locations)) { error in
            XCTAssertEqual((error as? ConfigError)?.exitStatus, 66)
            XCTAssertEqual("\(error)", "\(root)/none.toml: cannot open: No such file or directory")
        }
        XCTAssertThrowsError(try Configuration.load(ConfigRequest(["--config", "a.toml", "--no-config"]), locations: locations)) { error in
            XCTAssertEqual("\(error)", "--config names a file to read and --no-config reads none: give one of them")
        }
        XCTAssertThrowsError(try Configuration.load(ConfigRequest(["--view", "up", "--no-config"]), locations: locations)) { error in
            XCTAssertEqual("\(error)", "--view up is read from a file and --no-config reads none: give one of them")
        }
    }

    func testTheListingAlignsViewsDefaultsAndKinds() throws {
        let config = try configuration("""
        [defaults]
        style = "table"

        [views.triage]
        group-by = ["status"]
        where = ["total>100"]

        [kinds.error]
        format = "card:title=code,detail=message|user"
        """, user: "[views.triage]\nlimit = 1\n[views.w]\nwrap = true\n")
        XCTAssertEqual(ViewListing.text(of: config), """
        triage         listview.toml:4                   --group-by status --where 'total>100'
        triage         ~/.config/listview/config.toml:1  (hidden by listview.toml's view)
        w              ~/.config/listview/config.toml:3  --wrap
        [defaults]     listview.toml:1                   --style table
        [kinds.error]  listview.toml:8                   --kind 'error=card:title=code,detail=message|user'

        """)
        XCTAssertEqual(ViewListing.text(of: Configuration(files: [], nothingRead: "--no-config reads no file")), "no views: --no-config reads no file\n")
    }
}
