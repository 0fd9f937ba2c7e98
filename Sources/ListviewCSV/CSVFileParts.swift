import ListviewBatches
import ListviewConcurrency
import ListviewInput
import ListviewValues

/// The rest of a CSV or TSV file in parts that read on their own (`FileParts`): the first
/// part is read by the file's own reader up to the first cut, each later one by a reader of
/// its own that knows the header.
final class CSVFileParts: FileParts, @unchecked Sendable {
    private let main: CSVRecordSource
    private let path: String
    /// The file's size when it was opened: a part that finds it shorter reports that it shrank.
    private let size: Int
    /// Where each part after the first starts, in order.
    private let cuts: [Int]
    private let options: CSVOptions
    /// An assembler per part after the first, made here: the header is not read from two threads.
    private let assemblers: [CSVBatchAssembler]
    /// Each part's reader (the first part's is `main`), written by the thread that reads it.
    private let readers: PartSlots<CSVRecordSource?>
    /// Each part's outcome: whether it ended between rows at its cut, or what stopped it.
    private let outcomes: PartSlots<Result<Bool, Error>>
    /// Line breaks in the parts handed on so far.
    private var linesHandedOn = 0
    /// Line breaks before each part, once the parts before it are handed on.
    private var firstLines: [Int: Int] = [:]

    init(main: CSVRecordSource, path: String, size: Int, cuts: [Int], template: CSVBatchAssembler, options: CSVOptions,
         measuring: Bool) {
        self.main = main
        self.path = path
        self.size = size
        self.cuts = cuts
        self.options = options
        assemblers = cuts.indices.compactMap { _ in template.continuation() }
        // Parts that are only written out need no measuring.
        for assembler in assemblers { assembler.batch.measuresColumns = measuring }
        readers = PartSlots(count: cuts.count + 1, initial: nil)
        outcomes = PartSlots(count: cuts.count + 1, initial: .success(false))
        readers[0] = main
    }

    var count: Int { cuts.count + 1 }

    func read(_ index: Int) -> CellTable? {
        let last = index == count - 1
        do {
            let reader: CSVRecordSource
            if index == 0 {
                reader = main
                main.stopReading(at: cuts[0])
            } else {
                let (start, end) = (cuts[index - 1], last ? size : cuts[index])
                // Room for the part's cells up front: the batch never grows by copying itself.
                assemblers[index - 1].batch.reserveCapacity(bytes: end - start, cells: (end - start) / 8)
                reader = try CSVRecordSource.part(path: path, from: start, to: last ? nil : end, of: size,
                                                  assembler: assemblers[index - 1], options: options)
                readers[index] = reader
            }
            outcomes[index] = .success(try reader.readPart(last: last))
            return reader.takeCompletedRows()
        } catch {
            outcomes[index] = .failure(error)
            return nil
        }
    }

    func handOn(_ index: Int) throws -> Bool {
        let linesBefore = linesHandedOn
        firstLines[index] = linesBefore
        // The first part's reader started at the top of the file: its lines are the file's.
        let shift = index == 0 ? 0 : linesBefore
        let ended: Bool
        do {
            ended = try outcomes[index].get()
        } catch let error as ListviewError {
            throw error.movedDown(lines: shift)
        }
        guard let reader = readers[index] else { return false }
        linesHandedOn = index == 0 ? reader.lineBreaksRead : linesBefore + reader.lineBreaksRead
        if ended && index > 0 {
            main.addRaggedRows(of: reader)
            readers[index] = nil  // its input's buffer goes now, not with the last part
        }
        return ended
    }

    func readingOn(after index: Int) -> any RecordSource {
        guard index > 0, let reader = readers[index] else {
            main.readOnToTheEnd()
            return main
        }
        reader.linesBefore = firstLines[index] ?? 0
        reader.readOnToTheEnd()
        main.continuedBy = reader
        return reader
    }
}
