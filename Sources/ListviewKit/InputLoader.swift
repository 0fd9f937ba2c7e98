import ListviewCore
import ListviewJSON

/// Opens the inputs of a run and picks a reader for each by format.
///
/// The format comes from `--input`, else the file's extension, else a sniff
/// of its first bytes. Every input shares one `RecordSchema`, so columns
/// keep their first-seen order across files.
public struct InputLoader {
    public var format: InputFormat?
    /// `--path` components: the nested value to list.
    public var path: [String]
    public var schema: RecordSchema

    public init(format: InputFormat? = nil, path: [String] = [], schema: RecordSchema = RecordSchema()) {
        self.format = format
        self.path = path
        self.schema = schema
    }

    /// A source over `paths` one after another; no path, or `-`, is standard input.
    public func open(_ paths: [String]) throws -> ConcatenatedSource {
        let paths = paths.isEmpty ? ["-"] : paths
        return ConcatenatedSource(try paths.map { try open(path: $0) })
    }

    /// A source for one input.
    public func open(path: String) throws -> any RecordSource {
        let input = try ByteInput(path: path)
        let format = try self.format ?? InputFormat.fromExtension(of: path) ?? InputFormat.sniff(input.peek())
        switch format {
        case .json:
            return JSONRecordSource(input: input, lines: false, path: self.path, schema: schema)
        case .jsonl:
            return JSONRecordSource(input: input, lines: true, path: self.path, schema: schema)
        case .csv, .tsv:
            throw ListviewError.usage("\(input.name): \(format.rawValue.uppercased()) input is not supported yet; listview reads JSON and JSON Lines")
        }
    }
}
