import Glibc

/// The process's environment variables, read through Glibc (`getenv`, `environ`) rather than
/// Foundation's `ProcessInfo`, so the binary links no Foundation.
enum ProcessEnvironment {
    /// The value of `name`, or nil when it is not set.
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Every variable, `NAME=VALUE` split at its first `=`; a name set twice keeps its first value,
    /// as `getenv` does.
    static var all: [String: String] {
        var variables: [String: String] = [:]
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ  // NULL after clearenv()
        guard var entry = start else { return variables }
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
    }
}
