import ListviewBatches
import ListviewJSON
import ListviewValues

/// The fields of rows flattened as they are written (CSV and TSV output, SPEC §11), read from the
/// rows' own cells as `flattenedCells` flattens them, without making a flattened table. Each name
/// is a leaf path found below one of the table's columns before (`leafPaths`), a column of the
/// table, or neither; a row's nested cells are walked once (`CompactJSONScanner`), each leaf
/// looked up in the paths found.
public struct FlattenedFields {
    /// Where a run of a line's fields is.
    private enum Source {
        /// The table's consecutive columns: their cells as they are, but nothing where the row's
        /// value there is spread into paths.
        case cells(Range<Int>)
        /// The leaf kept in this slot while a row is read.
        case leaf(Int)
        /// A column's cell, or where the row lacks it, the leaf kept in the slot: a name that is
        /// both a column and a leaf path of another column (`a.k` beside `a: {"k": …}`), read as
        /// `TableField` reads it.
        case cellOrLeaf(column: Int, slot: Int)
        /// Nothing in any row.
        case missing
    }

    private let sources: [Source]
    /// The columns a field reads, each with its root in the tree of leaf paths; their nested cells
    /// are walked.
    private let walked: [(column: Int, root: Int)]
    /// Where in a line each walked column's own cell is written, with the column's place in
    /// `walked`: emptied when the row's value there is spread into paths.
    private let walkedCells: [(walked: Int, field: Int)]
    /// While a row is read: whether each walked column's value is spread into paths.
    private var spread: [Bool]
    private var lookup: LeafLookup
    /// While a row is read: the bytes of its escaped strings unescaped, and the fields they are.
    private var unescaped: [UInt8] = []
    private var unescapedFields: [(field: Int, range: Range<Int>)] = []

    /// A leaf path: the column it is below and the keys from there down to it.
    public typealias LeafPath = (column: String, keys: [String])

    /// The fields `names` of rows of a table of `columns`, those in `leafPaths` leaf paths, the
    /// others columns of the table (or nothing); only the columns in `spreading` hold values
    /// spread into paths.
    ///
    /// A name in `columnFirst` is a column and a leaf path both: each row's cell in the column,
    /// and where the row lacks it, the leaf (`TableField`'s reading of a path).
    /// Names are told apart by their Unicode scalars (`ScalarText`), as the records' keys are.
    public init(names: [String], leafPaths: [ScalarText: LeafPath], columns: [String], spreading: Set<ScalarText>, columnFirst: Set<ScalarText> = []) {
        var tree = PathTree()
        var roots: [Int: Int] = [:]
        var leafNodes: [Int] = []
        let columnIndexes = Dictionary(columns.enumerated().map { (ScalarText($1), $0) }, uniquingKeysWith: { first, _ in first })
        var sources: [Source] = []
        var cellColumns: [(column: Int, field: Int)] = []
        for (field, name) in names.enumerated() {
            let named = ScalarText(name)
            guard let (columnName, keys) = leafPaths[named], let column = columnIndexes[ScalarText(columnName)] else {
                guard let column = columnIndexes[named] else {
                    sources.append(.missing)
                    continue
                }
                cellColumns.append((column, field))
                // A column right after the one before it joins its run.
                if case .cells(let run) = sources.last, run.upperBound == column {
                    sources[sources.count - 1] = .cells(run.lowerBound..<column + 1)
                } else {
                    sources.append(.cells(column..<column + 1))
                }
                if spreading.contains(named), roots[column] == nil { roots[column] = tree.root(of: column) }
                continue
            }
            var node = roots[column] ?? tree.root(of: column)
            roots[column] = roots[column] ?? node
            for key in keys {
                var key = key
                node = key.withUTF8 { tree.child(of: node, key: UnsafeRawBufferPointer($0), after: nil) }
            }
            if columnFirst.contains(named), let own = columnIndexes[named] {
                sources.append(.cellOrLeaf(column: own, slot: leafNodes.count))
            } else {
                sources.append(.leaf(leafNodes.count))
            }
            leafNodes.append(node)
        }
        var slotOfNode = [Int](repeating: -1, count: tree.nodeCount)
        for (slot, node) in leafNodes.enumerated() where slotOfNode[node] < 0 { slotOfNode[node] = slot }
        self.sources = sources.map { source in
            // Two names for one leaf (a path given twice) read one slot.
            switch source {
            case .leaf(let slot): return .leaf(slotOfNode[leafNodes[slot]])
            case .cellOrLeaf(let column, let slot): return .cellOrLeaf(column: column, slot: slotOfNode[leafNodes[slot]])
            default: return source
            }
        }
        let walked = roots.sorted { $0.key < $1.key }.map { (column: $0.key, root: $0.value) }
        self.walked = walked
        walkedCells = cellColumns.compactMap { column, field in
            walked.firstIndex { $0.column == column }.map { (walked: $0, field: field) }
        }
        spread = Array(repeating: false, count: walked.count)
        lookup = LeafLookup(tree: tree, slotOfNode: slotOfNode, slots: leafNodes.count, walked: walked.count)
        fieldCount = names.count
    }

    /// The number of fields of a line.
    public let fieldCount: Int

    /// Lays out the fields of `row`'s line in `line` (room for `fieldCount`) and calls `body` with
    /// them: the plain text of each (nil for null and missing fields) and whether it is written
    /// `""` when empty. A run of the table's columns is read in one pass over the row's cells
    /// (`CellTable.Cells.lineFields`). A nested value that is not compact JSON is not spread: its
    /// column keeps it, as `flattenedCells` keeps it.
    public mutating func withLine(row: Int, of cells: CellTable.Cells, in line: UnsafeMutableBufferPointer<LineField>,
                                  _ body: (UnsafeBufferPointer<LineField>) -> Void) {
        guard let fields = line.baseAddress, line.count >= fieldCount else { return }
        defer { lookup.clear() }
        for (index, (column, root)) in walked.enumerated() {
            let (kind, text) = cells.cell(row: row, column: column)
            spread[index] = kind == .nested && text.count > 2 && lookup.walk(text, at: root, walked: index)
        }
        // Emptied only when not empty: emptying an array that never held anything allocates.
        if !unescapedFields.isEmpty {
            unescaped.removeAll(keepingCapacity: true)
            unescapedFields.removeAll(keepingCapacity: true)
        }
        var field = 0
        for source in sources {
            switch source {
            case .cells(let columns):
                cells.lineFields(row: row, columns: columns, into: fields + field)
                field += columns.count
                continue
            case .cellOrLeaf(let column, let slot):
                let (kind, text) = cells.cell(row: row, column: column)
                if kind == .absent { writeLeaf(slot, at: field, into: fields) } else { fields[field] = LineField(kind: kind, text: text) }
            case .leaf(let slot):
                writeLeaf(slot, at: field, into: fields)
            case .missing:
                fields[field] = .none
            }
            field += 1
        }
        for (walked, field) in walkedCells where spread[walked] { fields[field] = .none }
        let laidOut = UnsafeBufferPointer(start: fields, count: fieldCount)
        guard !unescapedFields.isEmpty else { return body(laidOut) }
        // The unescaped strings lie in one buffer, whole before any field points into it.
        unescaped.withUnsafeBytes { bytes in
            for (field, range) in unescapedFields { fields[field] = LineField(text: UnsafeRawBufferPointer(rebasing: bytes[range])) }
            body(laidOut)
        }
    }

    /// Writes the leaf kept in `slot` as field `field` (nothing for a null or none); an escaped
    /// string's text is unescaped into `unescaped`, to be pointed at once the line is laid out.
    @inline(__always)
    private mutating func writeLeaf(_ slot: Int, at field: Int, into fields: UnsafeMutablePointer<LineField>) {
        guard let span = lookup.leaf(slot) else {
            fields[field] = .none
            return
        }
        switch span.kind {
        case .null: fields[field] = .none
        case .string where span.escaped:
            let start = unescaped.count
            unescaped.append(contentsOf: RecordShaping.unescaped(span).utf8)
            unescapedFields.append((field, start..<unescaped.count))
        default: fields[field] = LineField(text: span.text)
        }
    }

    /// The walk of one nested cell: each member or element looked up in the paths found, each
    /// leaf kept in its slot (when a field names it). Every path is found, as the paths were found
    /// in the same cells; a member that were not would be left out.
    private struct LeafLookup: CompactJSONScanner.Visitor {
        let tree: PathTree
        let slotOfNode: [Int]
        /// Per slot, the leaf kept there last and the walk that kept it: a row's slots are cleared
        /// by counting on to the next row's walks, not by writing each one.
        private var kept: [(walk: Int, span: CompactJSONScanner.Span?)]
        /// The walk under way (each nested cell is one), the first walk of the row being read, and
        /// the row's walks that found their cell not compact JSON, whose leaves are not kept.
        private var walkNumber = 0
        private var rowStart = 1
        private var failed: [Int] = []
        /// The containers open around the value being read (the first `depth`), each with its
        /// node and the child met last in it; the node met last (nil: not among the paths found).
        private var open: [(node: Int, previous: Int?)] = []
        private var depth = 0
        private var current: Int?
        /// Per walked column, the slot of each array index below its root as far as elements have
        /// asked (`indexSlot`): -1 where no field names it.
        private var indexSlots: [[Int]]

        init(tree: PathTree, slotOfNode: [Int], slots: Int, walked: Int) {
            self.tree = tree
            self.slotOfNode = slotOfNode
            kept = Array(repeating: (0, nil), count: slots)
            indexSlots = Array(repeating: [], count: walked)
        }

        /// The leaf of the row being read kept in `slot`, or nil.
        func leaf(_ slot: Int) -> CompactJSONScanner.Span? {
            let (walk, span) = kept[slot]
            guard walk >= rowStart, failed.isEmpty || !failed.contains(walk) else { return nil }
            return span
        }

        /// Walks the nested cell `text` below `root`, the root of walked column `walked`; false,
        /// with none of its leaves kept, when it is not compact JSON. An array of scalars alone
        /// (a list of tags) keeps each element in the slot of its index without a walk.
        mutating func walk(_ text: UnsafeRawBufferPointer, at root: Int, walked: Int) -> Bool {
            walkNumber += 1
            // Elements kept before a container ends the array's fast reading are kept again, the
            // same, by the walk.
            let elements = CompactJSONScanner.forEachScalarElement(of: text) { index, span in
                let slot = indexSlot(index, below: root, walked: walked)
                if slot >= 0 { kept[slot] = (walkNumber, span) }
            }
            if elements != nil { return true }
            depth = 0
            push((root, nil))
            guard CompactJSONScanner.walk(text, &self) else {
                failed.append(walkNumber)
                return false
            }
            return true
        }

        /// The slot of the leaf at array index `index` below `root` (a walk's `value` there after
        /// `next(key: nil, index:…)`), -1 for none, found once per walked column and index.
        @inline(__always)
        private mutating func indexSlot(_ index: Int, below root: Int, walked: Int) -> Int {
            if index < indexSlots[walked].count { return indexSlots[walked][index] }
            while indexSlots[walked].count <= index {
                let node = tree.existingChild(of: root, index: indexSlots[walked].count, after: nil)
                indexSlots[walked].append(node.map { slotOfNode.indices.contains($0) ? slotOfNode[$0] : -1 } ?? -1)
            }
            return indexSlots[walked][index]
        }

        /// Ends the row: the leaves kept so far are no longer its.
        mutating func clear() {
            rowStart = walkNumber + 1
            if !failed.isEmpty { failed.removeAll(keepingCapacity: true) }
        }

        private mutating func push(_ container: (node: Int, previous: Int?)) {
            if depth < open.count { open[depth] = container } else { open.append(container) }
            depth += 1
        }

        mutating func next(key: CompactJSONScanner.Span?, index: Int, nonEmptyContainer: Bool) -> Bool {
            let top = depth - 1
            let (parent, previous) = open[top]
            current = if let key {
                tree.existingChild(of: parent, key: key, after: previous)
            } else {
                tree.existingChild(of: parent, index: index, after: previous)
            }
            guard let current else { return false }
            open[top].previous = current
            guard nonEmptyContainer else { return false }
            push((current, nil))
            return true
        }

        mutating func value(_ span: CompactJSONScanner.Span) {
            guard let current, slotOfNode.indices.contains(current) else { return }
            let slot = slotOfNode[current]
            guard slot >= 0 else { return }
            kept[slot] = (walkNumber, span)
        }

        mutating func leave() { depth -= 1 }
    }
}
