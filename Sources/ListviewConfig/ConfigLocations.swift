import Glibc
import ListviewValues

/// Where view files are looked for, and how messages name them.
///
/// The project file is the first `listview.toml` in the working directory or one of its
/// parents, up to the repository root; the user file is `$XDG_CONFIG_HOME/listview/config.toml`, by default
/// `~/.config/listview/config.toml`. A file is named as it would be typed from the working
/// directory (`listview.toml`, `../../listview.toml`), the user file with `~` for the home.
public struct ConfigLocations: Sendable {
    /// A file that was found: its path, and its name in messages.
    public struct Found: Equatable, Sendable {
        public var path: String
        public var name: String
    }

    /// The project file's name in each directory.
    public static let projectFileName = "listview.toml"

    /// The absolute working directory.
    public var directory: String
    public var environment: [String: String]

    public init(directory: String, environment: [String: String]) {
        self.directory = directory
        self.environment = environment
    }

    /// The first `listview.toml` from `directory` up to the repository root (the first folder
    /// holding `.git`, a folder or a worktree's file), else up to `/`: a file above the checkout
    /// never reaches its runs.
    public var project: Found? {
        guard directory.hasPrefix("/") else { return nil }
        var folder = directory
        var steps = 0
        while true {
            let base = folder.hasSuffix("/") ? folder : folder + "/"
            let path = base + Self.projectFileName
            if Self.isFile(path) { return Found(path: path, name: String(repeating: "../", count: steps) + Self.projectFileName) }
            if Self.exists(base + ".git") { return nil }
            guard let slash = folder.lastIndex(of: "/"), folder != "/" else { return nil }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
            steps += 1
        }
    }

    /// The variable that turns view files off, as `--no-config` does.
    public static let turnOffVariable = "LISTVIEW_NO_CONFIG"

    /// `LISTVIEW_NO_CONFIG=1` (any value but empty or `0`) as messages name it, when it is set.
    public var filesTurnedOff: String? {
        guard let value = environment[Self.turnOffVariable], !value.isEmpty, value != "0" else { return nil }
        return "\(Self.turnOffVariable)=\(value)"
    }

    /// The user file's path, whether it is there or not; nil without `XDG_CONFIG_HOME` and `HOME`.
    public var userPath: String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/listview/config.toml" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return (home.hasSuffix("/") ? home : home + "/") + ".config/listview/config.toml"
    }

    /// The user file, if it is there.
    public var user: Found? {
        guard let path = userPath, Self.isFile(path) else { return nil }
        return Found(path: path, name: displayName(ofUserPath: path))
    }

    /// Where no file was found, for the message that says so.
    public var nothingFound: String {
        let user = userPath.map { " and no \(displayName(ofUserPath: $0))" } ?? ""
        return "no \(Self.projectFileName) in this directory or a parent\(user)"
    }

    /// `~/.config/listview/config.toml` for a path under `$HOME`.
    private func displayName(ofUserPath path: String) -> String {
        guard let home = environment["HOME"], !home.isEmpty, home != "/" else { return path }
        let prefix = home.hasSuffix("/") ? home : home + "/"
        return path.hasPrefix(prefix) ? "~/" + path.dropFirst(prefix.count) : path
    }

    /// True when something is at `path`, whatever it is.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// True for a regular file (or a link to one); a folder named listview.toml is passed over.
    static func isFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// The text of the file at `path`, which messages call `name`.
    public static func read(path: String, name: String) throws(ConfigError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(file: name, reason: SystemError.message(for: errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotOpen(file: name, reason: SystemError.message(for: errno))
            }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
