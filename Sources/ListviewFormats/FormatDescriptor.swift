import ListviewInput
import ListviewPresentation

/// What listview knows of an input format, written once per format (`InputFormat.descriptor`):
/// its names, how a reader is opened, how its records lie in lines (for annotations), whether it
/// grows record by record (`--follow`), and the style that writes it back.
///
/// `InputLoader` opens every input through its format's descriptor; the planners, the diff's
/// line finder (`RecordLines`) and the browser's choice of output style ask it too. Which format
/// an input is comes from `--input`, the file's extension (`extensions`), or its content
/// (`FormatSniff`, which tells the text formats apart).
public struct FormatDescriptor: Sendable {
    /// How records lie in a file's lines: what `RecordLines` scans to find where one begins.
    public enum RecordLayout: Sendable, Equatable {
        /// Rows of cells split on `delimiter`, quoted (RFC 4180) or not; a header row first
        /// unless `--no-header`.
        case delimitedRows(delimiter: UInt8, quoting: Bool)
        /// JSON values; records are the values at `recordDepth` (0: top-level values, one per line;
        /// 1: the elements or members of one top-level array or object).
        case jsonValues(recordDepth: Int)
    }

    /// The name messages give the format: `JSON`, `JSON Lines`, `CSV`, `TSV`.
    public let displayName: String
    /// File name extensions that name the format, lowercase, without the dot.
    public let extensions: [String]
    /// True when the format names its columns before any record (a header row): the columns of
    /// one such input are known before its rows.
    public let declaresColumns: Bool
    /// True when `--path` can select a value inside the input (JSON).
    public let hasPaths: Bool
    /// True when the input grows record by record, so `--follow` reads it as it is appended.
    public let growsByRecord: Bool
    /// How records lie in lines (the default delimiter for delimited rows).
    public let recordLayout: RecordLayout
    /// The style that writes records back in this format (the browser's output when `q` writes
    /// marked rows, `MachineStyleRoundTrip`).
    public let ownStyle: OutputStyle
    /// Opens a reader of `input` with `loader`'s options, sharing its schema.
    let open: @Sendable (_ input: ByteInput, _ loader: InputLoader) throws -> any RecordSource

    /// The format whose style `style` is, if any: what `style`'s output reads back as.
    public static func written(by style: OutputStyle) -> InputFormat? {
        InputFormat.allCases.first { $0.descriptor.ownStyle == style }
    }

    /// The format a file name's extension names, if any.
    public static func named(byExtensionOf path: String) -> InputFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let ending = path[path.index(after: dot)...].lowercased()
        return InputFormat.allCases.first { $0.descriptor.extensions.contains(ending) }
    }
}

extension InputFormat {
    /// The registration: each format's descriptor.
    public var descriptor: FormatDescriptor {
        switch self {
        case .json: return .json
        case .jsonl: return .jsonLines
        case .csv: return .csv
        case .tsv: return .tsv
        }
    }
}
