import ListviewCSV
import ListviewInput

/// CSV and TSV, both read by libcsv (`CSVRecordSource`).
extension FormatDescriptor {
    /// RFC 4180 CSV; a header that splits on another separator than commas is read so, with a note.
    public static let csv = FormatDescriptor(
        displayName: "CSV", extensions: ["csv"], declaresColumns: true, hasPaths: false, growsByRecord: true,
        recordLayout: .delimitedRows(delimiter: UInt8(ascii: ","), quoting: true), ownStyle: .csv
    ) { input, loader in
        var options = loader.csv
        options.onlyColumns = loader.onlyColumns
        options.delimiter = loader.delimiter ?? UInt8(ascii: ",")
        var note: String?
        if loader.delimiter == nil, let separator = try sniffedSeparator(input) {
            options.delimiter = separator
            note = "\(input.name): the header splits on \(DelimiterSniff.name(of: separator)), not on commas: read as --delimiter \(DelimiterSniff.name(of: separator))"
        }
        let source = CSVRecordSource(input: input, options: options, schema: loader.schema)
        if let note { source.notes.append(note) }
        return source
    }

    /// Tab-separated values. TSV has no quoting: a quote is text, and tabs, line breaks and
    /// backslashes in a value are the escapes listview's own `--style tsv` writes.
    public static let tsv = FormatDescriptor(
        displayName: "TSV", extensions: ["tsv", "tab"], declaresColumns: true, hasPaths: false, growsByRecord: true,
        recordLayout: .delimitedRows(delimiter: UInt8(ascii: "\t"), quoting: false), ownStyle: .tsv
    ) { input, loader in
        var options = loader.csv
        options.onlyColumns = loader.onlyColumns
        options.delimiter = loader.delimiter ?? UInt8(ascii: "\t")
        options.quoting = false
        options.strictQuotes = false
        options.backslashEscapes = true
        return CSVRecordSource(input: input, options: options, schema: loader.schema)
    }

    /// The separator a CSV input's first lines split on when it is not a comma (`DelimiterSniff`),
    /// read until those lines are whole, whatever the timing of a pipe.
    private static func sniffedSeparator(_ input: ByteInput) throws -> UInt8? {
        let (prefix, _) = try input.peek(until: { DelimiterSniff.firstLines(of: $0, atEnd: false) != nil },
                                         limit: FormatSniff.longestWait)
        return DelimiterSniff.firstLines(of: prefix[...], atEnd: true).flatMap(DelimiterSniff.separator(of:))
    }
}
