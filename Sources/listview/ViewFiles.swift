import Glibc
import ListviewConfig

/// The views kept in files, applied to a command line before the argument parser reads it:
/// the files' options go before the user's own (`Configuration.arguments`).
enum ViewFiles {
    /// What the command line asks for once the files are read.
    enum Outcome {
        /// Run with these arguments, `added` from the files; `note` says so on stderr once the
        /// run succeeded (`AddedOptionsNote`).
        case run([String], added: [Setting], note: String?)
        /// `--views`: print this listing (after checking the rest of the command line).
        case listViews(String)

        /// The arguments to run, the settings files added and the note, or the listing.
        var parts: (arguments: [String], added: [Setting], note: String?, listing: String?) {
            switch self {
            case let .run(arguments, added, note): return (arguments, added, note, nil)
            case let .listViews(listing): return ([], [], nil, listing)
            }
        }
    }

    /// `arguments` (after `diff` for the diff) with the options of `[defaults]` and of the view
    /// added, or the listing `--views` asks for.
    static func apply(to arguments: [String], command: ViewCommand) throws(ConfigError) -> Outcome {
        let request = ConfigRequest(arguments)
        guard !request.readsNoFile else { return .run(arguments, added: [], note: nil) }
        let configuration = try Configuration.load(request, locations: locations)
        if request.listViews && command == .list { return .listViews(ViewListing.text(of: configuration)) }
        var (added, leftOut) = try configuration.applied(view: request.view, command: command, given: request.given)
        // `[defaults]` a command cannot use are left out for it, not fatal: a default order with
        // --summary, a default page size with --counts.
        func asks(_ name: String) -> Bool { request.given.contains(name) || added.contains { $0.name == name && !$0.occurrences.isEmpty } }
        if let replaced = ViewOptions.replaced(summarising: asks("summary") || asks("histogram"), counting: asks("counts")) {
            added.removeAll { configuration.defaults.contains($0) && replaced.contains($0.name) }
        }
        return .run(added.flatMap(\.arguments) + arguments, added: added, note: AddedOptionsNote.text(added: added, leftOut: leftOut))
    }

    /// Where an option a parser's `message` names comes from, when a file added it:
    /// ` (--style is from listview.toml:2)`, else nothing.
    static func origin(of message: String, among added: [Setting]) -> String {
        guard let setting = added.first(where: { setting in
            ["--\(setting.name) ", "--\(setting.name)'", "'--\(setting.name)", "--\(setting.name)="].contains { message.contains($0) }
                || message.hasSuffix("--\(setting.name)")
        }) else { return "" }
        return " (--\(setting.name) is from \(setting.file):\(setting.line))"
    }

    /// A run's usage error about an option a file gave (`--group-by: no field 'statuss' …`), with
    /// the file and line that gave it first, as the file's own errors are; else `message`.
    static func located(_ message: String, among added: [Setting]) -> String {
        guard let setting = added.first(where: { message.hasPrefix("--\($0.name):") || message.hasPrefix("--\($0.name) '") }) else {
            return message
        }
        return "\(setting.file):\(setting.line): \(message)"
    }

    /// The options the files added to this run (set once, before the command runs), for `located`.
    nonisolated(unsafe) static var added: [Setting] = []

    /// `--view <TAB>`: the names of the views the command line would read (a file that does not
    /// read gives none).
    @Sendable static func completeViewNames(_ arguments: [String], _ index: Int, _ prefix: String) -> [String] {
        var request = ConfigRequest(arguments)
        request.view = nil
        let views = (try? Configuration.load(request, locations: locations))?.views ?? []
        return views.map(\.name).filter { $0.hasPrefix(prefix) }
    }

    /// The working directory and the environment, where the files are looked for.
    private static var locations: ConfigLocations {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let directory = getcwd(&buffer, buffer.count) != nil ? String(cString: buffer) : ""
        return ConfigLocations(directory: directory, environment: ProcessEnvironment.all)
    }
}
