import Glibc
import ListviewBatches
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewValues

/// A list in its input's order (no `--sort`, no `--group-by`) of regular files past the memory
/// budget: a first pass measures the kept rows' columns and counts them, keeping none; a
/// second pass reads the files again and writes the rows batch by batch. Nothing goes to
/// disk, and the writing is `SpilledList`'s: the second pass takes the place of the merge.
extension SpilledList {
    /// The first pass over `stream`, then the list written from a second.
    func runInTwoPasses(from stream: BatchStream, into sink: OutputSink) throws -> ListRunner.Outcome {
        var firstBatch: CellTable?
        var rows = 0
        func measure(_ batch: BatchStream.Batch) {
            if firstBatch == nil { firstBatch = batch.table }
            rows += batch.rows.count
            sawNestedCells = sawNestedCells || batch.table.hasNestedCells
            if measuresWhileSpilling {
                measures.measure(batch.rows.map(\.row), of: batch.table)
            } else {
                measures.noteColumns(of: batch.table)
            }
        }
        try stream.forEach(measure)
        let ready = try FieldCheck.prepared(request, columns: stream.knownColumns, table: stream.headTable)
        guard rows > 0 else {
            // Nothing kept: the empty list, as in memory.
            let empty = WholeList.arranged(request, table: firstBatch ?? CellTable(columns: [], inferTypes: false), rows: [])
            return try empty.present(ready, pagesByLines: pagesByLines, schema: stream.outputSchema, into: sink)
        }
        _ = groups.count([], times: rows)
        groupFirstRows = [([], 0)]
        // The second pass reads the rows the first counted, from files as they were then.
        let (read, filter, files) = (request.read, request.arrangement.filter, Self.fileStates(request.read.inputs))
        rereading = {
            guard Self.fileStates(read.inputs) == files else {
                throw ListviewError.readFailed(source: read.inputsName, reason: "it changed between listview's two passes over it (is it still being written?)")
            }
            let again = try BatchStream(read, filter: filter, limit: rows, sink: sink)
            again.measuresColumns = false
            return again
        }
        try write(ready, into: sink)
        return ListRunner.Outcome(foundRecords: true)
    }

    /// Each file's device, inode, size and time of last change: equal when a file was not changed.
    static func fileStates(_ paths: [String]) -> [[Int]] {
        paths.map { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return [] }
            return [Int(info.st_dev), Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        }
    }

    /// Reads the inputs again through `open` (a large file in parts on both cores), handing `take`
    /// each batch's kept rows as a table of their own, until `take` says to stop.
    func reread(_ open: () throws -> BatchStream, take: (CellTable) throws -> Bool) throws {
        let stream = try open()
        struct Stop: Error {}
        func hand(_ batch: BatchStream.Batch) throws {
            var chunk = batch.table
            if batch.rows.count < chunk.rowCount {
                chunk = CellTable(columns: [], inferTypes: batch.table.inferTypes)
                chunk.nestedDecoder = batch.table.nestedDecoder
                chunk.append(rows: batch.rows.map(\.row), of: batch.table, schema: stream.schema)
            }
            guard try take(chunk) else { throw Stop() }
        }
        do {
            try stream.forEach(hand)
        } catch is Stop {
            return  // the rows wanted are written: the rest is never read
        }
    }
}
