/// The view files a run reads, and the arguments they add to its command line.
///
/// The project file (`listview.toml`) comes before the user file: a view or kind of the same
/// name, and each `[defaults]` option, is taken from the project file. On the command line a
/// flag wins over the view, and the view over `[defaults]` and `[kinds.NAME]`, option by
/// option: a layer that sets an option replaces all that a lower layer gives for it (a view's
/// `where` replaces the defaults' `where`, and the user's `--where` both).
public struct Configuration: Equatable, Sendable {
    /// The files read, the project file first.
    public var files: [ConfigFile]
    /// What the message says when no file was read: where none was found, or `--no-config`.
    public var nothingRead: String

    public init(files: [ConfigFile], nothingRead: String = "no view file was read") {
        self.files = files
        self.nothingRead = nothingRead
    }

    /// The files `request` asks for: `--config FILE` alone, none with `--no-config` or
    /// `LISTVIEW_NO_CONFIG=1`, else the project file and the user file, each when it is there.
    public static func load(_ request: ConfigRequest, locations: ConfigLocations) throws(ConfigError) -> Configuration {
        if let off = request.noConfig ? "--no-config" : locations.filesTurnedOff {
            if request.file != nil { throw .usage("--config names a file to read and \(off) reads none: give one of them") }
            if let view = request.view { throw .usage("--view \(view) is read from a file and \(off) reads none: give one of them") }
            return Configuration(files: [], nothingRead: "\(off) reads no file")
        }
        let found: [ConfigLocations.Found]
        if let file = request.file {
            found = [ConfigLocations.Found(path: file, name: file)]
        } else {
            found = [locations.project, locations.user].compactMap { $0 }
        }
        var files: [ConfigFile] = []
        for file in found {
            files.append(try ConfigFile(name: file.name, text: try ConfigLocations.read(path: file.path, name: file.name)))
        }
        return Configuration(files: files, nothingRead: locations.nothingFound)
    }

    /// Every view, each name once: the project file's first, in file order.
    public var views: [ViewSettings] {
        firstOfEachName(files.flatMap(\.views))
    }

    /// Every `[kinds.NAME]`, each name once.
    public var kinds: [ViewSettings] {
        firstOfEachName(files.flatMap(\.kinds))
    }

    /// The `[defaults]` options, each from the first file that sets it.
    public var defaults: [Setting] {
        var settings: [Setting] = []
        for file in files {
            let taken = Set(settings.map(\.name))
            settings += (file.defaults?.settings ?? []).filter { !taken.contains($0.name) }
        }
        return settings
    }

    /// The view called `name`; a message naming the files and their views when there is none.
    public func view(named name: String) throws(ConfigError) -> ViewSettings {
        if let view = views.first(where: { $0.name == name }) { return view }
        throw .noView(name: name, files: files.map(\.name), views: views.map(\.name), lookedFor: nothingRead)
    }

    /// The options the files add to a run of `command`, before the user's own: `[defaults]`,
    /// replaced option by option by the view (if any), leaving out the options `given` on the
    /// command line and those `command` does not have. `[kinds.NAME]` tables become `--kind`
    /// options when the run has `--kind-field`. Their `arguments` go to the parser.
    ///
    /// A diff takes the options that change what it compares or keeps
    /// (`ViewOption.changesComparison`) from the view only, never from `[defaults]`.
    public func settings(view name: String?, command: ViewCommand, given: Set<String>) throws(ConfigError) -> [Setting] {
        try applied(view: name, command: command, given: given).added
    }

    /// The options the files add to a run (`settings(view:command:given:)`), and the `[defaults]`
    /// options a diff leaves out because they would change what it compares, for the note that
    /// says so.
    public func applied(view name: String?, command: ViewCommand,
                        given: Set<String>) throws(ConfigError) -> (added: [Setting], leftOut: [Setting]) {
        let chosen = try name.map { name throws(ConfigError) in try view(named: name).settings } ?? []
        let hasKindField = given.contains("kind-field")
            || Self.layered(defaults, over: chosen).contains { $0.name == "kind-field" && !$0.occurrences.isEmpty }
        var lower = defaults
        var leftOut: [Setting] = []
        if command == .diff {
            let replaced = Set(chosen.map(\.name)).union(given)
            leftOut = lower.filter { ViewOption.changesComparison.contains($0.name) && !replaced.contains($0.name) && !$0.occurrences.isEmpty }
            lower.removeAll { ViewOption.changesComparison.contains($0.name) }
        }
        let settings = Self.layered(hasKindField ? lower + kinds.flatMap(\.settings) : lower, over: chosen)
        let added = settings.filter { setting in
            guard let option = ViewOption.named(setting.name) else { return false }
            return option.commands.contains(command) && !given.contains(setting.name)
        }
        return (added, leftOut.filter { ViewOption.named($0.name)?.commands.contains(command) ?? false })
    }

    /// `lower`'s settings but those `upper` sets, then `upper`'s.
    static func layered(_ lower: [Setting], over upper: [Setting]) -> [Setting] {
        let replaced = Set(upper.map(\.name))
        return lower.filter { !replaced.contains($0.name) } + upper
    }

    private func firstOfEachName(_ tables: [ViewSettings]) -> [ViewSettings] {
        var seen: Set<String> = []
        return tables.filter { seen.insert($0.name).inserted }
    }
}
