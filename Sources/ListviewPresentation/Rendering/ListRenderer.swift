import ListviewBatches
import ListviewDataSource
import ListviewQuery
import ListviewValues

/// Walks a data provider and drives a presenter: the pattern's `CollectionDataSource`.
///
/// For the rows of one page (or all rows), it writes each section's header
/// (marked continued when the section began on an earlier page), the rows,
/// and the footer of each section that ends on the page. An empty provider
/// gets the presenter's empty state.
public struct ListRenderer<Provider: CollectionDataProvider> {
    public let provider: Provider
    /// The position in the whole list of the provider's first item: 0, or the start of a streamed page.
    public let firstRow: Int

    public init(provider: Provider, firstRow: Int = 0) {
        self.provider = provider
        self.firstRow = firstRow
    }

    /// The part of one section that a page shows.
    public struct VisibleSection {
        public var section: Int
        public var info: SectionInfo
        /// Item positions within the section.
        public var items: Range<Int>
        /// The section began on an earlier page.
        public var isContinued: Bool
        /// The section's last item is on this page.
        public var endsHere: Bool
    }

    /// The sections, or parts of sections, that `page` shows (every section when nil).
    public func visibleSections(on page: PageInfo?) -> [VisibleSection] {
        let rows = page.map { ($0.rows.lowerBound - firstRow)..<($0.rows.upperBound - firstRow) } ?? 0..<provider.totalItemCount
        var result: [VisibleSection] = []
        var sectionStart = 0
        for section in 0..<provider.numberOfSections {
            let count = provider.numberOfItems(in: section)
            let sectionRows = sectionStart..<(sectionStart + count)
            sectionStart += count
            let visible = sectionRows.clamped(to: rows)
            guard !visible.isEmpty, let info = provider.sectionInfo(at: section) else { continue }
            result.append(VisibleSection(
                section: section, info: info,
                items: (visible.lowerBound - sectionRows.lowerBound)..<(visible.upperBound - sectionRows.lowerBound),
                isContinued: visible.lowerBound > sectionRows.lowerBound,
                endsHere: visible.upperBound == sectionRows.upperBound))
        }
        return result
    }

    /// The items `page` shows, in order.
    public func items(on page: PageInfo?) -> [Provider.Item] {
        let visible = visibleSections(on: page)
        if visible.count == 1, let only = visible.first {
            return Array(provider.items(in: only.section, at: only.items))  // shares storage when the slice is whole
        }
        return visible.flatMap { provider.items(in: $0.section, at: $0.items) }
    }

    /// Renders `page`, or every row when `page` is nil.
    public func render<Presenter: ListPresenter>(page: PageInfo?, with presenter: inout Presenter, into sink: OutputSink) throws
    where Presenter.Item == Provider.Item {
        try presenter.begin(page: page, into: sink)
        if provider.isEmpty {
            try presenter.emptyState(into: sink)
        }
        for visible in visibleSections(on: page) {
            try presenter.sectionHeader(visible.info, continued: visible.isContinued, into: sink)
            try presenter.rows(provider.items(in: visible.section, at: visible.items), into: sink)
            if visible.endsHere {
                try presenter.sectionFooter(visible.info, into: sink)
            }
        }
        try presenter.end(page: page, into: sink)
    }
}
