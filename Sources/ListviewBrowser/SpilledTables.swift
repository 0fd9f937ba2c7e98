import ListviewBatches
import ListviewJSON
import ListviewSpilling
import ListviewValues
import Synchronization

/// The tables of a browsed input past its memory budget, kept in a spill file and read back on
/// demand: the browser's index of rows on disk.
///
/// The loader appends each batch past the budget (in the spill format, the list's
/// runs' format) and notes where it lies; the screen asks for a table by its number
/// when it draws or searches its rows, and the last few asked for stay in memory
/// (least recently used out first), within a share of the budget. Appending and
/// reading come from two threads: one lock guards the file and the cache.
public final class SpilledTables: Sendable {
    private struct State {
        var file: SpillFile?
        /// Where each table lies in the file.
        var chunks: [SpillChunk] = []
        /// Tables read back, by number, and the order they were last asked for.
        var cache: [Int: CellTable] = [:]
        var recent: [Int] = []
        var cachedBytes = 0
    }

    private let folder: SpillDirectory
    private let cacheBytes: Int
    private let state = Mutex(State())

    /// Spill files in a private folder under `parent`; tables read back are kept within `cacheBytes`.
    public init(parent: String, cacheBytes: Int) {
        folder = SpillDirectory(parent: parent)
        self.cacheBytes = max(cacheBytes, 1)
    }

    /// Writes `table` out and returns its number.
    public func append(_ table: CellTable) throws -> Int {
        var bytes = ByteOutput()
        table.spill(rows: 0..<table.rowCount, to: &bytes)
        return try state.withLock { state in
            let file = try state.file ?? folder.newFile()
            state.file = file
            state.chunks.append(try file.append(chunk: bytes))
            SpillProgress.addRun(bytes: bytes.count)
            return state.chunks.count - 1
        }
    }

    /// Table `number` as it was appended; an empty table if it cannot be read back (the file
    /// changed or the disk failed), so a screen is never left without rows to draw.
    public func table(_ number: Int) -> CellTable {
        state.withLock { state in
            if let table = state.cache[number] {
                state.recent.removeAll { $0 == number }
                state.recent.append(number)
                return table
            }
            guard let file = state.file, state.chunks.indices.contains(number) else { return CellTable(columns: [], inferTypes: false) }
            let chunk = state.chunks[number]
            guard let table = try? file.table(at: chunk, nestedDecoder: JSONNestedValue.decode) else {
                return CellTable(columns: [], inferTypes: false)
            }
            state.cache[number] = table
            state.recent.append(number)
            state.cachedBytes += chunk.length
            while state.cachedBytes > cacheBytes, state.recent.count > 1 {
                let oldest = state.recent.removeFirst()
                state.cache[oldest] = nil
                state.cachedBytes -= state.chunks[oldest].length
            }
            return table
        }
    }
}
