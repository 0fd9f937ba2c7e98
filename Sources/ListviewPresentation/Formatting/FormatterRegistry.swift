import ListviewBatches
import ListviewDataSource
import ListviewQuery
import ListviewValues

/// Picks a row formatter for each item by its kind, with a default for every other kind.
///
/// The terminal counterpart of registering a cell class per model class
/// (`TableViewCompatible`): records of different kinds in one list can render
/// differently.
public struct FormatterRegistry<Item> {
    /// How the rows of one kind sit among the others: a table kind's rows form a block under a
    /// header of their own, and cards stand apart from what is around them by a blank line.
    public struct Block: Sendable {
        /// The lines that open the block (a table's column titles), or nil.
        public var header: String?
        public var standsApart: Bool

        public init(header: String? = nil, standsApart: Bool = false) {
            self.header = header
            self.standsApart = standsApart
        }
    }

    /// The kind of an item (for records, the value of `--kind-field`), or nil for none.
    public var kindOf: (Item) -> String?
    public var defaultFormatter: AnyRowFormatter<Item>
    /// How the default formatter's rows sit among the kinds' (cards stand apart; a table's
    /// titles are the presenter's column header).
    public var defaultBlock = Block()
    /// Each registered kind's number: its place in `formatters` and `blocks`.
    private var numbers: [String: Int] = [:]
    private var formatters: [AnyRowFormatter<Item>] = []
    private var blocks: [Block] = []

    public init(default defaultFormatter: AnyRowFormatter<Item>, kindOf: @escaping (Item) -> String? = { _ in nil }) {
        self.defaultFormatter = defaultFormatter
        self.kindOf = kindOf
    }

    /// Uses `formatter` for items of `kind`, their rows set out as `block` says.
    public mutating func register(_ formatter: AnyRowFormatter<Item>, forKind kind: String, block: Block = Block()) {
        if let number = numbers[kind] {
            (formatters[number], blocks[number]) = (formatter, block)
        } else {
            numbers[kind] = formatters.count
            formatters.append(formatter)
            blocks.append(block)
        }
    }

    /// The number of `item`'s kind when it has a formatter of its own, else nil (the default's
    /// rows): one look-up per row, then `formatter(ofKind:)` and `block(ofKind:)` by number.
    public func registeredKind(of item: Item) -> Int? {
        guard !formatters.isEmpty, let kind = kindOf(item) else { return nil }
        return numbers[kind]
    }

    /// The formatter of the kind numbered `kind` (nil: the default).
    public func formatter(ofKind kind: Int?) -> AnyRowFormatter<Item> {
        kind.map { formatters[$0] } ?? defaultFormatter
    }

    /// How the rows of the kind numbered `kind` are set out (nil: the default formatter's).
    public func block(ofKind kind: Int?) -> Block {
        kind.map { blocks[$0] } ?? defaultBlock
    }

    /// The formatter for `item`: the one registered for its kind, else the default.
    public func formatter(for item: Item) -> AnyRowFormatter<Item> {
        formatter(ofKind: registeredKind(of: item))
    }

    /// The kinds that have a formatter of their own.
    public var registeredKinds: [String] { numbers.keys.sorted() }
}
