import ListviewBatches
import ListviewValues

/// The in-memory provider: sections of items held in arrays.
///
/// Unlike the article this pattern comes from, whose `item(at:)` guard was
/// inverted and trapped on every valid path, every access here is checked.
public struct ArrayDataProvider<Item>: CollectionDataProvider {
    public private(set) var sections: [Section<Item>]

    public init(sections: [Section<Item>]) {
        self.sections = sections
    }

    /// One unnamed section holding `items`.
    public init(items: [Item]) {
        self.sections = [Section(items: items)]
    }

    public var numberOfSections: Int { sections.count }

    public func numberOfItems(in section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].items.count : 0
    }

    public func item(at path: ItemPath) -> Item? {
        guard sections.indices.contains(path.section),
              sections[path.section].items.indices.contains(path.item)
        else { return nil }
        return sections[path.section].items[path.item]
    }

    /// The items at `positions` of `section`, sharing the section's storage (no copy).
    public func items(in section: Int, at positions: Range<Int>) -> ArraySlice<Item> {
        guard sections.indices.contains(section) else { return [] }
        let items = sections[section].items
        return items[positions.clamped(to: items.indices)]
    }

    public func sectionInfo(at section: Int) -> SectionInfo? {
        sections.indices.contains(section) ? sections[section].info : nil
    }
}
