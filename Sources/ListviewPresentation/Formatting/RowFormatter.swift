import ListviewBatches
import ListviewDataSource
import ListviewQuery
import ListviewValues

/// Renders one item into terminal lines: the pattern's `ConfigurableCell`.
///
/// A formatter decides its row's height, as a self-sizing cell does: the
/// number of lines it returns.
public protocol RowFormatter {
    associatedtype Item

    /// The lines that show `item`, without trailing newlines.
    func lines(for item: Item) -> [String]

    /// Writes the lines that show `item`, each ending in a newline. A formatter may write
    /// its bytes straight into the sink instead of building strings first (the table does).
    func write(_ item: Item, into sink: OutputSink) throws
}

extension RowFormatter {
    /// How many terminal lines `item` takes.
    public func height(for item: Item) -> Int { lines(for: item).count }

    public func write(_ item: Item, into sink: OutputSink) throws {
        try sink.writeLines(lines(for: item))
    }
}

/// A row formatter that appends the lines of many rows straight to a byte buffer, from any
/// thread: the rows of a long list can then be laid out on both cores (`OrderedBlockWriter`).
public protocol ByteRowFormatter: RowFormatter, Sendable {
    /// Appends the lines of `items`, each ending in a newline, to `bytes`.
    func appendLines(for items: ArraySlice<Item>, to bytes: inout ByteOutput)
}

/// A type-erased row formatter, so formatters of different types can share a registry.
public struct AnyRowFormatter<Item>: RowFormatter {
    private let render: (Item) -> [String]
    private let writeItem: ((Item, OutputSink) throws -> Void)?
    /// The formatter's `appendLines(for:to:)` when it is a `ByteRowFormatter`.
    public let appendRows: (@Sendable (ArraySlice<Item>, inout ByteOutput) -> Void)?

    public init<Formatter: RowFormatter>(_ formatter: Formatter) where Formatter.Item == Item {
        render = formatter.lines(for:)
        writeItem = formatter.write(_:into:)
        appendRows = nil
    }

    public init<Formatter: ByteRowFormatter>(_ formatter: Formatter) where Formatter.Item == Item {
        render = formatter.lines(for:)
        writeItem = formatter.write(_:into:)
        appendRows = { items, bytes in formatter.appendLines(for: items, to: &bytes) }
    }

    public init(_ render: @escaping (Item) -> [String]) {
        self.render = render
        writeItem = nil
        appendRows = nil
    }

    public func lines(for item: Item) -> [String] { render(item) }

    /// Appends the lines of `items`, each ending in a newline: as bytes straight away when the
    /// formatter writes bytes, else its lines' text.
    public func append(_ items: ArraySlice<Item>, to bytes: inout ByteOutput) {
        if let appendRows { return appendRows(items, &bytes) }
        for item in items {
            for line in render(item) {
                bytes.append(line)
                bytes.append(0x0A)
            }
        }
    }

    public func write(_ item: Item, into sink: OutputSink) throws {
        if let writeItem { return try writeItem(item, sink) }
        try sink.writeLines(render(item))
    }
}
