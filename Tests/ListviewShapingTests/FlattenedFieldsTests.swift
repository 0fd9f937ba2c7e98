import ListviewBatches
import ListviewJSON
import ListviewShaping
import ListviewTestSupport
import ListviewValues
import XCTest

/// CSV and TSV output flattens rows as they are written: the paths noted over the rows
/// (`RecordShaping.leafPaths`) and each row's fields read from its own cells (`FlattenedFields`)
/// are what `--flatten` makes of the same rows (`flattenedCells`), whose walk keeps every leaf.
/// Arrays of scalars alone (lists of tags) are read without that walk on both sides; these tables
/// mix them, of every length, with arrays that hold containers, objects, empty containers, escaped
/// strings and cells that are not compact JSON.
final class FlattenedFieldsTests: XCTestCase {
    private static let scalars = [#""a""#, #""tag""#, #""say \"hi\"""#, #""\u00e9t\u00e9""#, "12", "-0.5e3", "true", "false", "null", #""""#,
                                  #""a,b""#, #""a long tag of more than eight bytes""#]
    private static let others = [#"{"x":1,"y":"z"}"#, #"{"y":[1,2],"x":null}"#, #"[{"x":1},"a"]"#, #"["a",[]]"#, #"["a",{}]"#, #"[[1,2],3]"#,
                                 "[]", "{}", "[1, 2]", #"["open""#, "[1,]", #"{"0":"zero","1":"one"}"#]

    private func nestedText(_ generator: inout SeededRandom) -> String {
        guard generator.next(3) > 0 else { return Self.others[generator.next(Self.others.count)] }
        let count = generator.next(7)
        return "[" + (0..<count).map { _ in Self.scalars[generator.next(Self.scalars.count)] }.joined(separator: ",") + "]"
    }

    /// The text of each field of a line: nil for a null or missing one.
    private func texts(_ fields: UnsafeBufferPointer<LineField>) -> [String?] {
        fields.map { $0.text.map { String(decoding: $0, as: UTF8.self) } }
    }

    func testWrittenFieldsAreTheFlattenedCells() throws {
        var generator = seededRandom()
        for round in 0..<80 {
            let columns = (0..<(1 + generator.next(4))).map { "c\($0)" }
            var table = CellTable(columns: columns, inferTypes: true)
            table.nestedDecoder = JSONNestedValue.decode
            let rowCount = generator.next(30)
            for _ in 0..<rowCount {
                for column in columns.indices {
                    let (kind, text): (CellKind, String) = switch generator.next(column == 0 ? 3 : 6) {
                    case 0: (.string, "s\(generator.next(9))")
                    case 1: (.absent, "")
                    case 2: (.null, "")
                    default: (.nested, nestedText(&generator))
                    }
                    Array(text.utf8).withUnsafeBytes { table.appendCell($0, kind: kind) }
                }
                _ = table.endRow(padding: .absent)
            }
            var shaping = RecordShaping()
            shaping.flatten = .init()
            let flat = try shaping.flattenedCells(table, depth: nil)

            // The paths noted, in the order `flattenedCells` gives its columns.
            let noted = shaping.leafPaths(of: table, rows: Array(0..<rowCount)[...])
            var names: [String] = [], flattenedNames: [String] = []
            var leafPaths: [ScalarText: FlattenedFields.LeafPath] = [:]
            var spreading: Set<ScalarText> = []
            for (column, keepsValue, leaves) in noted {
                // Written as CSV, a column nothing was spread from stays, as `FlattenedOutput` keeps it.
                if keepsValue || leaves.isEmpty { names.append(column) }
                if keepsValue { flattenedNames.append(column) }
                if !leaves.isEmpty { spreading.insert(ScalarText(column)) }
                for keys in leaves {
                    let name = ([column] + keys).joined(separator: ".")
                    names.append(name)
                    flattenedNames.append(name)
                    leafPaths[ScalarText(name)] = (column, keys)
                }
            }
            if !leafPaths.isEmpty { XCTAssertEqual(flattenedNames, flat.columns, "round \(round)") }

            // Each row's fields, against its flattened cells.
            var fields = FlattenedFields(names: names, leafPaths: leafPaths, columns: columns, spreading: spreading)
            let flatColumns = names.map { flat.columns.firstIndex(of: $0) }
            table.withCells { cells in
                flat.withCells { flatCells in
                    withUnsafeTemporaryAllocation(of: LineField.self, capacity: fields.fieldCount) { line in
                        for row in 0..<rowCount {
                            var written: [String?] = []
                            fields.withLine(row: row, of: cells, in: line) { written = texts($0) }
                            let expected: [String?] = flatColumns.map { column in
                                guard let column else { return nil }
                                let (kind, text) = flatCells.cell(row: row, column: column)
                                return kind == .null || kind == .absent ? nil : String(decoding: text, as: UTF8.self)
                            }
                            XCTAssertEqual(written, expected, "round \(round) row \(row)")
                        }
                    }
                }
            }
        }
    }
}
