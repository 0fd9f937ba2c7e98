import Glibc
import ListviewBatches
import ListviewCSV
import ListviewCompression
import ListviewFormats
import ListviewInput
import ListviewShaping
import ListviewSpilling
import ListviewValues

/// What a run reads, and how: the inputs, their format and the reading options. The first of a
/// request's three values (reading, `Arrangement`, look); the list, both sides of a diff and the
/// browser each read through one (`BatchStream`).
public struct ReadSpec: Sendable {
    /// Input paths; empty or `-` means standard input.
    public var inputs: [String] = []
    /// `--input`: the format of every input, or nil for each file's extension, else a sniff.
    public var format: InputFormat?
    /// The nested value to list (`--path a.b.0`), as components.
    public var path: [String] = []
    /// CSV and TSV reading: header, type inference, quoting, `--null-value`.
    public var csv = CSVOptions()
    /// `--delimiter`: the CSV field separator, for every delimited input.
    public var delimiter: UInt8?
    /// `--file-field`: the name of a first field holding each record's input file.
    public var fileField: String?
    /// `--follow` (the browser): the inputs are read on as they grow, until this is stopped.
    public var following: Following?
    /// `--flatten`, `--explode`, `--unflatten`: records reshaped as they are read.
    public var shaping = RecordShaping()
    /// The only columns whose cells are read, when the run looks at no others (`ListPlanner.columnsRead`):
    /// the readers pass the other values over (a CSV reader leaves their columns out too). nil: all.
    public var onlyColumns: Set<String>?
    /// A JSON input whose top-level value is an object is read as one record of its members (a
    /// diff's one-document fixture) instead of a record per member; arrays still list their elements.
    public var rootObjectIsRecord = false

    public init(inputs: [String] = []) {
        self.inputs = inputs
    }

    /// The same reading of other inputs (each side of a diff).
    public func reading(_ inputs: [String]) -> ReadSpec {
        var spec = self
        spec.inputs = inputs
        return spec
    }

    /// The inputs as opened: no path means standard input.
    var paths: [String] { inputs.isEmpty ? ["-"] : inputs }

    /// The name messages give the inputs as a whole: one input's name, or `the inputs`.
    public var inputsName: String {
        paths.count == 1 ? InputLoader.displayName(of: paths[0]) : "the inputs"
    }

    /// How a loading line or a status line names the inputs: one input's name, or `N files`.
    public var label: String {
        let named = inputs.filter { $0 != "-" }
        return named.isEmpty ? InputLoader.displayName(of: "-") : named.count == 1 ? named[0] : "\(named.count) files"
    }

    /// Opens every input into one source sharing `schema`, with `--file-field` applied; an input
    /// that cannot be read as its format says so with a hint at the format or encoding it looks like.
    func open(schema: RecordSchema) throws -> InputLoader.Opened {
        var loader = self.loader
        loader.schema = schema
        var opened = try withReadingHints { try loader.open(inputs) }
        if let fileField { opened.source.fileField = (fileField, paths) }
        return opened
    }

    /// `body`, its malformed-input error given the format hint (`FormatHint`) or the encoding
    /// hint (`EncodingHint`) where one applies.
    func withReadingHints<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as ListviewError {
            throw EncodingHint.annotated(FormatHint.annotated(error, inputs: inputs, loader: loader), inputs: inputs)
        }
    }

    /// The reader options of this reading, for opening one input (`InputLoader`).
    public var loader: InputLoader {
        var loader = InputLoader(format: format, path: path, csv: csv, delimiter: delimiter, following: following, onlyColumns: onlyColumns)
        loader.rootObjectIsRecord = rootObjectIsRecord
        return loader
    }

    /// The size of the regular, uncompressed file at `path`: what reading it whole holds, about;
    /// nil for standard input, a pipe, a device or a compressed file (which holds several times
    /// its size).
    public static func plainFileSize(of path: String) -> Int? {
        guard let size = regularFileSize(of: path), CompressedFormat.ofFile(path) == nil else { return nil }
        return size
    }

    /// The size of the regular file at `path`, compressed or not; nil for standard input, a pipe,
    /// a device, or a path that cannot be read. Nothing is opened: a FIFO keeps its bytes.
    public static func regularFileSize(of path: String) -> Int? {
        var info = stat()
        guard path != "-", stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}

extension MemoryPlan {
    /// Decides for the inputs `read` names under `budget` (nil: no limit). Each input is looked
    /// into only when the decision takes it, and only a regular file is (its size, then whether
    /// it is compressed): opening a FIFO would take the bytes its reader waits for.
    public init(reading read: ReadSpec, budget: MemoryBudget?) {
        let inputs = read.inputs.lazy.map { input -> MemoryPlan.Input in
            guard let size = ReadSpec.regularFileSize(of: input) else { return .pipe(input == "-" ? "<stdin>" : input) }
            return .file(input, bytes: size, compressed: CompressedFormat.ofFile(input) != nil)
        }
        self.init(inputs: inputs, followed: read.following != nil, budget: budget)
    }
}
