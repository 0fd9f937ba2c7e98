import ListviewFormats
import ListviewInput
import ListviewKit
import ListviewQuery
import ListviewRequest

/// Where the records of a diff came from: each side's file, and which record of it a row of the
/// diff's tables is, for annotations at a record's line (`--style github`).
struct DiffOrigins {
    /// One side: its input as given, how it was read, and its rows' record numbers.
    struct Side {
        /// The path as given (`-` for standard input).
        var path: String
        var format: InputFormat?
        /// The record number (counted from 0 among every record of the input) of a row of the
        /// table the diff refers to.
        var recordNumber: (Int) -> Int?
        /// Every record the input held, kept by `--where` or not: what the line scan must find.
        var recordCount: Int

        /// The file an annotation names: nil for standard input.
        var file: String? { path == "-" ? nil : path }

        /// The line of the header, where a field of a CSV or TSV file is named.
        func headerLine(_ read: ReadSpec) -> Int? {
            format?.descriptor.declaresColumns == true && read.csv.hasHeader && file != nil ? 1 : nil
        }

        /// The first line of each of `rows`' records, found by reading the file again; empty when
        /// it cannot be (`RecordLines`).
        func lines(of rows: [Int], read: ReadSpec) -> [Int: Int] {
            guard let format else { return [:] }
            let numbers = rows.compactMap { row in recordNumber(row).map { (row, $0) } }
            guard let found = RecordLines.find(in: path, format: format, loader: read.loader, wanted: Set(numbers.map(\.1)),
                                               expected: recordCount) else { return [:] }
            var lines: [Int: Int] = [:]
            for (row, number) in numbers { lines[row] = found.lines[number] }
            return lines
        }
    }

    var old: Side
    var new: Side
}

extension DiffOrigins.Side {
    /// A side whose table rows are its records (read whole, or every batch kept).
    init(path: String, format: InputFormat?, recordCount: Int) {
        self.init(path: path, format: format, recordNumber: { $0 }, recordCount: recordCount)
    }

    /// A side whose table holds some of its records: `numbers[i]` is the record number of row
    /// `rows[i]` (ascending), or of row i without `rows`.
    init(path: String, format: InputFormat?, rows: [Int]? = nil, numbers: [Int], recordCount: Int) {
        self.init(path: path, format: format, recordNumber: { row in
            guard let rows else { return numbers.indices.contains(row) ? numbers[row] : nil }
            var (low, high) = (0, rows.count)
            while low < high {
                let middle = (low + high) / 2
                if rows[middle] < row { low = middle + 1 } else { high = middle }
            }
            return low < rows.count && rows[low] == row && low < numbers.count ? numbers[low] : nil
        }, recordCount: recordCount)
    }
}
