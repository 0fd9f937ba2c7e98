/// What a command line asks of the view files, read from it before the argument parser sees it:
/// `--view NAME`, `--config FILE`, `--no-config`, `--views`, and which options the user gave
/// (those a view must leave alone).
///
/// The scan stops at `--`. `--help`, `--version` and the completion and manual requests read no
/// file: they describe the command, not a run of it.
public struct ConfigRequest: Equatable, Sendable {
    /// `--view NAME`.
    public var view: String?
    /// `--config FILE`.
    public var file: String?
    /// `--no-config`.
    public var noConfig = false
    /// `--views`.
    public var listViews = false
    /// True when the command line only asks for help, the version, a completion or the manual.
    public var readsNoFile = false
    /// The long names of the options given (`-i` counts as `interactive`).
    public var given: Set<String> = []

    /// Options that describe the command instead of running it.
    static let describing: Set<String> = ["help", "version", "generate-completion-script", "experimental-dump-help"]

    public init(_ arguments: [String]) {
        var index = 0
        if arguments.first == "help" { readsNoFile = true }
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" { break }
            if word.hasPrefix("---") {
                readsNoFile = true  // ---completion: the shell asks for completions
            } else if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                var value = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                if value == nil, name == "view" || name == "config", index < arguments.count {
                    value = arguments[index]
                    index += 1
                }
                note(name, value: value)
            } else if word.hasPrefix("-"), word.count > 1 {
                for letter in word.dropFirst() {
                    if letter == "h" { readsNoFile = true }
                    if let name = ViewOption.longName(ofShort: letter) { given.insert(name) }
                }
            }
        }
    }

    private mutating func note(_ name: String, value: String?) {
        given.insert(name)
        if Self.describing.contains(name) { readsNoFile = true }
        switch name {
        case "view": view = value
        case "config": file = value
        case "no-config": noConfig = true
        case "views": listViews = true
        default: break
        }
    }
}
