import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewQuery
import ListviewValues

/// Picks a row formatter for each item by its kind, with a default for every other kind.
///
/// The terminal counterpart of registering a cell class per model class
/// (`TableViewCompatible`): records of different kinds in one list can render
/// differently.
public struct FormatterRegistry<Item> {
    /// The kind of an item (for records, the value of `--kind-field`), or nil for none.
    public var kindOf: (Item) -> String?
    public var defaultFormatter: AnyRowFormatter<Item>
    private var formatters: [String: AnyRowFormatter<Item>] = [:]

    public init(default defaultFormatter: AnyRowFormatter<Item>, kindOf: @escaping (Item) -> String? = { _ in nil }) {
        self.defaultFormatter = defaultFormatter
        self.kindOf = kindOf
    }

    /// Uses `formatter` for items of `kind`.
    public mutating func register(_ formatter: AnyRowFormatter<Item>, forKind kind: String) {
        formatters[kind] = formatter
    }

    /// The formatter for `item`: the one registered for its kind, else the default.
    public func formatter(for item: Item) -> AnyRowFormatter<Item> {
        if !formatters.isEmpty, let kind = kindOf(item), let formatter = formatters[kind] {
            return formatter
        }
        return defaultFormatter
    }

    /// The kinds that have a formatter of their own.
    public var registeredKinds: [String] { formatters.keys.sorted() }
}
