import ListviewBatches
import ListviewDataSource
import ListviewPresentation
import ListviewValues

/// A row on screen: which loaded table holds it, and where.
public struct RowAddress: Hashable, Sendable {
    public let table: Int32
    public let row: Int32

    public init(table: Int, row: Int) {
        self.table = Int32(truncatingIfNeeded: table)
        self.row = Int32(truncatingIfNeeded: row)
    }
}

/// The rows of a section, in segments of one table each: all of its rows (a batch a filter
/// kept whole: no memory per row) or those listed (4 bytes a row). A position is found by a
/// binary search over the segments' first positions.
public struct RowList: RandomAccessCollection, Sendable {
    private struct Segment: Sendable {
        var table: Int32
        /// The rows, or nil for rows 0..<count of the table.
        var rows: [Int32]?
        var count: Int
    }

    private var segments: [Segment] = []
    /// The position of each segment's first row.
    private var starts: [Int] = []
    private var total = 0

    public init<Addresses: Sequence>(_ addresses: Addresses) where Addresses.Element == RowAddress {
        append(contentsOf: addresses)
    }

    public init() {}

    /// Rows 0..<count of table `table`.
    public static func all(table: Int, count: Int) -> RowList {
        var list = RowList()
        list.appendWhole(table: table, count: count)
        return list
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { total }

    public subscript(position: Int) -> RowAddress {
        // The last segment that starts at or before `position`.
        var (low, high) = (0, starts.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        let segment = segments[low], offset = position - starts[low]
        return RowAddress(table: Int(segment.table), row: segment.rows.map { Int($0[offset]) } ?? offset)
    }

    /// Rows of one table: a range of its rows, or rows listed.
    public enum Chunk: Sendable {
        case range(Range<Int>)
        case listed(ArraySlice<Int32>)

        /// Calls `body` with each row, in order.
        @inline(__always)
        public func forEach(_ body: (Int) -> Void) {
            switch self {
            case .range(let rows): for row in rows { body(row) }
            case .listed(let rows): for row in rows { body(Int(row)) }
            }
        }

        public var count: Int {
            switch self {
            case .range(let rows): return rows.count
            case .listed(let rows): return rows.count
            }
        }
    }

    /// The rows in order, in chunks of at most `size` rows of one table each (no row copied):
    /// work over the rows a chunk at a time, on either core.
    public func chunks(size: Int) -> [(table: Int32, rows: Chunk)] {
        var result: [(table: Int32, rows: Chunk)] = []
        let size = Swift.max(1, size)
        for segment in segments {
            for start in stride(from: 0, to: segment.count, by: size) {
                let end = Swift.min(segment.count, start + size)
                if let rows = segment.rows {
                    result.append((segment.table, .listed(rows[start..<end])))
                } else {
                    result.append((segment.table, .range(start..<end)))
                }
            }
        }
        return result
    }

    /// Appends every row of table `table`, in order.
    public mutating func appendWhole(table: Int, count: Int) {
        guard count > 0 else { return }
        segments.append(Segment(table: Int32(truncatingIfNeeded: table), rows: nil, count: count))
        starts.append(total)
        total += count
    }

    /// Appends rows `rows` (ascending) of table `table`: a segment of all that table's rows so far
    /// grows when they are the rows that follow (a table that grew: `BrowserRows.append(joining:)`).
    public mutating func append(rows: [Int], of table: Int) {
        if let last = segments.indices.last, segments[last].table == Int32(truncatingIfNeeded: table), segments[last].rows == nil,
           rows.first == segments[last].count, rows.last == segments[last].count + rows.count - 1 {
            segments[last].count += rows.count
            total += rows.count
            return
        }
        append(contentsOf: rows.lazy.map { RowAddress(table: table, row: $0) })
    }

    public mutating func append<Addresses: Sequence>(contentsOf addresses: Addresses) where Addresses.Element == RowAddress {
        for address in addresses {
            if let last = segments.indices.last, segments[last].table == address.table, segments[last].rows != nil {
                segments[last].rows?.append(address.row)
                segments[last].count += 1
            } else {
                segments.append(Segment(table: address.table, rows: [address.row], count: 1))
                starts.append(total)
            }
            total += 1
        }
    }
}

/// A table the browser's rows live in: held in memory, or past the memory budget on disk
/// (`SpilledTables`), read back when its rows are drawn or searched.
public enum LoadedTable: Sendable {
    case held(CellTable)
    case spilled(SpilledTables, number: Int, rowCount: Int)

    /// The table's rows, without reading it back.
    public var rowCount: Int {
        switch self {
        case .held(let table): return table.rowCount
        case .spilled(_, _, let rowCount): return rowCount
        }
    }

    /// The table, read back from disk when it is there.
    public var table: CellTable {
        switch self {
        case .held(let table): return table
        case .spilled(let tables, let number, _): return tables.table(number)
        }
    }
}

/// The rows the browser shows, in sections, over the tables loaded so far: while the input
/// loads, its batches in input order (one section); once loaded, with `--sort` or
/// `--group-by`, the list's own sections over one table.
///
/// A row's position is its index among all rows in section order; each section's header
/// (when the list is grouped) takes a line of its own before its rows. Positions map to
/// sections by binary search over the sections' first positions, so a million rows take
/// no per-row bookkeeping beyond their addresses.
public struct BrowserRows: Sendable {
    /// The tables the rows live in.
    public private(set) var tables: [LoadedTable] = []
    /// Each section's info and rows.
    public private(set) var sections: [(info: SectionInfo, rows: RowList)] = []
    /// The position of each section's first row.
    private var firstPositions: [Int] = []
    /// Whether sections have header lines (a grouped list).
    public private(set) var hasHeaders = false
    /// True for sections begun one by one (a list arranged on disk): their counts are their own.
    private var sectionsBegun = false
    /// Each column measured over every row so far, by column name.
    private var measures: [String: ColumnMeasure] = [:]
    /// Column names in first-seen order.
    public private(set) var columns: [String] = []
    /// Paths into nested values (`--fields customer.name`) measured like columns.
    private var paths: [FieldPath] = []

    /// No rows yet; `paths` into nested values are measured as rows arrive, like columns.
    public init(measuring paths: [FieldPath] = []) {
        self.paths = paths.filter { $0.components.count > 1 }
    }

    /// All rows.
    public var count: Int { (firstPositions.last ?? 0) + (sections.last?.rows.count ?? 0) }

    /// Appends `rows` of a newly loaded `table` to the one section of an ungrouped list.
    public mutating func append(_ table: CellTable, rows: [Int]) {
        append(.held(table), rows: rows, measuring: table)
    }

    /// Appends `rows` of table `number` of `spilled`, which is `table` (measured here, then let go):
    /// to the one section of a list in input order, or to the last section begun (`beginSection`).
    public mutating func append(spilled: SpilledTables, number: Int, table: CellTable, rows: [Int]) {
        append(.spilled(spilled, number: number, rowCount: table.rowCount), rows: rows, measuring: table)
    }

    /// Appends `rows` of `table`, a batch of a followed input (`--follow`), to the last table when
    /// that one is held, takes the batch's columns, and stays within `limit` bytes with it; else
    /// as a table of its own. An input followed for hours then keeps a table per `limit` bytes,
    /// not one per batch (each publication copies the list of tables). The rows before keep their
    /// addresses: the last table only grows.
    public mutating func append(joining table: CellTable, rows: [Int], upTo limit: Int) {
        guard !sectionsBegun, let index = tables.indices.last, case .held(var last) = tables[index],
              last.estimatedBytes + table.estimatedBytes <= limit else {
            return append(table, rows: rows)
        }
        let before = last.rowCount
        guard last.append(table) else { return append(table, rows: rows) }
        tables[index] = .held(last)
        let section = sections.count - 1
        sections[section].rows.append(rows: rows.map { $0 + before }, of: index)
        sections[section].info.count = sections[section].rows.count
        measure(table, rows: rows)
    }

    /// Begins a section of a list arranged on disk; its rows follow, a table at a time.
    public mutating func beginSection(_ info: SectionInfo) {
        sectionsBegun = true
        firstPositions.append(count)
        sections.append((info, RowList()))
        if !info.keys.isEmpty { hasHeaders = true }
    }

    private mutating func append(_ loaded: LoadedTable, rows: [Int], measuring table: CellTable) {
        let index = tables.count
        tables.append(loaded)
        // A list in input order is one section, as long as its rows.
        let inInputOrder = !sectionsBegun
        if sections.isEmpty {
            sections = [(SectionInfo(), RowList())]
            firstPositions = [0]
        }
        let last = sections.count - 1
        if rows.count == table.rowCount && rows.first == 0 && rows.last == table.rowCount - 1 {
            sections[last].rows.appendWhole(table: index, count: rows.count)
        } else {
            sections[last].rows.append(contentsOf: rows.lazy.map { RowAddress(table: index, row: $0) })
        }
        if inInputOrder { sections[last].info.count = sections[last].rows.count }
        measure(table, rows: rows)
    }

    /// Rows arranged by the list (`WholeList.arranged`): its table and sections.
    public init(arranged table: CellTable, sections listSections: [Section<RowRef>], measuring paths: [FieldPath] = []) {
        self.paths = paths.filter { $0.components.count > 1 }
        tables = [.held(table)]
        hasHeaders = listSections.contains { !$0.info.keys.isEmpty }
        var position = 0
        for section in listSections {
            // An unfiltered list in file order takes no memory per row.
            let inOrder = listSections.count == 1 && section.items.count == table.rowCount
                && section.items.enumerated().allSatisfy { $0.offset == $0.element.row }
            sections.append((section.info, inOrder ? .all(table: 0, count: table.rowCount)
                                                   : RowList(section.items.map { RowAddress(table: 0, row: $0.row) })))
            firstPositions.append(position)
            position += section.items.count
        }
        measure(table, rows: 0..<table.rowCount)
    }

    /// These rows less those `keep` turns down, in the same tables; sections left empty are
    /// dropped, and the headers count the rows kept at every grouping level.
    public func filtered(_ keep: (RowAddress) -> Bool) -> BrowserRows {
        var result = self
        result.sections = []
        result.firstPositions = []
        var position = 0
        for (info, rows) in sections {
            let kept = rows.filter(keep)
            guard !kept.isEmpty else { continue }
            var shown = info
            shown.count = kept.count
            result.sections.append((shown, RowList(kept)))
            result.firstPositions.append(position)
            position += kept.count
        }
        result.countLevels()
        return result
    }

    /// The same tables (and column measures) with their rows in `arranged` sections instead:
    /// the browser's own sort and grouping of these rows.
    public func rearranged(_ arranged: [(info: SectionInfo, rows: [RowAddress])]) -> BrowserRows {
        var result = self
        result.sections = []
        result.firstPositions = []
        result.hasHeaders = arranged.contains { !$0.info.keys.isEmpty }
        var position = 0
        for (info, rows) in arranged {
            result.sections.append((info, RowList(rows)))
            result.firstPositions.append(position)
            position += rows.count
        }
        result.countLevels()
        return result
    }

    /// Every row, in section order.
    public var addresses: [RowAddress] {
        var all: [RowAddress] = []
        all.reserveCapacity(count)
        for section in sections { all.append(contentsOf: section.rows) }
        return all
    }

    /// Sets each nested section's count at every enclosing level (`SectionInfo.levelCounts`): the
    /// rows of the sections next to it that share its keys down to that level.
    private mutating func countLevels() {
        let depth = sections.map(\.info.keys.count).max() ?? 0
        for index in sections.indices {
            sections[index].info.levelCounts = depth > 1 ? Array(repeating: sections[index].info.count, count: sections[index].info.keys.count) : []
        }
        guard depth > 1 else { return }
        for level in 0..<depth - 1 {
            var start = 0
            while start < sections.count {
                let keys = sections[start].info.keys.prefix(level + 1)
                var (end, total) = (start, 0)
                while end < sections.count, sections[end].info.keys.count > level + 1, sections[end].info.keys.prefix(level + 1) == keys {
                    total += sections[end].info.count
                    end += 1
                }
                for index in start..<end { sections[index].info.levelCounts[level] = total }
                start = max(end, start + 1)
            }
        }
    }

    /// The section holding position `position` (nil when there is no row).
    public func section(of position: Int) -> Int? {
        guard !sections.isEmpty, position >= 0, position < count else { return nil }
        var (low, high) = (0, sections.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if firstPositions[middle] <= position { low = middle } else { high = middle - 1 }
        }
        // Empty sections share a first position with the next: take the one that holds rows.
        while low < sections.count - 1, sections[low].rows.isEmpty { low += 1 }
        return low
    }

    /// The position of section `section`'s first row.
    public func firstPosition(of section: Int) -> Int { firstPositions[section] }

    /// The row at `position`.
    public func address(at position: Int) -> RowAddress? {
        guard let section = section(of: position) else { return nil }
        return sections[section].rows[position - firstPositions[section]]
    }

    /// The display line of `position`: its index among section headers and rows.
    public func line(of position: Int) -> Int {
        guard let section = section(of: position) else { return 0 }
        return position + (hasHeaders ? section + 1 : 0)
    }

    /// All display lines: rows plus section headers.
    public var lineCount: Int { count + (hasHeaders ? sections.count : 0) }

    /// What display line `line` shows: a section's header, or the row at a position.
    public enum Line: Equatable {
        case header(section: Int)
        case row(position: Int)
    }

    public func content(ofLine line: Int) -> Line? {
        guard line >= 0, line < lineCount else { return nil }
        guard hasHeaders else { return .row(position: line) }
        // The last section whose header line is at or above `line`.
        var (low, high) = (0, sections.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if firstPositions[middle] + middle <= line { low = middle } else { high = middle - 1 }
        }
        let headerLine = firstPositions[low] + low
        return line == headerLine ? .header(section: low) : .row(position: firstPositions[low] + line - headerLine - 1)
    }

    /// A cell's value, as a table draws it.
    public func value(at address: RowAddress, field: TableField) -> Value? {
        tables[Int(address.table)].table.withCells { field.value(row: Int(address.row), in: $0) }
    }

    /// The table layout of `specs` over every row loaded so far.
    public func layout(_ specs: [ColumnSpec]) -> TableLayout {
        TableLayout.measured(specs, measures: specs.map { measures[$0.path.text] ?? ColumnMeasure(title: $0.title) })
    }

    /// Adds the columns of `table`, as measured while it was built (rows a filter left out
    /// included: a column may be a little wider than its shown cells need).
    private mutating func measure(_ table: CellTable, rows: some Collection<Int>) {
        // A table read back from disk was not measured as it was read: its rows are measured here.
        let measured = table.measuresColumns ? table.measures
            : TableLayout.columnMeasures(table.columns.map { ColumnSpec($0) }, rows: Array(rows), of: table)
        for (name, measured) in zip(table.columns, measured) {
            if measures[name] == nil { columns.append(name) }
            var measure = measures[name] ?? ColumnMeasure(title: name)
            measure.merge(measured)
            measures[name] = measure
        }
        for path in paths {
            let field = TableField(path, columns: table.columns)
            guard !field.isColumn else { continue }
            var measure = measures[path.text] ?? ColumnMeasure(title: path.text)
            table.withCells { cells in
                for row in rows { measure.add(value: field.value(row: row, in: cells)) }
            }
            measures[path.text] = measure
        }
    }
}
