import Glibc

/// Text for `errno` values.
public enum SystemError {
    public static func message(for code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
