import ListviewValues

/// The ordered field names shared by every record that has the same keys in the same order.
///
/// Records hold only their values; the names live once per shape. A loader
/// interns shapes in a `RecordSchema`, so a million records of ten fields share
/// one shape and store ten values each.
public final class RecordShape: Sendable {
    /// Field names in record order, unique.
    public let names: [String]
    /// Column numbers in the owning schema, parallel to `names`.
    public let columns: [Int]
    /// By Unicode scalars (`ScalarText`): canonically equivalent names are two fields.
    private let positionByName: [ScalarText: Int]
    private let positionByColumn: [Int]

    init(names: [String], columns: [Int]) {
        self.names = names
        self.columns = columns
        var byName: [ScalarText: Int] = [:]
        byName.reserveCapacity(names.count)
        for (position, name) in names.enumerated() where byName[ScalarText(name)] == nil {
            byName[ScalarText(name)] = position
        }
        positionByName = byName
        var byColumn = [Int](repeating: -1, count: (columns.max() ?? -1) + 1)
        for (position, column) in columns.enumerated() { byColumn[column] = position }
        positionByColumn = byColumn
    }

    /// A shape outside any schema, for records built by hand (tests, computed records).
    public convenience init(names: [String]) {
        self.init(names: names, columns: Array(names.indices))
    }

    /// The position of field `name` in records of this shape.
    @inlinable
    public func position(of name: String) -> Int? {
        positionByNameLookup(name)
    }

    @usableFromInline
    func positionByNameLookup(_ name: String) -> Int? { positionByName[ScalarText(name)] }

    /// The position of schema column `column` in records of this shape.
    public func position(ofColumn column: Int) -> Int? {
        guard column >= 0, column < positionByColumn.count else { return nil }
        let position = positionByColumn[column]
        return position < 0 ? nil : position
    }
}
