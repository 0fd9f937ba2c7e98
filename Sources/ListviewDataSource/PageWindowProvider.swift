/// One page of a list too large to hold (a list sorted on disk): the sections the page cuts,
/// each as long as in the whole list, holding only the items on the page.
///
/// A `ListRenderer` over it, with `firstRow` as its first row, shows the page as it
/// would over the whole list: a section begun on an earlier page is "continued", one
/// that goes on past the page has no footer yet. Positions outside the held items
/// have no item (nil), as any out-of-range position.
public struct PageWindowProvider<Item>: CollectionDataProvider {
    private struct Part {
        var info: SectionInfo
        /// The section's items in the list.
        var count: Int
        /// The position in the section of the first item held.
        var firstHeld: Int
        var items: [Item]
    }

    private var parts: [Part] = []
    /// The position in the whole list of the first section's first item.
    public let firstRow: Int

    public init(firstRow: Int) {
        self.firstRow = firstRow
    }

    /// Adds the next section: `count` items long, of which `items` are held from position `firstHeld` on.
    public mutating func append(_ info: SectionInfo, count: Int, firstHeld: Int, items: [Item]) {
        parts.append(Part(info: info, count: count, firstHeld: firstHeld, items: items))
    }

    /// Adds `items` to the items held of the last section.
    public mutating func appendItems(_ items: [Item]) {
        guard !parts.isEmpty else { return }
        parts[parts.count - 1].items += items
    }

    public var numberOfSections: Int { parts.count }

    public func numberOfItems(in section: Int) -> Int {
        parts.indices.contains(section) ? parts[section].count : 0
    }

    public func item(at path: ItemPath) -> Item? {
        guard parts.indices.contains(path.section) else { return nil }
        let part = parts[path.section]
        let index = path.item - part.firstHeld
        return part.items.indices.contains(index) ? part.items[index] : nil
    }

    public func items(in section: Int, at positions: Range<Int>) -> ArraySlice<Item> {
        guard parts.indices.contains(section) else { return [] }
        let part = parts[section]
        let held = (positions.lowerBound - part.firstHeld)..<(positions.upperBound - part.firstHeld)
        return part.items[held.clamped(to: part.items.indices)]
    }

    public func sectionInfo(at section: Int) -> SectionInfo? {
        parts.indices.contains(section) ? parts[section].info : nil
    }
}
