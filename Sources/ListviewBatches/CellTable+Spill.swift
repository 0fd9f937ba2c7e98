import ListviewValues

/// Rows of a table written as bytes and read back as a table of their own: how rows travel
/// through spill files (`SpillFile` in ListviewSpilling) when a list is larger than its memory
/// budget. The format stays here, beside the cells it reads and writes one by one: from
/// another module each cell's lookup is a call (a partitioned diff ran 0.5% more instructions).
///
/// The format: the columns (count, then each name's length and bytes), whether types
/// are inferred, the row count; the rows with a field order of their own (count, then
/// each one's row, column count and columns); whether the cells have kinds (0: every
/// cell is `.text`; 1: a kind byte per cell follows, row after row); each cell's length,
/// row after row; then every cell's bytes, run together. Numbers are LEB128. Read back,
/// the bytes join the table's arena in one copy and the ends are summed from the
/// lengths: no cell goes through `appendCell`.
extension CellTable {
    /// Appends `rows` (in that order) to `bytes` in the spill format.
    public func spill<Rows: Collection>(rows: Rows, to bytes: inout ByteOutput) where Rows.Element == Int {
        SpillFormat.appendNumber(columns.count, to: &bytes)
        for name in columns {
            var name = name
            name.withUTF8 { text in
                SpillFormat.appendNumber(text.count, to: &bytes)
                bytes.append(contentsOf: UnsafeRawBufferPointer(text))
            }
        }
        bytes.append(inferTypes ? 1 : 0)
        SpillFormat.appendNumber(rows.count, to: &bytes)
        let ordered = rows.enumerated().compactMap { index, row in fieldOrders[row].map { (index, $0) } }
        SpillFormat.appendNumber(ordered.count, to: &bytes)
        for (index, order) in ordered {
            SpillFormat.appendNumber(index, to: &bytes)
            SpillFormat.appendNumber(order.count, to: &bytes)
            for column in order { SpillFormat.appendNumber(column, to: &bytes) }
        }
        withCells { cells in
            // A row short of cells (a column found after it) reads `.absent` where it has none.
            let writesKinds = hasKinds || mayHaveShortRows
            bytes.append(writesKinds ? 1 : 0)
            if writesKinds {
                for row in rows {
                    for column in columns.indices { bytes.append(cells.cell(row: row, column: column).kind.rawValue) }
                }
            }
            for row in rows {
                for column in columns.indices { SpillFormat.appendNumber(cells.cell(row: row, column: column).text.count, to: &bytes) }
            }
            // A row's cells lie together: one copy a row.
            for row in rows { bytes.append(contentsOf: cells.rowText(row: row)) }
        }
    }

    /// The table `bytes` hold in the spill format (as `spill(rows:to:)` wrote them), measuring its
    /// columns when `measuring`; nil when they are not that format (a spill file changed under the run).
    public init?(spilled bytes: UnsafeRawBufferPointer, nestedDecoder: NestedValueDecoder?, measuring: Bool = true) {
        var reader = SpillFormat.Reader(bytes: bytes)
        guard let columnCount = reader.number() else { return nil }
        var names: [String] = []
        for _ in 0..<columnCount {
            guard let length = reader.number(), let text = reader.bytes(length) else { return nil }
            names.append(String(decoding: text, as: UTF8.self))
        }
        guard let infer = reader.byte(), let rowCount = reader.number(), let orderedCount = reader.number() else { return nil }
        var orders: [Int: [Int]] = [:]
        for _ in 0..<orderedCount {
            guard let row = reader.number(), row < rowCount, let count = reader.number() else { return nil }
            var order: [Int] = []
            for _ in 0..<count {
                guard let column = reader.number(), column < columnCount else { return nil }
                order.append(column)
            }
            orders[row] = order
        }
        let (cellCount, overflow) = rowCount.multipliedReportingOverflow(by: columnCount)
        guard !overflow, let hasKinds = reader.byte() else { return nil }
        var kinds: UnsafeRawBufferPointer?
        if hasKinds == 1 {
            guard let kindBytes = reader.bytes(cellCount), kindBytes.allSatisfy({ CellKind(rawValue: $0) != nil }) else { return nil }
            kinds = kindBytes
        }
        var lengths: [Int] = []
        lengths.reserveCapacity(cellCount)
        var total = 0
        for _ in 0..<cellCount {
            guard let length = reader.number() else { return nil }
            lengths.append(length)
            total += length
        }
        guard let text = reader.bytes(total), reader.isAtEnd else { return nil }
        self.init(columns: names, inferTypes: infer == 1)
        self.nestedDecoder = nestedDecoder
        measuresColumns = measuring
        lengths.withUnsafeBufferPointer { appendRows(count: rowCount, text: text, lengths: $0, kinds: kinds, fieldOrders: orders) }
    }
}

/// The numbers of the spill format: a number in 7-bit groups, least first, the last group's top
/// bit clear. Also for files laid out beside it (`DiffPartitions`' kept lines).
public enum SpillFormat {
    /// Appends `number` (0 for a negative one).
    public static func appendNumber(_ number: Int, to bytes: inout ByteOutput) {
        var rest = UInt(max(number, 0))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Reads the format's parts in order; each read is nil past the end.
    public struct Reader {
        public let bytes: UnsafeRawBufferPointer
        public var offset = 0

        public init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        public var isAtEnd: Bool { offset == bytes.count }

        public mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        public mutating func number() -> Int? {
            var value = 0
            var shift = 0
            while let byte = byte() {
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
                if shift > 56 { return nil }
            }
            return nil
        }

        public mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer? {
            guard count >= 0, count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
        }
    }
}
