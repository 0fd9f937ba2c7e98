import ListviewBatches
import ListviewJSON

/// `--explode F`, cell by cell: a row per element of the array in `F`, the record's other cells
/// copied as they are (their bytes and kind, no value made).
extension RecordShaping {
    /// Where an exploded row's cells come from.
    private enum ExplodedColumn {
        /// An input column, copied.
        case copy(Int)
        /// The array's element: `nil` the element itself (a scalar), else the member at this key
        /// (its node in the keys' `PathTree`).
        case element(key: Int?)
    }

    /// `table` with a row per element of the array in column `column` (see `Explode`). The arrays'
    /// compact JSON is walked once without making values (`CompactJSONScanner`): the walk keeps
    /// each element and its members by key, and the rows are written from what it kept
    /// once every key is known.
    func exploded(_ table: CellTable, column: Int, dropEmpty: Bool) -> CellTable {
        table.withCells { cells in
            var walk = ArrayWalk()
            for row in 0..<table.rowCount {
                let (kind, text) = cells.cell(row: row, column: column)
                walk.read(kind: kind, text: text)
            }
            var names: [String] = []
            var sources: [ExplodedColumn] = []
            for (index, name) in table.columns.enumerated() {
                guard index == column else {
                    names.append(name)
                    sources.append(.copy(index))
                    continue
                }
                // The field itself holds a scalar element, null for an empty array, or what a
                // record without an array has; an object element's members follow.
                if walk.keepsField {
                    names.append(name)
                    sources.append(.element(key: nil))
                }
                for key in walk.keys.children(of: walk.root) {
                    names.append(([name] + walk.keys.keys(of: key)).joined(separator: separator))
                    sources.append(.element(key: key))
                }
            }
            var result = emptyCopy(of: table, columns: names)
            // Each row keeps its own order of fields (`fieldOrders`), the array's place taken by the
            // field itself and the element's members in the order the element has them.
            var copyIndex = [Int](repeating: -1, count: table.columns.count)
            var fieldIndex: Int?
            var memberColumn = [Int](repeating: -1, count: walk.keys.nodeCount)
            for (index, source) in sources.enumerated() {
                switch source {
                case .copy(let input): copyIndex[input] = index
                case .element(nil): fieldIndex = index
                case .element(let key?): memberColumn[key] = index
                }
            }
            var rowOrder = RowFieldOrder(columns: names.count)
            /// The order of an exploded row of `row` whose element's members are `members`: nil
            /// when it is the columns' order.
            func order(of row: Int, members: Range<Int>) -> [Int]? {
                rowOrder.begin()
                func visit(_ input: Int) {
                    guard input == column else {
                        if input < copyIndex.count, copyIndex[input] >= 0 { rowOrder.place(copyIndex[input]) }
                        return
                    }
                    if let fieldIndex { rowOrder.place(fieldIndex) }
                    for member in members { rowOrder.place(memberColumn[walk.members[member].key]) }
                }
                if !table.fieldOrders.isEmpty, let own = table.fieldOrders[row] {
                    for input in own { visit(input) }
                } else {
                    for input in table.columns.indices { visit(input) }
                }
                return rowOrder.fieldOrder
            }
            let rows = walk.elementCounts.reduce(0) { $0 + ($1 > 0 ? $1 : $1 == 0 && dropEmpty ? 0 : 1) }
            result.reserveCapacity(bytes: table.textByteCount / max(1, table.rowCount) * rows, cells: rows * names.count)
            var slots = [CompactJSONScanner.Span?](repeating: nil, count: walk.keys.nodeCount)
            var elementIndex = 0
            var memberIndex = 0
            for row in 0..<table.rowCount {
                let count = walk.elementCounts[row]
                guard count >= 0 else {
                    // No array: the field as it was.
                    let (kind, text) = cells.cell(row: row, column: column)
                    appendRow(row, of: cells, sources: sources, order: order(of: row, members: 0..<0), into: &result) { key, result in
                        result.appendCell(key == nil ? text : Self.noBytes, kind: key == nil ? kind : .absent)
                    }
                    continue
                }
                if count == 0 && !dropEmpty {
                    appendRow(row, of: cells, sources: sources, order: order(of: row, members: 0..<0), into: &result) { key, result in
                        result.appendCell(Self.noBytes, kind: key == nil ? .null : .absent)
                    }
                }
                for _ in 0..<count {
                    let element = walk.elements[elementIndex]
                    elementIndex += 1
                    let firstMember = memberIndex
                    if element.isObject {
                        for index in slots.indices { slots[index] = nil }
                        while memberIndex < element.membersEnd {
                            let member = walk.members[memberIndex]
                            slots[member.key] = member.value
                            memberIndex += 1
                        }
                    }
                    let members = element.isObject ? firstMember..<element.membersEnd : 0..<0
                    appendRow(row, of: cells, sources: sources, order: order(of: row, members: members), into: &result) { key, result in
                        switch (key, element.isObject) {
                        case (nil, false): Self.appendCell(element.span, to: &result)
                        case (let number?, true):
                            if let member = slots[number] { Self.appendCell(member, to: &result) } else {
                                result.appendCell(Self.noBytes, kind: .absent)
                            }
                        default: result.appendCell(Self.noBytes, kind: .absent)
                        }
                    }
                }
            }
            return result
        }
    }

    /// What one walk over a batch's arrays keeps for `exploded`: each row's count of elements,
    /// each element, and each object element's members by key number. The spans point into the
    /// batch's cells.
    private struct ArrayWalk {
        struct Element {
            var span: CompactJSONScanner.Span
            var isObject: Bool
            /// Where this element's members end in `members` (they start where the previous
            /// element's end).
            var membersEnd: Int
        }

        /// Per row, its array's count of elements, or -1 when the field is not an array.
        var elementCounts: [Int] = []
        var elements: [Element] = []
        var members: [(key: Int, value: CompactJSONScanner.Span)] = []
        /// The members' keys, as the children of one root.
        var keys = PathTree()
        let root: Int
        /// True when some row needs the field's own column: a scalar element, an empty array,
        /// or a value that is no array.
        var keepsField = false

        init() { root = keys.root(of: 0) }

        mutating func read(kind: CellKind, text: UnsafeRawBufferPointer) {
            guard kind == .nested, text.first == UInt8(ascii: "[") else {
                if kind != .absent { keepsField = true }
                return elementCounts.append(-1)
            }
            let firstElement = elements.count
            let firstMember = members.count
            var previous: Int?
            // The reader writes nested cells as compact JSON; a cell the walk could not read keeps
            // its array as it is.
            let read = CompactJSONScanner.forEachElement(of: text, member: { key, value in
                let number = keys.child(of: root, key: key, after: previous)
                members.append((number, value))
                previous = number
            }, element: { element in
                let isObject = element.kind == .nested && element.text.first == UInt8(ascii: "{")
                if !isObject { keepsField = true }
                elements.append(Element(span: element, isObject: isObject, membersEnd: members.count))
                previous = nil
            })
            guard read else {
                elements.removeSubrange(firstElement...)
                members.removeSubrange(firstMember...)
                keepsField = true
                return elementCounts.append(-1)
            }
            if elements.count == firstElement { keepsField = true }
            elementCounts.append(elements.count - firstElement)
        }
    }

    /// Appends one row: the input row's cells, and in the array's place what `element` appends for
    /// each of its columns (the member of a key, or the field itself for `nil`); `order` is the
    /// row's own order of fields, nil for the columns'.
    private func appendRow(_ row: Int, of cells: CellTable.Cells, sources: [ExplodedColumn], order: [Int]?, into result: inout CellTable,
                           element: (Int?, inout CellTable) -> Void) {
        for source in sources {
            switch source {
            case .copy(let column):
                let (kind, text) = cells.cell(row: row, column: column)
                result.appendCell(text, kind: kind)
            case .element(let key):
                element(key, &result)
            }
        }
        _ = result.endRow(padding: .absent, fieldOrder: order)
    }
}
