import ListviewCore
import Synchronization

/// The second half of a CSV file, read into records on another thread while the first
/// half is read on the caller's: how a whole-file load uses both cores.
///
/// It starts at a row boundary found by `CSVSplitPoint`, with the columns of the
/// first half's header. Its records are handed over only after the first half
/// has ended exactly at that boundary; otherwise it is cancelled and the first
/// half's reader reads on. Its errors carry lines counted from the boundary,
/// and are moved to whole-file lines when handed over.
final class CSVSecondHalf: @unchecked Sendable {
    private let cancelled = Atomic<Bool>(false)
    private var records: [Record] = []
    private var failure: Error?
    private var thread: BackgroundThread?
    /// Ragged rows in this half, known once it is finished.
    private(set) var shortRows = 0
    private(set) var longRows = 0

    init(path: String, start: Int, assembler: CSVRecordAssembler, options: CSVOptions) throws {
        let input = try ByteInput(path: path)
        try input.startReading(at: start)
        let source = CSVRecordSource(input: input, assembler: assembler, options: options)
        thread = BackgroundThread { [self] in
            do {
                while !cancelled.load(ordering: .relaxed), let record = try source.next() {
                    records.append(record)
                }
            } catch {
                failure = error
            }
            shortRows = source.shortRows
            longRows = source.longRows
        }
    }

    /// Stops the half and waits for its thread; its records are dropped.
    func cancel() {
        cancelled.store(true, ordering: .relaxed)
        thread?.wait()
        records = []
    }

    /// Waits for the half and hands over its records; an error it met is thrown instead,
    /// at its line in the whole file (`linesBefore` lines precede the half).
    func finish(linesBefore: Int) throws -> [Record] {
        thread?.wait()
        if let failure {
            if case let .malformedInput(source, line, column, message)? = failure as? ListviewError {
                throw ListviewError.malformedInput(source: source, line: line.map { $0 + linesBefore }, column: column, message: message)
            }
            throw failure
        }
        defer { records = [] }
        return records
    }
}
