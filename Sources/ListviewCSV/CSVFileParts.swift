import ListviewBatches
import ListviewConcurrency
import ListviewInput
import ListviewValues

/// The rest of a CSV or TSV file in parts that read on their own (`FileParts`): the first
/// part is read by the file's own reader up to the first cut, each later one by a reader of
/// its own that knows the header.
///
/// A regular file is cut at offsets found up front; a decompressed stream is cut where its
/// blocks end (`DecompressedBlocks`), one part per block, as the blocks come.
// Unchecked: `main` and the line counts are touched only on the handing-on thread (which reads part 0);
// a later part, on either thread, reads `template` and writes only its own assembler and slots.
final class CSVFileParts: FileParts, @unchecked Sendable {
    /// Where the parts after the first come from.
    enum Cuts {
        /// A regular file of `size` bytes when opened (a part that finds it shorter reports that
        /// it shrank), cut at `offsets`, where each part after the first starts, in order.
        case file(path: String, size: Int, offsets: [Int])
        /// The blocks of a decompressed `input` from block `first` on, one per part; the first
        /// part ends at `offset`, where block `first` begins.
        case blocks(input: ByteInput, first: Int, offset: Int)
    }

    private let main: CSVRecordSource
    private let cuts: Cuts
    private let options: CSVOptions
    /// The header's assembler, from which each later part's is continued.
    private let template: CSVBatchAssembler
    /// An assembler per part after the first of a file, made here: the header is not read from two threads.
    private let assemblers: [CSVBatchAssembler]
    /// Whether each part read is the stream's last (blocks only).
    private let lastParts: PartSlots<Bool>
    /// Each part's reader (the first part's is `main`), written by the thread that reads it.
    private let readers: PartSlots<CSVRecordSource?>
    /// Each part's outcome: whether it ended between rows at its cut, or what stopped it.
    private let outcomes: PartSlots<Result<Bool, Error>>
    /// Line breaks in the parts handed on so far.
    private var linesHandedOn = 0
    /// Line breaks before the last part handed on.
    private var firstLineOfLastHandedOn = 0

    init(main: CSVRecordSource, cuts: Cuts, template: CSVBatchAssembler, options: CSVOptions, measuring: Bool) {
        self.main = main
        self.cuts = cuts
        // Parts that are only written out need no measuring: each part's reader sets its batch
        // to measure as its options say.
        var options = options
        options.measuresColumns = measuring
        self.options = options
        self.template = template
        // Parts in flight: this thread's, and a few done ahead on the other (`OrderedWork.lead`).
        let slots: Int
        switch cuts {
        case .file(_, _, let offsets):
            assemblers = offsets.indices.compactMap { _ in template.continuation() }
            slots = offsets.count + 1
        case .blocks:
            assemblers = []
            slots = 8
        }
        readers = PartSlots(count: slots, initial: nil)
        outcomes = PartSlots(count: slots, initial: .success(false))
        lastParts = PartSlots(count: slots, initial: false)
        readers[0] = main
    }

    var count: Int {
        switch cuts {
        case .file(_, _, let offsets): offsets.count + 1
        case .blocks: Int.max
        }
    }

    func isLast(_ index: Int) -> Bool {
        switch cuts {
        case .file: index == count - 1
        case .blocks: lastParts[index]
        }
    }

    func read(_ index: Int) -> CellTable? {
        do {
            let reader: CSVRecordSource
            var last = false
            if index == 0 {
                reader = main
                switch cuts {
                case .file(_, _, let offsets): main.stopReading(at: offsets[0])
                case .blocks(_, _, let offset): main.stopReading(at: offset)
                }
            } else {
                switch cuts {
                case let .file(path, size, offsets):
                    last = index == offsets.count
                    let (start, end) = (offsets[index - 1], last ? size : offsets[index])
                    // Room for the part's cells up front: the batch never grows by copying itself.
                    assemblers[index - 1].batch.reserveCapacity(bytes: end - start, cells: (end - start) / 8)
                    reader = try CSVRecordSource.part(path: path, from: start, to: last ? nil : end, of: size,
                                                      assembler: assemblers[index - 1], options: options)
                case let .blocks(input, first, _):
                    guard let part = input.reader(ofBlock: first + index - 1), let assembler = template.continuation() else {
                        // The stream ended before (the part before was its last): an empty last part.
                        (readers[index], lastParts[index], outcomes[index]) = (nil, true, .success(true))
                        return nil
                    }
                    last = part.isLast
                    reader = CSVRecordSource(input: part.input, assembler: assembler, options: options, schema: RecordSchema())
                }
                readers[index] = reader
            }
            lastParts[index] = last
            outcomes[index] = .success(try reader.readPart(last: last))
            return reader.takeCompletedRows()
        } catch {
            outcomes[index] = .failure(error)
            return nil
        }
    }

    func handOn(_ index: Int) throws -> Bool {
        let linesBefore = linesHandedOn
        firstLineOfLastHandedOn = linesBefore
        // The first part's reader knows its lines in the file (`linesBefore`); a later part's starts at 1.
        let shift = index == 0 ? 0 : linesBefore
        let ended: Bool
        do {
            ended = try outcomes[index].get()
        } catch let error as ListviewError {
            throw error.movedDown(lines: shift)
        }
        guard let reader = readers[index] else { return ended }  // an empty last part
        linesHandedOn = index == 0 ? main.linesBefore + reader.lineBreaksRead : linesBefore + reader.lineBreaksRead
        if ended && index > 0 {
            main.addRaggedRows(of: reader)
            readers[index] = nil  // its input's buffer goes now, not with the last part
        }
        if ended, case let .blocks(input, first, _) = cuts { input.releaseBlocks(below: first + index) }
        return ended
    }

    func readingOn(after index: Int) -> any RecordSource {
        guard index > 0, let reader = readers[index] else {
            main.readOnToTheEnd()
            return main
        }
        reader.linesBefore = firstLineOfLastHandedOn
        reader.readOnToTheEnd()
        main.continuedBy = reader
        return reader
    }

    /// A stream's blocks after a part that did not end between rows (a quoted line break across
    /// a block's end): `rest`, the reader that read on, reads to the end of the block it is in,
    /// and on block by block until it stops between rows at one's end; the blocks after are
    /// parts again. Nil for a file, or when the stream ended first.
    func resume(reading rest: any RecordSource, handing take: (CellTable) throws -> Void) throws -> (any FileParts)? {
        guard case .blocks = cuts, let reader = rest as? CSVRecordSource else { return nil }
        while reader.stopAtTheEndOfItsBlock() {
            let betweenRows = try reader.readPart(last: false)
            try take(reader.takeCompletedRows())
            reader.readOnToTheEnd()
            if betweenRows { return try reader.fileParts(size: 0) }
        }
        return nil
    }
}
