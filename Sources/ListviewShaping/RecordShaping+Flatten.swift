import ListviewBatches
import ListviewJSON
import ListviewValues

/// `--flatten [N]`, cell by cell: each nested cell's compact JSON is walked once without making
/// values (`CompactJSONScanner`), its leaves kept by the path they are at (`PathTree`), and the
/// rows are written from what the walk kept once every path of the batch is known. The cells
/// flattening leaves alone are copied as they are.
extension RecordShaping {
    /// Where a flattened row's cells come from.
    private enum FlattenedColumn {
        /// An input column, copied (absent where its value was spread into paths).
        case copy(Int)
        /// The leaf at this node of the path tree.
        case path(node: Int)
    }

    /// The flattened columns as a row writes them: runs of input columns copied in order, and leaves.
    private enum FlattenedPiece {
        case copies(Range<Int>)
        case path(node: Int)

        /// `columns`, each run of input columns in order made one piece.
        static func pieces(of columns: [FlattenedColumn]) -> [FlattenedPiece] {
            var pieces: [FlattenedPiece] = []
            for column in columns {
                switch column {
                case .copy(let input):
                    if case .copies(let run) = pieces.last, run.upperBound == input {
                        pieces[pieces.count - 1] = .copies(run.lowerBound..<input + 1)
                    } else {
                        pieces.append(.copies(input..<input + 1))
                    }
                case .path(let node):
                    pieces.append(.path(node: node))
                }
            }
            return pieces
        }
    }

    /// `table` with the nested values of its columns spread into dotted columns, `depth` levels
    /// deep (all without one), in the place of their column and in the order their paths are
    /// first seen; throws when a path would take the name of a column of the table.
    public func flattenedCells(_ table: CellTable, depth: Int?) throws(Conflict) -> CellTable {
        try flattenedCells(table, rows: 0..<table.rowCount, depth: depth) ?? table
    }

    /// `rows` of `table`, in that order, as a table of their own with their nested values spread
    /// as `flattenedCells` spreads them; nil when none of them has a value to spread.
    @_specialize(exported: true, where Rows == ArraySlice<Int>)
    public func flattenedCells<Rows: Collection>(_ table: CellTable, rows: Rows, depth: Int?) throws(Conflict) -> CellTable? where Rows.Element == Int {
        let levels = depth ?? .max
        guard levels > 0, table.nestedDecoder != nil else { return nil }
        let columnCount = table.columns.count
        let flattened: Result<CellTable?, Conflict> = table.withCells { cells in
            var walk = LeafWalk(columnCount: columnCount, levels: levels)
            for row in rows { walk.read(row: row, of: cells) }
            guard !walk.tree.leaves.isEmpty else { return .success(nil) }
            var names: [String] = []
            var sources: [FlattenedColumn] = []
            // By Unicode scalars (`ScalarText`): canonically equivalent keys are two columns.
            var literal: Set<ScalarText> = []
            for (column, name) in table.columns.enumerated() {
                if walk.keepsColumn[column] {
                    names.append(name)
                    sources.append(.copy(column))
                    literal.insert(ScalarText(name))
                }
                for node in walk.tree.leaves[column] ?? [] {
                    names.append(([name] + walk.tree.keys(of: node)).joined(separator: separator))
                    sources.append(.path(node: node))
                }
            }
            // A path that spells a column of the table (or another path): two fields would be one column.
            var counts: [ScalarText: Int] = [:]
            for name in names { counts[ScalarText(name), default: 0] += 1 }
            for (name, source) in zip(names, sources) {
                guard case .path(let node) = source, counts[ScalarText(name), default: 0] > 1 || literal.contains(ScalarText(name)) else { continue }
                let keys = walk.tree.keys(of: node)
                let object = ([table.columns[walk.tree.column(of: node)]] + keys.dropLast()).joined(separator: separator)
                return .failure(Conflict(column: name, object: object, key: keys.last ?? ""))
            }
            var result = emptyCopy(of: table, columns: names)
            // Each row keeps its own order of fields (`fieldOrders`): its columns in the order it
            // wrote them, a column spread into paths replaced by the leaves the row has below it
            // in the order the row has them. So a record reads the same whatever rows came before
            // it: a leaf first met in an earlier row does not move ahead of the row's own.
            var copyOf = [Int](repeating: -1, count: columnCount)
            var columnOfNode = [Int](repeating: -1, count: walk.tree.nodeCount)
            for (index, source) in sources.enumerated() {
                switch source {
                case .copy(let column): copyOf[column] = index
                case .path(let node): columnOfNode[node] = index
                }
            }
            var rowOrder = RowFieldOrder(columns: names.count)
            let share = table.rowCount > 0 ? table.textByteCount / table.rowCount * rows.count : 0
            result.reserveCapacity(bytes: share, cells: rows.count * names.count)
            let pieces = FlattenedPiece.pieces(of: sources)
            var slots = [CompactJSONScanner.Span?](repeating: nil, count: walk.tree.nodeCount)
            var entry = 0
            for (position, row) in rows.enumerated() {
                let entries = entry..<walk.rowEnds[position]
                for index in entries {
                    let leaf = walk.leaves[index]
                    slots[leaf.node] = leaf.value
                }
                for piece in pieces {
                    switch piece {
                    case .copies(let columns):
                        // A value spread into paths leaves its own column without one; the cells
                        // between such columns are copied a run at a time.
                        var runStart = columns.lowerBound
                        for column in columns where walk.spread[position * columnCount + column] {
                            result.appendCells(runStart..<column, ofRow: row, in: cells)
                            result.appendCell(Self.noBytes, kind: .absent)
                            runStart = column + 1
                        }
                        result.appendCells(runStart..<columns.upperBound, ofRow: row, in: cells)
                    case .path(let node):
                        if let value = slots[node] { Self.appendCell(value, to: &result) } else {
                            result.appendCell(Self.noBytes, kind: .absent)
                        }
                    }
                }
                rowOrder.begin()
                // The row's leaves lie in `entries` column after column (the walk reads a row's
                // cells in column order), each column's in the order the row has them.
                func placeColumn(_ column: Int, leaves: inout Int) {
                    if walk.spread[position * columnCount + column] {
                        while leaves < entries.upperBound, walk.tree.column(of: walk.leaves[leaves].node) == column {
                            rowOrder.place(columnOfNode[walk.leaves[leaves].node])
                            leaves += 1
                        }
                    } else if copyOf[column] >= 0 {
                        rowOrder.place(copyOf[column])
                    }
                }
                if !table.fieldOrders.isEmpty, let own = table.fieldOrders[row] {
                    // Where each column's leaves start, found once, for columns in the row's order.
                    var starts: [Int: Int] = [:]
                    for index in entries.reversed() { starts[walk.tree.column(of: walk.leaves[index].node)] = index }
                    for column in own where column < columnCount {
                        var leaves = starts[column] ?? entries.upperBound
                        placeColumn(column, leaves: &leaves)
                    }
                } else {
                    var leaves = entries.lowerBound
                    for column in 0..<columnCount { placeColumn(column, leaves: &leaves) }
                }
                _ = result.endRow(padding: .absent, fieldOrder: rowOrder.fieldOrder)
                for index in entries { slots[walk.leaves[index].node] = nil }
                entry = entries.upperBound
            }
            return .success(result)
        }
        return try flattened.get()
    }

    /// What a column holds once flattened: whether some row keeps a value of its own in it, and
    /// the keys of each leaf path below it, in the order first met.
    public typealias LeafPaths = (column: String, keepsValue: Bool, leaves: [[String]])

    /// What flattening `rows` of `table` (in that order) would make of each column, without making
    /// it: per column, whether some row keeps a value of its own there, and the keys of each leaf
    /// path, in the order first met (the order `flattenedCells` gives its columns).
    ///
    /// A column is read down its rows, then the next (`CellTable.Cells.forEachNestedCell`): each
    /// column's leaves come in the order its rows have them, as a walk row by row finds them,
    /// and a cell's bytes are looked up only when it is nested.
    ///
    /// `kindsMet` (`CellTable.Cells.kindsMet`, of the whole table) spares that read for a column
    /// without nested cells whose kinds tell what its rows hold: none but absent ones, or none absent.
    @_specialize(exported: true, where Rows == ArraySlice<Int>)
    public func leafPaths<Rows: Collection>(of table: CellTable, rows: Rows, kindsMet: [UInt8]? = nil) -> [LeafPaths]
    where Rows.Element == Int {
        let columnCount = table.columns.count
        var walk = LeafWalk(columnCount: columnCount, levels: .max, keepsRows: false)
        table.withCells { cells in
            for column in 0..<columnCount {
                let holdsOthers: Bool
                let (absent, others) = (CellKind.absent.bit, ~(CellKind.absent.bit | CellKind.nested.bit))
                if let met = kindsMet?[column], met & CellKind.nested.bit == 0, met & absent == 0 || met & others == 0 {
                    holdsOthers = met & others != 0 && !rows.isEmpty
                } else {
                    holdsOthers = cells.forEachNestedCell(in: column, rows: rows) { _, text in walk.read(kind: .nested, text: text, column: column) }
                }
                if holdsOthers { walk.read(kind: .text, text: RecordShaping.noBytes, column: column) }
            }
        }
        return walk.paths(of: table.columns)
    }

    /// What one walk over a batch's nested cells keeps for `flattenedCells`: each leaf with its
    /// node in the path tree, row after row, and which cells were spread into paths. The spans
    /// point into the batch's cells.
    private struct LeafWalk: CompactJSONScanner.Visitor {
        let columnCount: Int
        let levels: Int
        /// Whether each row's leaves and spread cells are kept (`flattenedCells`), or only the
        /// paths (`leafPaths`).
        let keepsRows: Bool
        var tree = PathTree()
        var leaves: [(node: Int, value: CompactJSONScanner.Span)] = []
        /// Where each row's leaves end in `leaves`.
        var rowEnds: [Int] = []
        /// Per row and column, true when the cell was spread into paths.
        var spread: [Bool] = []
        /// Per column, true when some row keeps a cell in it: a scalar, an empty container, or a
        /// value that is not compact JSON.
        var keepsColumn: [Bool]

        /// While a cell is walked: the containers open around the value being read, each with its
        /// node, the child met last in it and the levels left below it; the node met last.
        private var open: [(node: Int, previous: Int?, levels: Int)] = []
        /// How many of `open` are open (the array is kept between cells, not emptied).
        private var depth = 0
        private var current = 0
        /// Per column, while only paths are kept: the longest array of scalars walked in it. A
        /// shorter one has the paths of its first elements, found then, and is not walked again.
        private var scalarElementsWalked: [Int]

        init(columnCount: Int, levels: Int, keepsRows: Bool = true) {
            self.columnCount = columnCount
            self.levels = levels
            self.keepsRows = keepsRows
            keepsColumn = Array(repeating: false, count: columnCount)
            scalarElementsWalked = Array(repeating: 0, count: keepsRows ? 0 : columnCount)
        }

        /// Reads each cell of `row`.
        mutating func read(row: Int, of cells: CellTable.Cells) {
            for column in 0..<columnCount { read(row: row, column: column, of: cells) }
            rowEnds.append(leaves.count)
        }

        /// Reads one cell: a nested one's bytes are looked up, the others' kinds alone.
        @inline(__always)
        mutating func read(row: Int, column: Int, of cells: CellTable.Cells) {
            let kind = cells.kind(row: row, column: column)
            read(kind: kind, text: kind == .nested ? cells.cell(row: row, column: column).text : RecordShaping.noBytes, column: column)
        }

        mutating func read(kind: CellKind, text: UnsafeRawBufferPointer, column: Int) {
            guard kind == .nested, text.count > 2 else {
                if kind != .absent && !keepsColumn[column] { keepsColumn[column] = true }
                if keepsRows { spread.append(false) }
                return
            }
            // Most arrays of scalars (lists of tags) add no path to those of a longer one before.
            if !keepsRows, levels > 0, let count = CompactJSONScanner.forEachScalarElement(of: text, { _, _ in }) {
                guard count > scalarElementsWalked[column] else { return }
                scalarElementsWalked[column] = count
            }
            let firstLeaf = leaves.count
            // The reader writes nested cells as compact JSON; a cell the walk could not read stays
            // as it is.
            guard walk(text, under: tree.root(of: column), levels: levels) else {
                leaves.removeSubrange(firstLeaf...)
                keepsColumn[column] = true
                if keepsRows { spread.append(false) }
                return
            }
            if keepsRows { spread.append(true) }
        }

        /// What the walk found in each of `columns` (the table's).
        func paths(of columns: [String]) -> [LeafPaths] {
            columns.enumerated().map { column, name in
                (name, keepsColumn[column], (tree.leaves[column] ?? []).map { tree.keys(of: $0) })
            }
        }

        /// Walks the non-empty container `text` at `node`, `levels` deep: each member or element
        /// is a leaf, or is walked in turn while levels last. False when `text` is not compact JSON.
        private mutating func walk(_ text: UnsafeRawBufferPointer, under node: Int, levels: Int) -> Bool {
            depth = 0
            push((node, nil, levels))
            return CompactJSONScanner.walk(text, &self)
        }

        mutating func next(key: CompactJSONScanner.Span?, index: Int, nonEmptyContainer: Bool) -> Bool {
            let top = depth - 1
            let (parent, previous, levels) = open[top]
            current = if let key {
                tree.child(of: parent, key: key, after: previous)
            } else {
                PathTree.withDigits(of: index) { tree.child(of: parent, key: $0, after: previous) }
            }
            open[top].previous = current
            guard nonEmptyContainer, levels > 1 else { return false }
            push((current, nil, levels - 1))
            return true
        }

        mutating func value(_ span: CompactJSONScanner.Span) {
            tree.markLeaf(current)
            if keepsRows { leaves.append((current, span)) }
        }

        mutating func leave() { depth -= 1 }

        private mutating func push(_ container: (node: Int, previous: Int?, levels: Int)) {
            if depth < open.count { open[depth] = container } else { open.append(container) }
            depth += 1
        }
    }
}
