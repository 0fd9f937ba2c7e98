import ListviewBatches
import ListviewValues

/// Sections of items, addressed by `ItemPath`: the generic data source's provider.
///
/// This is the protocol of the iOS generic-data-source pattern, read-only (listview never
/// changes a record in place: a diff compares two providers' rows instead), with one
/// difference that matters on untrusted input: an address outside the data is
/// defined behaviour. `item(at:)` and `sectionInfo(at:)` return nil; nothing traps.
public protocol CollectionDataProvider {
    associatedtype Item

    var numberOfSections: Int { get }
    /// The number of items in `section`, or 0 for a section that does not exist.
    func numberOfItems(in section: Int) -> Int
    /// The item at `path`, or nil when the path is outside the data.
    func item(at path: ItemPath) -> Item?
    /// The section's description (key, header, footer) without its items, or nil when out of range.
    func sectionInfo(at section: Int) -> SectionInfo?
    /// The items at `positions` of `section`, in order (those outside the data left out).
    func items(in section: Int, at positions: Range<Int>) -> ArraySlice<Item>
}

extension CollectionDataProvider {
    public func items(in section: Int, at positions: Range<Int>) -> ArraySlice<Item> {
        positions.compactMap { item(at: ItemPath(section: section, item: $0)) }[...]
    }

    /// The number of items in all sections.
    public var totalItemCount: Int {
        (0..<numberOfSections).reduce(0) { $0 + numberOfItems(in: $1) }
    }

    /// True when there is no item in any section.
    public var isEmpty: Bool { totalItemCount == 0 }
}
