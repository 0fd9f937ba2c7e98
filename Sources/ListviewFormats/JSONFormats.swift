import ListviewJSON

/// JSON documents and JSON Lines, both read by `JSONRecordSource`.
extension FormatDescriptor {
    /// A JSON document: the records are its top-level array's elements (or `--path`'s value).
    public static let json = FormatDescriptor(
        displayName: "JSON", extensions: ["json"], declaresColumns: false, hasPaths: true, growsByRecord: false,
        recordLayout: .jsonValues(recordDepth: 1), ownStyle: .json
    ) { input, loader in
        JSONRecordSource(input: input, lines: false, path: loader.path, schema: loader.schema, onlyColumns: loader.onlyColumns,
                         rootObjectIsRecord: loader.rootObjectIsRecord)
    }

    /// JSON Lines: one value per line.
    public static let jsonLines = FormatDescriptor(
        displayName: "JSON Lines", extensions: ["jsonl", "ndjson"], declaresColumns: false, hasPaths: true, growsByRecord: true,
        recordLayout: .jsonValues(recordDepth: 0), ownStyle: .jsonl
    ) { input, loader in
        JSONRecordSource(input: input, lines: true, path: loader.path, schema: loader.schema, onlyColumns: loader.onlyColumns)
    }
}
