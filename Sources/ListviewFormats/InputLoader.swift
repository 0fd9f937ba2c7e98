import ListviewBatches
import ListviewCSV
import ListviewCompression
import ListviewInput
import ListviewJSON
import ListviewValues

/// Opens the inputs of a run and picks a reader for each by format.
///
/// The format comes from `--input`, else the file's extension, else a sniff
/// of its first bytes. Every input shares one `RecordSchema`, so columns
/// keep their first-seen order across files.
public struct InputLoader {
    public var format: InputFormat?
    /// `--path` components: the nested value to list (JSON).
    public var path: [String]
    /// CSV and TSV settings; the delimiter is replaced by a tab for TSV unless `delimiter` is set.
    public var csv: CSVOptions
    /// `--delimiter`, which wins over the format's own.
    public var delimiter: UInt8?
    public var schema: RecordSchema
    /// `--follow`: every input is read on as it grows, until this is stopped.
    public var following: Following?
    /// The only columns whose cells the readers keep (`ReadSpec.onlyColumns`); nil: all.
    public var onlyColumns: Set<String>?
    /// A JSON document that is one object is one record (`ReadSpec.rootObjectIsRecord`).
    public var rootObjectIsRecord = false

    public init(format: InputFormat? = nil, path: [String] = [], csv: CSVOptions = CSVOptions(),
                delimiter: UInt8? = nil, schema: RecordSchema = RecordSchema(), following: Following? = nil,
                onlyColumns: Set<String>? = nil) {
        self.format = format
        self.path = path
        self.csv = csv
        self.delimiter = delimiter
        self.schema = schema
        self.following = following
        self.onlyColumns = onlyColumns
    }

    /// The opened inputs: one source over all of them, and the format each was read as.
    public struct Opened {
        public var source: ConcatenatedSource
        public var formats: [InputFormat]

        /// True when every input is a regular file: reading it never waits for a writer (nor, with
        /// `--follow`, for the file to grow: then it is false).
        public var areRegularFiles = false
    }

    /// Opens `paths` one after another; no path, or `-`, is standard input.
    public func open(_ paths: [String]) throws -> Opened {
        let paths = paths.isEmpty ? ["-"] : paths
        var sources: [any RecordSource] = []
        var formats: [InputFormat] = []
        var regular = true
        for path in paths {
            let input = try ByteInput(path: path)
            let (source, format) = try open(input, path: path)
            if let following { try Self.follow(input, read: format, path: path, with: following) }
            sources.append(source)
            formats.append(format)
            regular = regular && input.isRegularFile && following == nil
        }
        var opened = Opened(source: ConcatenatedSource(sources, nestedDecoder: JSONNestedValue.decode), formats: formats)
        opened.areRegularFiles = regular
        return opened
    }

    /// `--follow` on `input`, read as `format`: JSON Lines, CSV and TSV grow record by record
    /// (`FormatDescriptor.growsByRecord`), a JSON document (a top-level array) cannot, nor can a
    /// compressed input: usage errors.
    private static func follow(_ input: ByteInput, read format: InputFormat, path: String, with following: Following) throws {
        let name = displayName(of: path)
        guard format.descriptor.growsByRecord else {
            throw ListviewError.usage(
                "--follow reads records as they are appended: JSON Lines, CSV or TSV; \(name) is read as a JSON document, which does not grow record by record (--input jsonl reads one value per line)")
        }
        if let compression = input.compression {
            throw ListviewError.usage("--follow reads plain text as it is appended; \(name) is compressed (\(compression.rawValue))")
        }
        input.follow(following)
    }

    /// A source for one input, and its format.
    public func open(path: String) throws -> (any RecordSource, InputFormat) {
        try open(ByteInput(path: path), path: path)
    }

    /// A source for `input`, opened from `path`, and its format.
    private func open(_ input: ByteInput, path: String) throws -> (any RecordSource, InputFormat) {
        // A compressed file's format is named by the extension inside (`orders.csv.gz`).
        let named = input.compression == nil ? path : CompressedFormat.innerPath(of: path)
        let format = try self.format ?? FormatDescriptor.named(byExtensionOf: named)
            ?? FormatSniff.format(of: input, objectIsJSONLines: following != nil).format
        let descriptor = format.descriptor
        // A table has no nesting to walk: a path would be ignored and every row listed.
        guard self.path.isEmpty || descriptor.hasPaths else {
            throw ListviewError.usage("--path '\(self.path.joined(separator: "."))' selects a value inside JSON; "
                                      + "\(Self.displayName(of: path)) is read as \(descriptor.displayName)")
        }
        return (try descriptor.open(input, self), format)
    }

    /// How an input is named in messages: its path, or `standard input` for `-`.
    public static func displayName(of path: String) -> String {
        path == "-" ? "standard input" : path
    }
}
