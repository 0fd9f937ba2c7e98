import ListviewBatches
import ListviewConcurrency
import ListviewDataSource
import ListviewQuery
import ListviewValues
import Synchronization

/// Work the browser does on the second core between keys (an arrangement, a frequency table),
/// so that no key waits for it: its result once done, what it is doing for the status line,
/// and Esc to cancel it (the work stops at its next step and gives nothing).
final class ViewWork<Result>: Sendable {
    private struct Shared {
        var result: Result?
        var step: String
        var cancelled = false
    }

    private let shared: Mutex<Shared>
    private let thread = BackgroundThread()

    /// Starts `work`, which tells `progress` each step it takes (a false answer: stop, and give nil).
    init(_ firstStep: String, _ work: @escaping @Sendable (_ progress: (String) -> Bool) -> Result?) {
        shared = Mutex(Shared(step: firstStep))
        thread.start { [self] in
            let result = work { step in
                self.shared.withLock { shared in
                    shared.step = step
                    return !shared.cancelled
                }
            }
            shared.withLock { $0.result = result }
        }
    }

    deinit {
        cancel()
    }

    /// The result, once worked out.
    var result: Result? { shared.withLock { $0.result } }

    /// What is being worked out, for the status line.
    var step: String { shared.withLock { $0.step } }

    /// Stops the work (at its next step) and waits for the second thread.
    func cancel() {
        shared.withLock { $0.cancelled = true }
        thread.wait()
    }
}

/// The browser's own arrangement of the loaded rows (`s`, `S`, `=`): sorted by the sort keys
/// (stable, numbers as numbers, nulls last) and grouped into sections (a header with each
/// group's value and count). Rows keep their addresses: marks and the `&` filter, worked out
/// per loaded table, hold across arrangements.
enum ViewArranger {
    /// `rows` sorted by `sort` and grouped by `groupBy`; nil when `progress` (told each step)
    /// says to stop. No sort and no grouping give the rows as they are.
    static func arranged(_ rows: BrowserRows, sort: [SortSpec], groupBy: [FieldPath],
                         progress: (String) -> Bool = { _ in true }) -> BrowserRows? {
        guard !sort.isEmpty || !groupBy.isEmpty else { return rows }
        var addresses: [RowAddress]
        if !sort.isEmpty {
            guard progress("sorting \(RecordCount.text(rows.count, noun: "row"))") else { return nil }
            addresses = sorted(rows, by: sort)
        } else {
            addresses = rows.addresses
        }
        guard groupBy.isEmpty || progress("grouping by \(groupBy.map(\.text).joined(separator: ", "))") else { return nil }
        let sections = grouped(addresses, of: rows, by: groupBy)
        guard progress("showing") else { return nil }
        return rows.rearranged(sections)
    }

    /// The rows of `rows`, in the order `specs` give; ties keep their order.
    private static func sorted(_ rows: BrowserRows, by specs: [SortSpec]) -> [RowAddress] {
        // One table held in memory: the list's own sort, which sorts a column of numbers from its cells.
        if rows.tables.count == 1, case .held(let table) = rows.tables[0] {
            var items: [RowRef] = []
            items.reserveCapacity(rows.count)
            for section in rows.sections {
                for (_, chunk) in section.rows.chunks(size: 1 << 16) { chunk.forEach { items.append(RowRef($0)) } }
            }
            items = RecordSorter.sorted(items, of: table, by: specs)
            return items.map { RowAddress(table: 0, row: $0.row) }
        }
        let addresses = rows.addresses
        var keys = specs.map { _ in [ValueOrdering.Key](repeating: .missing, count: addresses.count) }
        forEachRun(of: addresses, in: rows) { table, run in
            let fields = table.fields(specs.map(\.path))
            table.withCells { cells in
                for (index, field) in fields.enumerated() {
                    for position in run { keys[index][position] = RecordSorter.key(row: Int(addresses[position].row), field: field, cells: cells) }
                }
            }
        }
        return RecordSorter.order(keys, by: specs).map { addresses[$0] }
    }

    /// `addresses` in sections by the values of `fields`, as `--group-by` makes them.
    private static func grouped(_ addresses: [RowAddress], of rows: BrowserRows,
                                by fields: [FieldPath]) -> [(info: SectionInfo, rows: [RowAddress])] {
        guard !fields.isEmpty else { return [(SectionInfo(count: addresses.count), addresses)] }
        // Each row's group number at each level, and each number's value.
        var numbers = fields.map { _ in [UInt32](repeating: 0, count: addresses.count) }
        var values: [Value] = []
        var known = fields.map { _ in [GroupKey: UInt32]() }
        forEachRun(of: addresses, in: rows) { table, run in
            let tableFields = table.fields(fields)
            table.withCells { cells in
                for (level, field) in tableFields.enumerated() {
                    for position in run {
                        let key = field.groupKey(row: Int(addresses[position].row), in: cells)
                        if let number = known[level][key] {
                            numbers[level][position] = number
                        } else {
                            let number = UInt32(truncatingIfNeeded: values.count)
                            known[level][key] = number
                            numbers[level][position] = number
                            values.append(key.value(nestedDecoder: table.nestedDecoder))
                        }
                    }
                }
            }
        }
        let sections = RecordGrouper.sections(Array(addresses.indices), by: fields, key: { position, level in numbers[level][position] },
                                              value: { values[Int($0)] })
        return sections.map { ($0.info, $0.items.map { addresses[$0] }) }
    }

    /// Calls `body` with each run of consecutive positions of `addresses` in one table, and the table.
    private static func forEachRun(of addresses: [RowAddress], in rows: BrowserRows, _ body: (CellTable, Range<Int>) -> Void) {
        var start = 0
        while start < addresses.count {
            let number = addresses[start].table
            var end = start + 1
            while end < addresses.count, addresses[end].table == number { end += 1 }
            body(rows.tables[Int(number)].table, start..<end)
            start = end
        }
    }
}
