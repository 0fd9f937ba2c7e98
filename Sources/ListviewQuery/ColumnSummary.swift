import ListviewBatches
import ListviewConcurrency
import ListviewDataSource
import ListviewValues
import Synchronization

/// `--summary`: what each column of a list holds, one record per column (like `mlr summary`,
/// DuckDB's `SUMMARIZE`, VisiData's describe sheet), per group of rows, added up batch by
/// batch so that no row is kept.
///
/// - `types`: the types of its values in first-seen order (`number`, `string`, `boolean`,
///   `object`, `array`); null is counted, not a type.
/// - `count`: values that are not null; `nulls`: rows where it is null or missing.
/// - `distinct`: distinct values, told apart as `--group-by` tells them (numbers by value, `100` and `1e2` one).
/// - `min`, `max`: in `--sort`'s order (booleans, numbers by value, text, nested values).
/// - `mean`: of the numbers, as footers take it (`DecimalSum`: exact, rounded once to the
///   decimals of the most precise number, at least two); null when there are none.
/// - `std`, `quantiles`, `histogram`: how the numbers (or, in a column of ISO-8601 dates, the
///   dates) are spread (`ColumnSpread`): the sample standard deviation, the quartiles, and the
///   counts in `ColumnSpread.bins` equal bins between the least and the greatest value, the
///   same bins in every section.
/// - `lengths`: the least and greatest length of the texts, in characters.
/// - `top`: the three most common values with their counts, `Adelie (152), Gentoo (124), …`
///   (ties in first-seen order), of those seen more than once; null when every value is unique.
///   An estimated count states its error bound (`N725MQ (575±12)`); machine styles get an array
///   of `{"value", "count", "error"}` objects (`ColumnStats.values`).
///
/// The distinct values are counted exactly while they take less than `byteLimit`; past it
/// the columns holding the most let them go, largest first, and estimate from then on
/// (`ColumnStats.approximate()`). Each batch's columns are added up on both cores.
public final class ColumnSummary {
    /// The fields of each summary record, in order.
    public static let fieldNames = ["field", "types", "count", "nulls", "distinct", "min", "max", "mean", "std", "quantiles",
                                    "histogram", "lengths", "top"]

    /// One column's stats in every group, added to by one thread at a time (a block of rows at a
    /// time under the lock, taken once per block).
    private final class Column: Sendable {
        let path: FieldPath
        let byGroup: Mutex<[ColumnStats]>
        init(path: FieldPath, byGroup: [ColumnStats]) {
            self.path = path
            self.byGroup = Mutex(byGroup)
        }
        var estimatedBytes: Int { byGroup.withLock { $0.reduce(0) { $0 + $1.estimatedBytes } } }
    }

    /// The columns described: the ones given, else every column of every batch in first-seen order.
    private var columns: [Column] = []
    private var columnNumbers: [String: Int] = [:]
    private let columnsFixed: Bool
    /// Columns left out when the columns are not given (`--exclude`).
    private let excluded: (String) -> Bool
    /// The rows added to each group so far (a column first seen later was null in them).
    private var rowsByGroup: [Int] = []
    private let byteLimit: Int
    /// The bytes the stats took when they could not be brought within `byteLimit`, if ever.
    public private(set) var exceeded: Int?
    /// Each column's spread in each group, and its histogram's edges (shared by the groups):
    /// worked out once every row is added, when the first record is asked for.
    private var spreads: [SpreadsOfColumn]?

    /// A column's spread and lengths in each group, and the span of its groups' values on the
    /// first group's scale, which the histograms' bins cut.
    private struct SpreadsOfColumn: Sendable {
        var byGroup: [(spread: ColumnSpread?, lengths: ClosedRange<Int>?)] = []
        var span: ClosedRange<SpreadPoint>?
        var scale: ColumnSpread.Scale?

        /// The summary's histogram edges for `spread`, a group's: the span's bins when it is on the
        /// span's scale, else nil (its own range's).
        func edges(for spread: ColumnSpread?) -> [SpreadPoint]? {
            guard let scale, spread?.scale == scale, let span else { return nil }
            return ColumnSpread.edges(of: span, bins: ColumnSpread.bins, scale: scale)
        }
    }

    /// How many of the most common values estimated stats count: a thousandth of the limit in
    /// counters (about a sixth of it in bytes), within `ColumnStats.frequentCapacities`. More
    /// counters, smaller error bounds; the default budget affords the most.
    private var frequentCapacity: Int {
        min(ColumnStats.frequentCapacities.upperBound, max(ColumnStats.frequentCapacities.lowerBound, byteLimit / 1_024))
    }

    /// A summary of `columns`, or of every column the batches have when nil, counting distinct
    /// values exactly within `byteLimit` bytes.
    public init(columns: [FieldPath]? = nil, excluding excluded: @escaping (String) -> Bool = { _ in false }, byteLimit: Int = .max) {
        columnsFixed = columns != nil
        self.excluded = excluded
        self.byteLimit = byteLimit
        for path in columns ?? [] { addColumn(path) }
    }

    /// The columns described, in order.
    public var columnPaths: [FieldPath] { columns.map(\.path) }

    /// True when some column's distinct count or top values are estimates.
    public var isApproximate: Bool { columns.contains { $0.byGroup.withLock { $0.contains(where: \.isApproximate) } } }

    /// Adds `rows` of `table`, each in the group of the same position in `groups` (all in group 0
    /// when nil); groups are numbered from 0 up.
    public func add(rows: [RowRef], groups: [Int]? = nil, of table: CellTable) {
        spreads = nil
        if !columnsFixed { for name in table.columns where columnNumbers[name] == nil && !excluded(name) { addColumn(FieldPath(name)) } }
        let groupCount = max(rowsByGroup.count, (groups?.max() ?? 0) + 1)
        for column in columns {
            column.byGroup.withLock { byGroup in
                while byGroup.count < groupCount { byGroup.append(ColumnStats(nulls: 0)) }
            }
        }
        rowsByGroup += Array(repeating: 0, count: groupCount - rowsByGroup.count)
        // Large tables (a whole file) are added a block of rows at a time, the limit kept between blocks.
        let blockSize = 1 << 16
        guard rows.count <= blockSize else {
            for start in stride(from: 0, to: rows.count, by: blockSize) {
                let end = min(start + blockSize, rows.count)
                add(rows: Array(rows[start..<end]), groups: groups.map { Array($0[start..<end]) }, of: table)
            }
            return
        }
        let fields = table.fields(columns.map(\.path))
        let columns = self.columns
        @Sendable func describe(_ index: Int) {
            let column = columns[index], field = fields[index]
            column.byGroup.withLock { byGroup in
                table.withCells { cells in
                    if let groups {
                        for (item, group) in zip(rows, groups) { byGroup[group].add(field.value(row: item.row, in: cells)) }
                    } else {
                        for item in rows { byGroup[0].add(field.value(row: item.row, in: cells)) }
                    }
                }
            }
        }
        // Nothing here throws: each part adds to its own column.
        _ = try? OrderedWork.run(count: columns.count, here: { index in
            describe(index)
            return true
        }, elsewhere: describe, handOn: { _, _ in true })
        if let groups {
            for group in groups { rowsByGroup[group] += 1 }
        } else if !rowsByGroup.isEmpty {
            rowsByGroup[0] += rows.count
        }
        keepWithinLimit()
    }

    /// The summary records of `group`, one per column, each saying whether it holds estimates;
    /// `marked` puts `≈` before them.
    public func records(group: Int, marked: Bool = false) -> [(values: [Value], approximate: Bool)] {
        let spreads = workOutSpreads()
        return columns.enumerated().map { number, column in
            let held = column.byGroup.withLock { group < $0.count ? $0[group] : nil }
            let stats = held ?? ColumnStats(nulls: group < rowsByGroup.count ? rowsByGroup[group] : 0)
            let (spread, lengths) = group < spreads[number].byGroup.count ? spreads[number].byGroup[group] : (nil, nil)
            let approximate = stats.isApproximate || spread?.isApproximate == true
            return (stats.values(named: column.path.text, marked: marked, spread: spread, lengths: lengths,
                                 edges: spreads[number].edges(for: spread)), approximate)
        }
    }

    /// Whether column `column` holds a number in some group.
    public func holdsNumbers(column: Int) -> Bool {
        column < columns.count && columns[column].byGroup.withLock { $0.contains(where: \.holdsNumbers) }
    }

    /// `--histogram`: column `column`'s values in `bins` equal bins over every group's range (on the
    /// first group's scale), and each group's count in each; nil when no group has numbers or
    /// dates. Worked out from each group's spread, exact or estimated.
    public func histogram(column: Int, bins: Int) -> (edges: [SpreadPoint], scale: ColumnSpread.Scale, counts: [[Int]], approximate: Bool)? {
        guard column < columns.count else { return nil }
        let spreads = workOutSpreads()[column]
        guard let scale = spreads.scale, let span = spreads.span else { return nil }
        let edges = ColumnSpread.edges(of: span, bins: bins, scale: scale)
        let counts = spreads.byGroup.map { group in
            group.spread.flatMap { $0.scale == scale ? $0.histogram(edges: edges) : nil } ?? Array(repeating: 0, count: edges.count - 1)
        }
        return (edges, scale, counts, spreads.byGroup.contains { $0.spread?.isApproximate == true })
    }

    /// Each column's spread in each group, and the span of every group's values on the first
    /// group's scale (each column on either core), worked out once.
    private func workOutSpreads() -> [SpreadsOfColumn] {
        if let spreads { return spreads }
        let columns = self.columns
        let results = Mutex([SpreadsOfColumn](repeating: SpreadsOfColumn(), count: columns.count))
        @Sendable func workOut(_ index: Int) {
            var byGroup = columns[index].byGroup.withLock { $0.map(\.spreadAndLengths) }
            // Every section's dates are written with the most digits of a second any section has.
            if let fraction = byGroup.compactMap({ $0.spread?.scale.fraction }).max() {
                byGroup = byGroup.map { group in (group.spread.map { $0.on($0.scale.writing(fraction: fraction)) }, group.lengths) }
            }
            let spreads = byGroup.compactMap(\.spread)
            // The bins span every group's range on the first group's scale; a group on another scale
            // (dates where the others hold numbers) keeps bins of its own.
            let scale = spreads.first?.scale
            let span = spreads.filter { $0.scale == scale }.compactMap(\.range).reduce(nil as ClosedRange<SpreadPoint>?) { span, range in
                span.map { min($0.lowerBound, range.lowerBound)...max($0.upperBound, range.upperBound) } ?? range
            }
            results.withLock { $0[index] = SpreadsOfColumn(byGroup: byGroup, span: span, scale: scale) }
        }
        _ = try? OrderedWork.run(count: columns.count, here: { index in
            workOut(index)
            return true
        }, elsewhere: workOut, handOn: { _, _ in true })
        let worked = results.withLock { $0 }
        spreads = worked
        return worked
    }

    /// One record per name in `columns`, describing its values in `rows` of `table`.
    public static func records(columns: [FieldPath], rows: [RowRef], of table: CellTable) -> [[Value]] {
        let summary = ColumnSummary(columns: columns)
        summary.add(rows: rows, of: table)
        return summary.records(group: 0).map(\.values)
    }

    /// Describes `paths` too, those not described yet after the others: the rows added before had
    /// no value in them (a glob's match first met in a later batch).
    public func describe(_ paths: [FieldPath]) {
        for path in paths where columnNumbers[path.text] == nil {
            spreads = nil
            addColumn(path)
        }
    }

    /// Puts the columns described in the order of `paths` (a glob's matches, expanded once every
    /// batch is read), those not among them after.
    public func order(by paths: [FieldPath]) {
        let place = Dictionary(paths.enumerated().map { ($1.text, $0) }, uniquingKeysWith: { first, _ in first })
        let ordered = columns.enumerated().sorted { (place[$0.element.path.text] ?? paths.count + $0.offset, $0.offset)
            < (place[$1.element.path.text] ?? paths.count + $1.offset, $1.offset) }
        columns = ordered.map(\.element)
        columnNumbers = Dictionary(columns.enumerated().map { ($1.path.text, $0) }, uniquingKeysWith: { first, _ in first })
        spreads = nil
    }

    private func addColumn(_ path: FieldPath) {
        columnNumbers[path.text] = columns.count
        // The rows before this column was seen had no value in it.
        columns.append(Column(path: path, byGroup: rowsByGroup.map { ColumnStats(nulls: $0) }))
    }

    /// Past the limit, the stats holding the most distinct values estimate from now on, until the
    /// rest fit in half of it; stats whose exact values take less than the estimates would are
    /// left exact. When even that leaves them above twice the limit (the whole budget, for a
    /// great many groups), `exceeded` says how much they take.
    private func keepWithinLimit() {
        var total = columns.reduce(0) { $0 + $1.estimatedBytes }
        guard total > byteLimit else { return }
        var largest: [(column: Int, group: Int, bytes: Int)] = []
        let estimateBytes = ColumnStats.approximateBytes(capacity: frequentCapacity)
        for (number, column) in columns.enumerated() {
            column.byGroup.withLock { byGroup in
                for (group, stats) in byGroup.enumerated() where !stats.isApproximate && stats.estimatedBytes > 2 * estimateBytes {
                    largest.append((number, group, stats.estimatedBytes))
                }
            }
        }
        largest.sort { $0.bytes > $1.bytes }
        for entry in largest where total > byteLimit / 2 {
            let capacity = frequentCapacity
            columns[entry.column].byGroup.withLock { $0[entry.group].approximate(capacity: capacity) }
            total += estimateBytes - entry.bytes
        }
        // Estimates take room of their own: past twice the limit (the whole budget) they do not fit.
        if total > 2 * byteLimit { exceeded = total }
    }
}
