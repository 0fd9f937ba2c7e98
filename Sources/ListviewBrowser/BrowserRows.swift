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

/// The rows of a section: every row of one table in order (a whole file, unfiltered: no
/// memory per row), or a list of addresses.
public struct RowList: RandomAccessCollection, Sendable {
    private var listed: [RowAddress] = []
    private var whole: (table: Int32, count: Int)?

    public init(_ addresses: [RowAddress] = []) {
        listed = addresses
    }

    /// Rows 0..<count of table `table`.
    public static func all(table: Int, count: Int) -> RowList {
        var list = RowList()
        list.whole = (Int32(truncatingIfNeeded: table), count)
        return list
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { whole?.count ?? listed.count }

    public subscript(position: Int) -> RowAddress {
        if let whole { return RowAddress(table: Int(whole.table), row: position) }
        return listed[position]
    }

    public mutating func append<Addresses: Sequence>(contentsOf addresses: Addresses) where Addresses.Element == RowAddress {
        if whole != nil {
            listed = Array(self)
            whole = nil
        }
        listed.append(contentsOf: addresses)
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
    public private(set) var tables: [CellTable] = []
    /// Each section's info and rows.
    public private(set) var sections: [(info: SectionInfo, rows: RowList)] = []
    /// The position of each section's first row.
    private var firstPositions: [Int] = []
    /// Whether sections have header lines (a grouped list).
    public private(set) var hasHeaders = false
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
        let index = tables.count
        tables.append(table)
        if sections.isEmpty {
            sections = [(SectionInfo(), RowList())]
            firstPositions = [0]
        }
        sections[0].rows.append(contentsOf: rows.lazy.map { RowAddress(table: index, row: $0) })
        sections[0].info.count = sections[0].rows.count
        measure(table, rows: rows)
    }

    /// Rows arranged by the list (`WholeList.arranged`): its table and sections.
    public init(arranged table: CellTable, sections listSections: [Section<RowRef>], measuring paths: [FieldPath] = []) {
        self.paths = paths.filter { $0.components.count > 1 }
        tables = [table]
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

    /// These rows less those `keep` turns down, in the same tables; sections left empty are dropped.
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
        return result
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
        tables[Int(address.table)].withCells { field.value(row: Int(address.row), in: $0) }
    }

    /// The table layout of `specs` over every row loaded so far.
    public func layout(_ specs: [ColumnSpec]) -> TableLayout {
        TableLayout.measured(specs, measures: specs.map { measures[$0.path.text] ?? ColumnMeasure(title: $0.title) })
    }

    /// Adds the columns of `table`, as measured while it was built (rows a filter left out
    /// included: a column may be a little wider than its shown cells need).
    private mutating func measure(_ table: CellTable, rows: some Collection<Int>) {
        for (name, measured) in zip(table.columns, table.measures) {
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
