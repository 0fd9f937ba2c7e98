import ListviewBatches
import ListviewDataSource
import ListviewQuery
import ListviewValues

/// Turns the parts of a list (sections, rows, pages) into output in one style.
///
/// The renderer decides what is shown, in what order, and where pages cut;
/// a presenter decides how each part looks. Human styles (the table) and
/// machine styles (JSON, CSV, …) are presenters over the same walk.
public protocol ListPresenter<Item> {
    associatedtype Item

    /// Before anything else. `page` is nil when the whole list is shown.
    mutating func begin(page: PageInfo?, into sink: OutputSink) throws
    /// A section starts. `continued` is true when the section began on an earlier page.
    mutating func sectionHeader(_ section: SectionInfo, continued: Bool, into sink: OutputSink) throws
    /// One row.
    mutating func row(_ item: Item, into sink: OutputSink) throws
    /// Consecutive rows of one section (a presenter may lay them out on both cores).
    mutating func rows(_ items: ArraySlice<Item>, into sink: OutputSink) throws
    /// A section ends on this page.
    mutating func sectionFooter(_ section: SectionInfo, into sink: OutputSink) throws
    /// The list holds no rows at all: the explicit empty state.
    mutating func emptyState(into sink: OutputSink) throws
    /// After everything else.
    mutating func end(page: PageInfo?, into sink: OutputSink) throws
}

extension ListPresenter {
    public mutating func rows(_ items: ArraySlice<Item>, into sink: OutputSink) throws {
        for item in items { try row(item, into: sink) }
    }
}
