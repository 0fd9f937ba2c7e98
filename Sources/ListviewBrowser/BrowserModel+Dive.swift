import ListviewBatches
import ListviewValues

/// Enter on a nested value: where the value is in its record, and the dive that opens it.
extension BrowserModel {
    /// The dive into the current column's cell under the cursor, when it holds a non-empty
    /// object or array.
    func diveIntoCurrentCell() -> BrowserDive? {
        guard let address = view.address(at: cursor), currentColumn < columns.count else { return nil }
        let column = columns[currentColumn].path
        let table = view.tables[Int(address.table)].table
        let row = Int(address.row)
        guard row < table.rowCount, let field = table.fields([column]).first,
              let value = table.withCells({ field.value(row: row, in: $0) }), Self.opens(value) else { return nil }
        return dive(into: value, field: column.text, suffix: "", at: address)
    }

    /// The dive into the value of node `node` of `tree`, the record under the cursor in full.
    func dive(into tree: RecordTreeView, node: Int) -> BrowserDive? {
        guard node < tree.nodes.count, let value = tree.nodes[node].value, Self.opens(value),
              let address = view.address(at: cursor) else { return nil }
        let (field, suffix) = tree.fieldAndSuffix(of: node)
        return dive(into: value, field: field, suffix: suffix, at: address)
    }

    /// The path of node `node` of `tree` from the record of the file's list (through the dives
    /// that led here): what `y` copies in a record in full.
    func path(of node: Int, in tree: RecordTreeView) -> String? {
        guard node < tree.nodes.count, tree.nodes[node].value != nil, let address = view.address(at: cursor) else { return nil }
        let (field, suffix) = tree.fieldAndSuffix(of: node)
        return path(field: field, suffix: suffix, row: Int(address.row))
    }

    /// A value opens as a sheet when it is a non-empty object or array.
    static func opens(_ value: Value) -> Bool {
        switch value {
        case .object(let object): return object.count > 0
        case .array(let elements): return !elements.isEmpty
        default: return false
        }
    }

    /// The path of `field`'s value, then `suffix` (`[2].sku`), in the record at row `row`: under
    /// the row's own path in a dived sheet.
    private func path(field: String, suffix: String, row: Int) -> String? {
        guard let dive else { return field + suffix }
        return dive.path(row: row, column: field).map { $0 + suffix }
    }

    private func dive(into value: Value, field: String, suffix: String, at address: RowAddress) -> BrowserDive? {
        guard let path = path(field: field, suffix: suffix, row: Int(address.row)) else { return nil }
        if let dive {
            return BrowserDive(value: value, path: path, record: dive.dive.record, crumbs: dive.dive.crumbs + [dive.step(to: path)])
        }
        let record = recordName(at: address)
        return BrowserDive(value: value, path: path, record: record, crumbs: [record?.text, path].compactMap { $0 })
    }

    /// The record at `address` named by its first column's value, when it has one.
    func recordName(at address: RowAddress) -> BrowserDive.RecordName? {
        guard let first = columns.first?.path else { return nil }
        let table = view.tables[Int(address.table)].table
        let row = Int(address.row)
        guard row < table.rowCount, let field = table.fields([first]).first,
              let value = table.withCells({ field.value(row: row, in: $0) }), !value.isContainer else { return nil }
        return BrowserDive.RecordName(field: first.text, value: value)
    }
}

extension RecordTreeView {
    /// The field node `node` is in, and its path under that field: `("items", "[2].sku")`.
    func fieldAndSuffix(of node: Int) -> (field: String, suffix: String) {
        var top = node
        while let parent = nodes[top].parent { top = parent }
        let field = nodes[top].path
        return (field, String(nodes[node].path.dropFirst(field.count)))
    }
}
