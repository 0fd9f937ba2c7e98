import ListviewInput
import ListviewValues

/// The line each record of a file begins on, found by reading the file once more: where a
/// `--style github` annotation points.
///
/// Records are counted as the readers count them: a CSV or TSV row after the header (a
/// quoted field's line breaks inside its row, blank lines skipped), a JSON Lines value, and
/// an element or member of a JSON document's top-level array or object (a byte order mark is
/// dropped by `ByteInput`, as for the readers). Lines end at LF,
/// CRLF or a lone CR, as in error positions (`TextPosition`). The scan must find exactly
/// as many records as the reader did (`expected`), else it gives no lines at all rather
/// than lines that may be wrong: standard input (which cannot be read again), `--path`,
/// and any dialect the scan does not know.
public struct RecordLines {
    /// The first line of each wanted record, by record number (counted from 0).
    public private(set) var lines: [Int: Int] = [:]

    /// Scans `path`, read as `format` with `loader`'s options, for the lines of the `wanted`
    /// records; nil when it cannot, or when it counts other than `expected` records.
    public static func find(in path: String, format: InputFormat, loader: InputLoader, wanted: Set<Int>, expected: Int) -> RecordLines? {
        guard path != "-", loader.path.isEmpty, let input = try? ByteInput(path: path) else { return nil }
        var scanner: Scanner
        switch format.descriptor.recordLayout {
        case .delimitedRows(let delimiter, let quoting):
            scanner = Scanner(rows: RowScan(delimiter: loader.delimiter ?? delimiter, quoting: quoting && loader.csv.quoting,
                                            skipsHeader: loader.csv.hasHeader))
        case .jsonValues(let recordDepth):
            scanner = Scanner(values: ValueScan(recordDepth: recordDepth))
        }
        scanner.wanted = wanted
        do {
            while try input.withNextChunk({ scanner.scan($0) }) {}
        } catch {
            return nil
        }
        guard scanner.records == expected else { return nil }
        return RecordLines(lines: scanner.found)
    }

    /// Reads bytes, counting lines, and notes where records begin.
    private struct Scanner {
        var rows: RowScan?
        var values: ValueScan?
        var wanted: Set<Int> = []
        var found: [Int: Int] = [:]
        var records = 0
        var line = 1
        var afterCR = false

        init(rows: RowScan) { self.rows = rows }
        init(values: ValueScan) { self.values = values }

        mutating func scan(_ bytes: UnsafeRawBufferPointer) {
            for byte in bytes {
                let lineBreak = byte == 0x0A || byte == 0x0D
                // An LF right after a CR is the same line break.
                if byte == 0x0A && afterCR {
                    afterCR = false
                    continue
                }
                afterCR = byte == 0x0D
                let begins = rows?.step(byte, lineBreak: lineBreak) ?? values?.step(byte) ?? false
                if begins { begin() }
                if lineBreak { line += 1 }
            }
        }

        mutating func begin() {
            if wanted.contains(records) { found[records] = line }
            records += 1
        }
    }

    /// CSV and TSV rows: a row begins at its first byte that is not a line break; a line break
    /// outside quotes ends it.
    private struct RowScan {
        let delimiter: UInt8
        let quoting: Bool
        var skipsHeader: Bool
        var inRow = false
        var inQuotes = false
        /// A quote seen inside quotes: it ends them unless another quote follows.
        var quoteInQuotes = false
        var atFieldStart = true

        init(delimiter: UInt8, quoting: Bool, skipsHeader: Bool) {
            (self.delimiter, self.quoting, self.skipsHeader) = (delimiter, quoting, skipsHeader)
        }

        /// Moves past `byte`; true when a record (not the header) begins at it.
        mutating func step(_ byte: UInt8, lineBreak: Bool) -> Bool {
            if inQuotes {
                if quoteInQuotes {
                    quoteInQuotes = false
                    if byte == UInt8(ascii: "\"") { return false }
                    inQuotes = false  // the quote closed the field: this byte follows it
                } else {
                    if byte == UInt8(ascii: "\"") { quoteInQuotes = true }
                    return false
                }
            }
            if lineBreak {
                inRow = false
                atFieldStart = true
                return false
            }
            var begins = false
            if !inRow {
                inRow = true
                if skipsHeader { skipsHeader = false } else { begins = true }
            }
            if byte == delimiter {
                atFieldStart = true
            } else {
                if quoting && atFieldStart && byte == UInt8(ascii: "\"") { inQuotes = true }
                atFieldStart = false
            }
            return begins
        }
    }

    /// JSON values: a record begins at a value's first byte at `recordDepth` (0: JSON Lines'
    /// top-level values; 1: the elements of a top-level array, or the members of a top-level
    /// object, at their name).
    private struct ValueScan {
        let recordDepth: Int
        var depth = 0
        var inString = false
        var escaped = false
        /// Inside a scalar (a number, true, false or null) at the record depth.
        var inScalar = false
        /// Inside an object at depth 1, after a member's name: its value is not a record of its own.
        var objectAtTop: Bool?
        var afterColon = false

        init(recordDepth: Int) { self.recordDepth = recordDepth }

        mutating func step(_ byte: UInt8) -> Bool {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                return false
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                inScalar = false
                return false
            case UInt8(ascii: ","):
                inScalar = false
                if depth == 1 { afterColon = false }
                return false
            case UInt8(ascii: ":"):
                if depth == 1 { afterColon = true }
                return false
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                inScalar = false
                depth -= 1
                return false
            default:
                break
            }
            let begins = startsRecord()
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if depth == 0 && recordDepth == 1 { objectAtTop = byte == UInt8(ascii: "{") }
                depth += 1
                inScalar = false
            case UInt8(ascii: "\""):
                inString = true
            default:
                inScalar = true
            }
            return begins
        }

        /// True when a value beginning here (at the current depth) is a record.
        private func startsRecord() -> Bool {
            guard depth == recordDepth, !inScalar else { return false }
            // A member's value, after its name, is part of the member that began at the name.
            return !(recordDepth == 1 && objectAtTop == true && afterColon)
        }
    }
}
