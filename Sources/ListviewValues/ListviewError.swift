/// Every failure listview reports, each with its sysexits status (SPEC §10).
///
/// The executable turns one of these into a single stderr line,
/// `listview: FILE:LINE:COL: message`, and the matching exit status; nothing
/// else in the code prints errors or exits.
public enum ListviewError: Error, Equatable, CustomStringConvertible {
    /// The input is not what it claims to be (bad JSON, bad CSV): status 65.
    case malformedInput(source: String, line: Int?, column: Int?, message: String)
    /// An input cannot be opened or read: status 66.
    case cannotOpen(source: String, reason: String)
    /// Reading an opened input failed: status 74.
    case readFailed(source: String, reason: String)
    /// Writing the output failed (disk full, …): status 74.
    case writeFailed(reason: String)
    /// The reader of our output went away (a closed pipe): end quietly.
    case outputClosed
    /// The command line asks for something impossible: status 64.
    case usage(String)
    /// Spill files could not be written in `directory` (a full disk, no permission): status 74.
    case spillFailed(directory: String, reason: String)
    /// The memory budget cannot be kept, not even by spilling (one record larger than it): status 70.
    /// `what` names what needs the memory: one record, or a summary's many groups.
    case budgetTooSmall(needed: Int, budget: Int, what: String = "one record")

    /// The sysexits status for this error.
    public var exitStatus: Int32 {
        switch self {
        case .malformedInput: return 65
        case .cannotOpen: return 66
        case .readFailed, .writeFailed, .spillFailed: return 74
        case .budgetTooSmall: return 70
        case .outputClosed: return 0
        case .usage: return 64
        }
    }

    /// The same error found `lines` lines further down: a reader of a later part of a file counts
    /// lines from the part's start.
    public func movedDown(lines: Int) -> ListviewError {
        guard case let .malformedInput(source, line?, column, message) = self else { return self }
        return .malformedInput(source: source, line: line + lines, column: column, message: message)
    }

    /// The message without the `listview: ` prefix.
    public var description: String {
        switch self {
        case let .malformedInput(source, line, column, message):
            var position = source
            if let line {
                position += ":\(line)"
                if let column { position += ":\(column)" }
            }
            return "\(position): \(message)"
        case let .cannotOpen(source, reason):
            return "\(source): cannot open: \(reason)"
        case let .readFailed(source, reason):
            return "\(source): read error: \(reason)"
        case let .writeFailed(reason):
            return "write error: \(reason)"
        case .outputClosed:
            return "output closed"
        case let .usage(message):
            return message
        case let .spillFailed(directory, reason):
            return "cannot write spill files in \(directory): \(reason) (choose another folder with --temp-dir)"
        case let .budgetTooSmall(needed, budget, what):
            return "the memory limit of \(ByteCount.text(budget)) cannot be kept: \(what) needs \(ByteCount.text(needed)) (raise --memory-limit)"
        }
    }
}
