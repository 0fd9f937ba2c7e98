import ListviewBatches
import ListviewPresentation
import ListviewRequest

/// The note on stderr for CSV or TSV written under its input's header (`RecordSchema.declaredHeader`)
/// when rows longer than the header were read: where their extra cells went, unnamed after the
/// header's columns, so that nobody takes them for a header column's. The same note on every
/// path, as the lines are the same.
enum ExtraCellsNote {
    /// The note for `request`'s output of `stream`'s rows, or none: another style, `--fields`,
    /// another input, or no row read longer than the header.
    static func lines(_ request: ListRequest, stream: BatchStream) -> [String] {
        guard let declared = request.inputHeaderWritten(schema: stream.schema) else { return [] }
        let excluded = request.look.excluded
        let header = declared.filter { !excluded.excludes($0) }
        let named = Set(declared)
        let extra = stream.columnsShown.filter { !named.contains($0) && !excluded.excludes($0) }
        guard !extra.isEmpty else { return [] }
        let positions = (header.count + 1)...(header.count + extra.count)
        let which = positions.count == 1 ? "column \(positions.lowerBound)" : "columns \(positions.lowerBound)–\(positions.upperBound)"
        let format = request.look.style == .tsv ? "TSV" : "CSV"
        let headerColumns = header.count == 1 ? "its 1 column" : "its \(header.count) columns"
        let inputColumns = (extra.count == 1 ? "input column " : "input columns ") + extra.joined(separator: ", ")
        return ["\(format) output keeps the input's header: rows longer than it keep their extra cells after \(headerColumns), "
                + "unnamed, as output \(which) (\(inputColumns))"]
    }
}
