import ListviewValues

/// Rows of a table written as bytes and read back as a table of their own: how rows travel
/// through spill files (`SpillFile` in ListviewSpilling) when a list is larger than its memory
/// budget. The format stays here, beside the cells it reads and writes one by one: from
/// another module each cell's lookup is a call (a partitioned diff ran 0.5% more instructions).
///
/// The format: the columns (count, then each name's length and bytes), whether
/// types are inferred, the row count; then per row its field order (count, then
/// columns; 0 when it is column order) and its cells, each a kind byte, a
/// length and the bytes. Numbers are LEB128.
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
        withCells { cells in
            for row in rows {
                let order = fieldOrders[row] ?? []
                SpillFormat.appendNumber(order.count, to: &bytes)
                for column in order { SpillFormat.appendNumber(column, to: &bytes) }
                for column in columns.indices {
                    let (kind, text) = cells.cell(row: row, column: column)
                    bytes.append(kind.rawValue)
                    SpillFormat.appendNumber(text.count, to: &bytes)
                    bytes.append(contentsOf: text)
                }
            }
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
        guard let infer = reader.byte(), let rowCount = reader.number() else { return nil }
        self.init(columns: names, inferTypes: infer == 1)
        self.nestedDecoder = nestedDecoder
        measuresColumns = measuring
        for _ in 0..<rowCount {
            guard let orderCount = reader.number() else { return nil }
            var order: [Int] = []
            for _ in 0..<orderCount {
                guard let column = reader.number() else { return nil }
                order.append(column)
            }
            for _ in 0..<columnCount {
                guard let raw = reader.byte(), let kind = CellKind(rawValue: raw), let length = reader.number(),
                      let text = reader.bytes(length) else { return nil }
                appendCell(text, kind: kind)
            }
            _ = endRow(padding: .absent, fieldOrder: order.isEmpty ? nil : order)
        }
        guard reader.isAtEnd else { return nil }
    }
}

/// The numbers of the spill format.
enum SpillFormat {
    static func appendNumber(_ number: Int, to bytes: inout ByteOutput) {
        var rest = UInt(max(number, 0))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Reads the format's parts in order; each read is nil past the end.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func number() -> Int? {
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

        mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer? {
            guard count >= 0, count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
        }
    }
}
