import ListviewBatches
import ListviewInput
import ListviewValues

/// A file that fails to parse in the format its name suggests, but that reads whole in another
/// format, gets that said in its error: JSON saved as `cars.csv` is not a CSV file with a stray
/// quote, and `--lazy-quotes` would only print garbage.
public enum FormatHint {
    /// `error` with the hint added when it is malformed input from a file among `inputs`, read
    /// with `loader`, whose format came from its extension (not `--input`), whose content sniffs
    /// as another format, and which that other format reads to its end without an error: the hint
    /// is given only when following it works.
    public static func annotated(_ error: ListviewError, inputs: [String], loader: InputLoader) -> ListviewError {
        guard loader.format == nil, case let .malformedInput(source, line, column, message) = error,
              inputs.contains(source), let named = FormatDescriptor.named(byExtensionOf: source),
              let looks = sniffedFormat(of: source), !alike(looks, named),
              readsWhole(source, as: looks, loader: loader) else { return error }
        // The advice for the named format (`use --lazy-quotes`) no longer applies.
        var text = message
        if text.hasSuffix(")"), let open = text.lastIndex(of: "(") { text = String(text[..<open]).trimmingWhitespace }
        let hint = "the file looks like \(looks.descriptor.displayName), not \(named.descriptor.displayName): try --input \(looks.rawValue)"
        return .malformedInput(source: source, line: line, column: column, message: "\(text); \(hint)")
    }

    /// JSON and JSON Lines are told apart by the sniff; formats of delimited rows (CSV, TSV) are
    /// one family, told apart by their separator.
    private static func alike(_ a: InputFormat, _ b: InputFormat) -> Bool {
        a == b || (a.descriptor.declaresColumns && b.descriptor.declaresColumns)
    }

    /// The format the file at `path` sniffs as (`FormatSniff`, the rule for standard input), or
    /// nil when it is empty or blank (no evidence for any format).
    private static func sniffedFormat(of path: String) -> InputFormat? {
        guard let input = try? ByteInput(path: path, chunkSize: 1 << 16), let (format, bytes) = try? FormatSniff.format(of: input),
              bytes.contains(where: { !TextPosition.isWhitespace($0) }) else { return nil }
        return format
    }

    /// True when the file at `path` reads to its end as `format` with the run's other reading
    /// options. Only a failing run pays for this second reading.
    private static func readsWhole(_ path: String, as format: InputFormat, loader run: InputLoader) -> Bool {
        let loader = InputLoader(format: format, path: run.path, csv: run.csv, delimiter: run.delimiter)
        do {
            var (source, _) = try loader.open(path: path)
            let schema = RecordSchema()
            while try source.nextBatch(schema: schema) != nil {}
            return true
        } catch {
            return false
        }
    }
}
