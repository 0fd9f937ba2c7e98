/// Renders one item into terminal lines: the pattern's `ConfigurableCell`.
///
/// A formatter decides its row's height, as a self-sizing cell does: the
/// number of lines it returns.
public protocol RowFormatter {
    associatedtype Item

    /// The lines that show `item`, without trailing newlines.
    func lines(for item: Item) -> [String]
}

extension RowFormatter {
    /// How many terminal lines `item` takes.
    public func height(for item: Item) -> Int { lines(for: item).count }
}

/// A type-erased row formatter, so formatters of different types can share a registry.
public struct AnyRowFormatter<Item>: RowFormatter {
    private let render: (Item) -> [String]

    public init<Formatter: RowFormatter>(_ formatter: Formatter) where Formatter.Item == Item {
        render = formatter.lines(for:)
    }

    public init(_ render: @escaping (Item) -> [String]) {
        self.render = render
    }

    public func lines(for item: Item) -> [String] { render(item) }
}
