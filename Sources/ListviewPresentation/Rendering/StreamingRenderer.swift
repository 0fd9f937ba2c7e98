import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewQuery
import ListviewValues

/// Writes records through a presenter as they arrive: the renderer for streamed output.
///
/// Used when nothing needs the whole input first (no sorting, grouping or
/// whole-list widths): machine styles write each record as soon as it is read,
/// so `listview big.jsonl --style jsonl | head` ends at once and memory stays flat.
public enum StreamingRenderer {
    public static func render<Presenter: ListPresenter>(_ stream: StreamingProvider, with presenter: inout Presenter,
                                                        into sink: OutputSink) throws
    where Presenter.Item == Record {
        try presenter.begin(page: nil, into: sink)
        guard let first = try stream.next() else {
            try presenter.emptyState(into: sink)
            try presenter.end(page: nil, into: sink)
            return
        }
        try presenter.sectionHeader(SectionInfo(), continued: false, into: sink)
        try presenter.row(first, into: sink)
        while let record = try stream.next() {
            try presenter.row(record, into: sink)
        }
        try presenter.sectionFooter(SectionInfo(count: stream.rowsRead), into: sink)
        try presenter.end(page: nil, into: sink)
    }
}
