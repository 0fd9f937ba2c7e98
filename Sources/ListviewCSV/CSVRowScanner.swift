import Glibc
import ListviewBatches
import ListviewInput
import ListviewValues

/// Receives the fields of the rows a `CSVRowScanner` finds.
protocol CSVFieldVisitor {
    /// Field `column` (0-based) of the current row; `escaped` when its text still holds
    /// doubled quotes (`""`) to be read as one. The bytes are valid until `endRow`. The fields of a row
    /// found unfinished at the end of the bytes are handed over again, from column 0, with the next bytes.
    mutating func field(_ column: Int, _ bytes: UnsafeRawBufferPointer, escaped: Bool)
    /// The current row ended after `fields` fields.
    mutating func endRow(fields: Int)
}

/// Finds the rows and fields of CSV text by itself, without libcsv: the fast way through a
/// whole file when only a few columns matter (`--counts`).
///
/// It reads exactly what `LibcsvParser` reads for well-formed input — rows end at
/// CR, LF or CRLF, blank lines are skipped, a field starting with a quote is
/// quoted and `""` inside it is one quote, no spaces are trimmed — and gives up
/// on anything else (a stray quote, text after a closing quote, a quoted field
/// open at the end): then the caller reads the input with libcsv, which reports
/// or keeps such text as its options say.
struct CSVRowScanner {
    /// What one call made of the bytes.
    enum Outcome: Equatable {
        /// The complete rows before this offset, `rows` of them, were handed to the visitor; the rest
        /// is an unfinished row (or blank lines).
        case consumed(Int, rows: Int)
        /// The text is not plain, well-formed CSV; nothing can be said about where rows end.
        case irregular
    }

    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
    let delimiter: UInt8
    /// Nonzero for the bytes that end an unquoted field's text: the delimiter, CR, LF and the quote.
    private let stops: [Bool]

    /// A scanner for fields separated by `delimiter`; nil for a delimiter that cannot separate fields (a quote or a line break).
    init?(delimiter: UInt8) {
        guard delimiter != Self.quote, delimiter != Self.lineFeed, delimiter != Self.carriageReturn else { return nil }
        self.delimiter = delimiter
        var stops = [Bool](repeating: false, count: 256)
        for byte in [delimiter, Self.quote, Self.lineFeed, Self.carriageReturn] { stops[Int(byte)] = true }
        self.stops = stops
    }

    /// Hands the complete rows in `bytes` to `visitor`, at most `maxRows` of them. With `atEnd`, the
    /// bytes run to the end of the input, so a last row without a line break is complete too.
    func scan<Visitor: CSVFieldVisitor>(_ bytes: UnsafeRawBufferPointer, atEnd: Bool, maxRows: Int = .max,
                                        into visitor: inout Visitor) -> Outcome {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return .consumed(0, rows: 0) }
        let end = bytes.count
        var rows = 0
        var position = 0
        return stops.withUnsafeBufferPointer { stops -> Outcome in
            rowLoop: while rows < maxRows {
                let rowStart = position
                // Blank lines, and the LF of a CRLF, hold no row.
                while position < end, base[position] == Self.lineFeed || base[position] == Self.carriageReturn { position += 1 }
                guard position < end else { return .consumed(position, rows: rows) }
                var column = 0
                while true {  // at the start of a field
                    if position == end {
                        // Only after a delimiter: the row's last field is empty.
                        guard atEnd else { return .consumed(rowStart, rows: rows) }
                        visitor.field(column, UnsafeRawBufferPointer(start: base + end, count: 0), escaped: false)
                        visitor.endRow(fields: column + 1)
                        return .consumed(end, rows: rows + 1)
                    }
                    if base[position] == Self.quote {
                        let contentStart = position + 1
                        var searchFrom = contentStart
                        var escaped = false
                        while true {
                            guard searchFrom < end, let hit = memchr(base + searchFrom, Int32(Self.quote), end - searchFrom) else {
                                return atEnd ? .irregular : .consumed(rowStart, rows: rows)  // a quoted field left open
                            }
                            let closing = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                            let content = UnsafeRawBufferPointer(start: base + contentStart, count: closing - contentStart)
                            guard closing + 1 < end else {
                                guard atEnd else { return .consumed(rowStart, rows: rows) }
                                visitor.field(column, content, escaped: escaped)
                                visitor.endRow(fields: column + 1)
                                return .consumed(end, rows: rows + 1)
                            }
                            let next = base[closing + 1]
                            if next == Self.quote {
                                escaped = true
                                searchFrom = closing + 2
                                continue
                            }
                            visitor.field(column, content, escaped: escaped)
                            column += 1
                            if next == delimiter {
                                position = closing + 2
                                break
                            }
                            guard next == Self.lineFeed || next == Self.carriageReturn else { return .irregular }
                            position = closing + 1
                            visitor.endRow(fields: column)
                            rows += 1
                            continue rowLoop
                        }
                        continue
                    }
                    var stop = position
                    while stop < end, !stops[Int(base[stop])] { stop += 1 }
                    let text = UnsafeRawBufferPointer(start: base + position, count: stop - position)
                    if stop == end {
                        guard atEnd else { return .consumed(rowStart, rows: rows) }
                        visitor.field(column, text, escaped: false)
                        visitor.endRow(fields: column + 1)
                        return .consumed(end, rows: rows + 1)
                    }
                    let byte = base[stop]
                    if byte == Self.quote { return .irregular }  // a quote inside an unquoted field
                    visitor.field(column, text, escaped: false)
                    column += 1
                    position = stop + 1
                    if byte != delimiter {
                        visitor.endRow(fields: column)
                        rows += 1
                        continue rowLoop
                    }
                }
            }
            return .consumed(position, rows: rows)
        }
    }
}
