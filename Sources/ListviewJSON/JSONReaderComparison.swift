import Glibc
import ListviewBatches
import ListviewConcurrency
import ListviewInput
import ListviewValues

/// The simdjson reader against the stream parser's reading it stands in for, on one file: what
/// each gives and the first difference. `SimdjsonReaderTests` and the `json` fuzz target compare
/// them through it.
///
/// A regular file is read with simdjson (`SimdjsonParser`, `JSONStreamParser` taking over where it
/// does not read) and with the stream parser alone, batch by batch and as one table in parts: the
/// two must give the same batches (columns, rows, field orders, each cell's kind and bytes) and
/// the same error. The same bytes read from a pipe (the stream parser, positions counted as they
/// are read, in chunks as the pipe gives them) must give the same rows and error, in batches of
/// their own; before an error, each hands out the rows of the chunks it read whole, so there
/// one's rows need only begin the other's.
public enum JSONReaderComparison {
    /// What a read gave.
    public struct Reading: Equatable, Sendable {
        /// Each batch's columns, field orders and cells (`dump`); one for a table read whole.
        public var batches: [String] = []
        /// Each row's fields in order, kind and bytes, whatever batch it came in.
        public var rows: [String] = []
        /// The error that ended the read, without the input's name (a pipe has another).
        public var error: String?
        /// Whether simdjson still read the input at the end (the stream parser did not take over).
        public var usedSimdjson = false
        /// Whether simdjson's projection read some of its records (`listview_simdjson_keep`).
        public var projected = false
    }

    /// The readings of one file and what differs between them.
    public struct Outcome: Sendable {
        /// The file read batch by batch with simdjson.
        public var simdjson: Reading
        /// The first difference found, or nil when the readers agree.
        public var difference: String?
    }

    /// Reads `path` (JSON Lines, or one JSON text) every way, in chunks of `chunkSize` bytes,
    /// keeping the cells of `onlyColumns` alone when given (`ReadSpec.onlyColumns`).
    public static func compare(path: String, lines: Bool, chunkSize: Int, onlyColumns: Set<String>? = nil) throws -> Outcome {
        let fast = try read(path: path, lines: lines, simdjson: true, chunkSize: chunkSize, onlyColumns: onlyColumns)
        let slow = try read(path: path, lines: lines, simdjson: false, chunkSize: chunkSize, onlyColumns: onlyColumns)
        if let difference = difference(fast, slow, batches: true) {
            return Outcome(simdjson: fast, difference: "batch by batch: \(difference)")
        }
        let fastWhole = try read(path: path, lines: lines, simdjson: true, chunkSize: chunkSize, whole: true, onlyColumns: onlyColumns)
        let slowWhole = try read(path: path, lines: lines, simdjson: false, chunkSize: chunkSize, whole: true, onlyColumns: onlyColumns)
        if let difference = difference(fastWhole, slowWhole, batches: true) {
            return Outcome(simdjson: fast, difference: "whole, in parts: \(difference)")
        }
        let piped = try readPiped(path: path, lines: lines, chunkSize: chunkSize, onlyColumns: onlyColumns)
        if let difference = difference(fast, piped, batches: false, allRowsBeforeAnError: false) {
            return Outcome(simdjson: fast, difference: "file against pipe: \(difference)")
        }
        return Outcome(simdjson: fast, difference: nil)
    }

    /// `path` read batch by batch, or as one table read in parts on two threads (`whole`), with
    /// simdjson first or with the stream parser alone.
    static func read(path: String, lines: Bool, simdjson: Bool, chunkSize: Int, whole: Bool = false,
                     onlyColumns: Set<String>? = nil) throws -> Reading {
        let input = try ByteInput(path: path, chunkSize: chunkSize)
        let source = JSONRecordSource(input: input, lines: lines, schema: RecordSchema(), maxDepth: JSONRecordSource.defaultMaxDepth,
                                      onlyColumns: onlyColumns, simdjson: simdjson)
        var reading = Reading()
        do {
            if whole {
                source.parallelThreshold = 1
                if let table = try source.cellTable() { reading.add(table) }
            } else {
                while let batch = try source.nextBatch(schema: RecordSchema()) { reading.add(batch) }
            }
        } catch {
            reading.error = unnamed(error)
        }
        reading.usedSimdjson = source.readsWithSimdjson
        reading.projected = source.projectedParses > 0
        return reading
    }

    /// The bytes of `path` read from a pipe, written to it on another thread as they are read.
    static func readPiped(path: String, lines: Bool, chunkSize: Int, onlyColumns: Set<String>? = nil) throws -> Reading {
        let bytes = try contents(of: path)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw ListviewError.readFailed(source: path, reason: SystemError.message(for: errno)) }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let writer = BackgroundThread {
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress.map { $0 + written }, $0.count - written) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                written += count
            }
            close(writeEnd)
        }
        defer {
            // The reader may stop early (at an error): the rest is drained, so the writer ends.
            var sink = [UInt8](repeating: 0, count: 1 << 16)
            while sink.withUnsafeMutableBytes({ Glibc.read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
            writer.wait()
            close(readEnd)
        }
        let source = JSONRecordSource(input: try ByteInput(path: "/dev/fd/\(readEnd)", chunkSize: chunkSize), lines: lines,
                                      schema: RecordSchema(), onlyColumns: onlyColumns)
        var reading = Reading()
        do {
            while let batch = try source.nextBatch(schema: RecordSchema()) { reading.add(batch) }
        } catch {
            reading.error = unnamed(error)
        }
        return reading
    }

    /// What differs between two readings: their rows or their errors, and their batches when
    /// `batches`. Without `allRowsBeforeAnError`, the rows one has past the other's before the
    /// same error are no difference.
    static func difference(_ first: Reading, _ second: Reading, batches: Bool, allRowsBeforeAnError: Bool = true) -> String? {
        if first.error != second.error {
            return "the error \(first.error ?? "none") against \(second.error ?? "none")"
        }
        let common = min(first.rows.count, second.rows.count)
        let prefixIsEnough = !allRowsBeforeAnError && first.error != nil
        if prefixIsEnough ? first.rows[..<common] != second.rows[..<common] : first.rows != second.rows {
            let row = zip(first.rows, second.rows).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(first.rows.count, second.rows.count)
            return "\(first.rows.count) rows against \(second.rows.count); row \(row + 1): "
                + "\(row < first.rows.count ? first.rows[row] : "none") against \(row < second.rows.count ? second.rows[row] : "none")"
        }
        if batches, first.batches != second.batches {
            let batch = zip(first.batches, second.batches).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(first.batches.count, second.batches.count)
            return "\(first.batches.count) batches against \(second.batches.count); batch \(batch + 1):\n"
                + "\(batch < first.batches.count ? first.batches[batch] : "none")\nagainst\n"
                + "\(batch < second.batches.count ? second.batches[batch] : "none")"
        }
        return nil
    }

    /// A table's columns, rows, field orders and cells, as text.
    static func dump(_ table: CellTable) -> String {
        var text = "columns \(table.columns) rows \(table.rowCount) orders \(table.fieldOrders.sorted { $0.key < $1.key })\n"
        table.withCells { cells in
            for row in 0..<table.rowCount {
                for column in 0..<table.columns.count {
                    let cell = cells.cell(row: row, column: column)
                    text += "\(cell.kind):\(String(decoding: cell.text, as: UTF8.self))\t"
                }
                text += "\n"
            }
        }
        return text
    }

    /// Each row of `table` as its fields, in order (absent ones left out), with their kinds and bytes.
    static func rows(of table: CellTable) -> [String] {
        table.withCells { cells in
            (0..<table.rowCount).map { row in
                var text = ""
                for column in table.fieldOrders[row] ?? Array(table.columns.indices) {
                    let cell = cells.cell(row: row, column: column)
                    guard cell.kind != .absent else { continue }
                    text += "\(table.columns[column])=\(cell.kind):\(String(decoding: cell.text, as: UTF8.self))\t"
                }
                return text
            }
        }
    }

    /// An error as text, a `ListviewError` without the input's name.
    private static func unnamed(_ error: any Error) -> String {
        guard let error = error as? ListviewError else { return "\(error)" }
        switch error {
        case let .malformedInput(_, line, column, message):
            return "\(ListviewError.malformedInput(source: "", line: line, column: column, message: message))"
        case let .cannotOpen(_, reason): return "\(ListviewError.cannotOpen(source: "", reason: reason))"
        case let .readFailed(_, reason): return "\(ListviewError.readFailed(source: "", reason: reason))"
        default: return "\(error)"
        }
    }

    /// The bytes of the file at `path`, as they are (no byte order mark or compression taken off).
    private static func contents(of path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ListviewError.cannotOpen(source: path, reason: SystemError.message(for: errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw ListviewError.readFailed(source: path, reason: SystemError.message(for: errno)) }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }
}

extension JSONReaderComparison.Reading {
    /// Adds a batch read.
    mutating func add(_ table: CellTable) {
        batches.append(JSONReaderComparison.dump(table))
        rows += JSONReaderComparison.rows(of: table)
    }
}
