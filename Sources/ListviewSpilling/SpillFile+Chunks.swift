import ListviewBatches
import ListviewValues

/// Where bytes appended to a spill file lie in it: a table's rows in the spill format, say.
public struct SpillChunk: Equatable, Sendable {
    public var offset: Int
    public var length: Int

    public init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }
}

/// Tables written to a spill file a chunk at a time and read back by where they lie: how a
/// list's runs, a diff's partitions and a browser's batches past the budget go to disk.
extension SpillFile {
    /// Appends `bytes` and returns where they lie.
    public func append(chunk bytes: borrowing ByteOutput) throws -> SpillChunk {
        let offset = size
        try bytes.withUnsafeBytes { try append($0) }
        return SpillChunk(offset: offset, length: bytes.count)
    }

    /// Appends `rows` of `table` (in that order) in the spill format and returns where they lie.
    public func append<Rows: Collection>(rows: Rows, of table: CellTable) throws -> SpillChunk where Rows.Element == Int {
        var bytes = ByteOutput()
        table.spill(rows: rows, to: &bytes)
        return try append(chunk: bytes)
    }

    /// The bytes at `chunk`; the spill folder's error when the file ends before them (it
    /// changed while the run read it).
    public func bytes(at chunk: SpillChunk) throws -> [UInt8] {
        // Not zeroed first: every byte is read into, or the chunk is refused.
        var whole = false
        let bytes = try [UInt8](unsafeUninitializedCapacity: chunk.length) { buffer, count in
            whole = try read(at: chunk.offset, into: UnsafeMutableRawBufferPointer(buffer))
            count = whole ? chunk.length : 0
        }
        guard whole else { throw directory.changedWhileRead }
        return bytes
    }

    /// The table `append(rows:of:)` wrote at `chunk`, its columns measured when `measuring`.
    public func table(at chunk: SpillChunk, nestedDecoder: NestedValueDecoder?, measuring: Bool = true) throws -> CellTable {
        let bytes = try self.bytes(at: chunk)
        guard let table = bytes.withUnsafeBytes({ CellTable(spilled: $0, nestedDecoder: nestedDecoder, measuring: measuring) }) else {
            throw directory.changedWhileRead
        }
        return table
    }
}
