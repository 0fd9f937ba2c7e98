import ListviewInput
import ListviewValues

/// A file that fails to parse in the format its name suggests, but whose first bytes look like
/// another format, gets that said in its error: JSON saved as `cars.csv` is not a CSV file
/// with a stray quote, and `--lazy-quotes` would only print garbage.
enum FormatHint {
    /// `error` with the hint added when it is malformed input from a file among `reading.inputs`
    /// whose format came from its extension (not `--input`) and whose content sniffs as another.
    static func annotated(_ error: ListviewError, reading: ReadSpec) -> ListviewError {
        guard reading.format == nil, case let .malformedInput(source, line, column, message) = error,
              reading.inputs.contains(source), let named = InputFormat.fromExtension(of: source),
              let (looks, lines) = sniffedFormat(of: source), !alike(looks, named),
              // One line of JSON is as much JSON Lines as JSON: no evidence for either.
              !(named == .jsonl && looks == .json && lines < 2) else { return error }
        // The advice for the named format (`use --lazy-quotes`) no longer applies.
        var text = message
        if text.hasSuffix(")"), let open = text.lastIndex(of: "(") { text = String(text[..<open]).trimmingWhitespace }
        let hint = "the file looks like \(looks.displayName), not \(named.displayName): try --input \(looks.rawValue)"
        return .malformedInput(source: source, line: line, column: column, message: "\(text); \(hint)")
    }

    /// JSON and JSON Lines are told apart by the sniff; CSV and TSV are the same family.
    private static func alike(_ a: InputFormat, _ b: InputFormat) -> Bool {
        a == b || (a != .json && a != .jsonl && b != .json && b != .jsonl)
    }

    /// The format `InputFormat.sniff` finds in the first bytes of the file at `path`, and how many
    /// lines that are not blank those bytes hold.
    private static func sniffedFormat(of path: String) -> (format: InputFormat, lines: Int)? {
        guard let input = try? ByteInput(path: path, chunkSize: 1 << 16), let prefix = try? input.peek() else { return nil }
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        // Empty or blank text looks like nothing (the sniff's JSON Lines default is no evidence).
        guard prefix.contains(where: { !isSpace($0) }) else { return nil }
        let lines = prefix.split(separator: 0x0A).filter { $0.contains { !isSpace($0) } }.count
        return (InputFormat.sniff(prefix), lines)
    }
}
