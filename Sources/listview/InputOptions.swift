import ArgumentParser
import ListviewBatches
import ListviewInput
import ListviewKit
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewValues

/// How records are read: format, CSV dialect, and the nested value to list (for a list and a diff alike).
struct InputOptions: ParsableArguments {
    @Option(name: .customLong("input"),
            help: ArgumentHelp("Input format (default: from the file extension, else sniffed from the content).",
                               valueName: "format"))
    var format: InputFormat?

    @Option(help: ArgumentHelp("List the value at this dotted path, e.g. 'data.items' or 'results.0.rows'.",
                               valueName: "path"))
    var path: String?

    @Option(help: ArgumentHelp("CSV field separator: one character, or '\\t' for tab (default: ',' for CSV, tab for TSV).",
                               valueName: "char"))
    var delimiter: String?

    @Flag(name: .customLong("no-header"), help: "CSV/TSV: the first row is data; columns are named 1, 2, 3, ….")
    var noHeader = false

    @Flag(name: .customLong("no-infer"), help: "CSV/TSV: keep every cell a string (no numbers for sorting and alignment).")
    var noInfer = false

    @Flag(name: .customLong("lazy-quotes"),
          help: "CSV/TSV: keep a stray quote as text instead of failing (strict RFC 4180 is the default).")
    var lazyQuotes = false

    @Option(name: .customLong("null-value"),
            help: ArgumentHelp("CSV/TSV: cells with exactly this text are null (sorted last, never compared, counted as nulls), e.g. NA or '\\N'; repeatable.",
                               valueName: "text"))
    var nullValues: [String] = []

    func validate() throws {
        if let delimiter { _ = try Self.delimiterByte(delimiter) }
    }

    /// `,` → 0x2C; `\t` or a real tab → 0x09; anything else longer than one byte is an error.
    static func delimiterByte(_ text: String) throws -> UInt8 {
        if text == "\\t" || text == "tab" { return 0x09 }
        let bytes = Array(text.utf8)
        guard bytes.count == 1, let byte = bytes.first, byte != UInt8(ascii: "\""), byte != 0x0A, byte != 0x0D else {
            throw ValidationError("--delimiter takes one ASCII character other than a quote or a line break, or '\\t', not '\(text)'")
        }
        return byte
    }

    func apply(to request: inout ListRequest) throws {
        request.read.format = format
        request.read.delimiter = try delimiter.map(Self.delimiterByte)
        request.read.csv.hasHeader = !noHeader
        request.read.csv.inferTypes = !noInfer
        request.read.csv.strictQuotes = !lazyQuotes
        request.read.csv.nullValues = nullValues
        if let path {
            request.read.path = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        }
    }
}

extension InputFormat: ExpressibleByArgument {}
