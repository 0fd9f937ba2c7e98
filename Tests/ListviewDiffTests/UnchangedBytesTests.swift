import ListviewBatches
import ListviewQuery
import ListviewTestSupport
@testable import ListviewDiff
@testable import ListviewValues
import XCTest

/// A keyed diff takes a new record whose cells are the same bytes and kinds as the old record its
/// key hash leads to for that record, unchanged, without comparing its key or fields; and it
/// hashes a key of digits alone without parsing it. On random pairs of byte-identical records,
/// numbers of one value written otherwise (`48.90`, `48.9`; keys `17`, `017`, `1.7e1`), cells
/// of one text and another kind, values within and past a tolerance, and records that differ,
/// it finds what a slow diff finds that matches every key by scanning and compares every
/// field by `ValueEquality`: with the columns in the same order (the shortcut taken) and in
/// another, by meaning, `--exact` and with `--tolerance`.
final class UnchangedBytesTests: XCTestCase {
    private typealias Cell = (kind: CellKind, text: String)
    private typealias Row = [Cell]

    /// A table of `columns` holding `rows` (each a cell per column).
    private func table(_ columns: [String], _ rows: [Row]) -> CellTable {
        var table = CellTable(columns: columns, inferTypes: true)
        for row in rows {
            for cell in row {
                var text = cell.text
                text.withUTF8 { table.appendCell(UnsafeRawBufferPointer($0), kind: cell.kind) }
            }
            XCTAssertTrue(table.endRow())
        }
        return table
    }

    /// `12.05` for 1205.
    private func cents(_ amount: Int) -> String {
        "\(amount / 100).\(amount % 100 < 10 ? "0" : "")\(amount % 100)"
    }

    /// Another spelling of the same number (`48.90` → `48.9`, `7` → `7.0`), or the text itself.
    private func respelled(_ text: String, _ random: inout SeededRandom) -> String {
        guard NumberText.isNumber(text) else { return text }
        switch random.next(4) {
        case 0: return text.contains(".") ? text + "0" : text + ".0"
        case 1: return "0" + text
        case 2: return text.hasSuffix("0") && text.contains(".") ? String(text.dropLast()) : text + "e0"
        default: return text
        }
    }

    /// What the slow way finds: each new row's old row by scanning every old key with `equal`,
    /// then every field compared by `equal` or within its bound. The rows of the two tables are
    /// read through `columns` (each side's column of each field; the key first).
    private func slowDiff(old: [Row], new: [Row], oldColumns: [Int], newColumns: [Int], equality: ValueEquality,
                          bounds: [NumericTolerance.Bound?]) -> (removed: [Int], added: [Int], changed: [[Int]: [Int]], unchanged: Int) {
        func same(_ a: Cell, _ b: Cell, bound: NumericTolerance.Bound?) -> Bool {
            var (left, right) = (a.text, b.text)
            return left.withUTF8 { l in
                right.withUTF8 { r in
                    let (x, y) = ((a.kind, UnsafeRawBufferPointer(l)), (b.kind, UnsafeRawBufferPointer(r)))
                    return equality.equal(x, y, decode: nil) || bound.map { ValueEquality.withinBound($0, x, y) } ?? false
                }
            }
        }
        var matched = Set<Int>()
        var result: (removed: [Int], added: [Int], changed: [[Int]: [Int]], unchanged: Int) = ([], [], [:], 0)
        for (newRow, cells) in new.enumerated() {
            guard let oldRow = old.indices.first(where: { same(old[$0][oldColumns[0]], cells[newColumns[0]], bound: nil) }) else {
                result.added.append(newRow)
                continue
            }
            matched.insert(oldRow)
            let fields = (1..<oldColumns.count).filter {
                !same(old[oldRow][oldColumns[$0]], cells[newColumns[$0]], bound: bounds[$0 - 1])
            }.map { $0 - 1 }
            if fields.isEmpty { result.unchanged += 1 } else { result.changed[[oldRow, newRow]] = fields }
        }
        result.removed = old.indices.filter { !matched.contains($0) }
        return result
    }

    func testTheShortcutFindsWhatComparingEveryFieldFinds() throws {
        var random = seededRandom()
        let columns = ["id", "name", "total", "kind", "score"]
        let names = ["Maya", "Zoë", "a,b", "", "Ben \"B\""]
        var compared = 0
        for round in 0..<60 {
            let exact = round % 3 == 1
            var tolerance = NumericTolerance()
            if round % 3 == 2 { try tolerance.add("score=0.01") }
            let equality = ValueEquality(exact: exact, tolerance: tolerance)
            let count = 20 + random.next(400)
            var old: [Row] = (0..<count).map { id in
                [(.text, String(id * 3 + 1)), (.text, random.element(of: names) ?? ""), (.text, "\(random.next(100)).\(random.next(10))0"),
                 (random.next(2) == 0 ? .string : .number, String(random.next(3))), (.text, cents(random.next(5_000)))]
            }
            var new: [Row] = []
            for row in old {
                var row = row
                switch random.next(12) {
                case 0: continue  // removed
                case 1: row[0].text = respelled(row[0].text, &random)  // the same key written otherwise
                case 2: row[2].text = respelled(row[2].text, &random)  // the same number written otherwise
                case 3: row[2].text += "1"
                case 4: row[1].text += "!"
                case 5: row[3].kind = row[3].kind == .string ? .number : .string  // the same text, another kind
                case 6: row[4].text = random.next(2) == 0 ? row[4].text + "4" : "1" + row[4].text  // 0.004 more, or 10 or more
                case 7: row[1].text = row[1].text.uppercased()
                default: break  // the same bytes
                }
                new.append(row)
            }
            for extra in 0..<random.next(8) { new.append([(.text, String(count * 3 + 2 + extra)), (.text, "x"), (.text, "1"), (.string, "0"), (.text, "0")]) }
            random.swapPairs(&new, times: new.count)
            random.swapPairs(&old, times: old.count / 2)
            // The new side's columns in the old side's order (the shortcut taken), or in another.
            let order = round % 2 == 0 ? Array(columns.indices) : [0, 3, 1, 4, 2]
            let newTable = table(order.map { columns[$0] }, new.map { row in order.map { row[$0] } })
            let found = try RecordDiff(old: .init(table: table(columns, old), rows: Array(old.indices)),
                                       new: .init(table: newTable, rows: Array(new.indices)), key: [FieldPath("id")], fields: nil,
                                       ignoring: FieldExclusion(), equality: equality)
            let newColumns = columns.indices.map { column in order.firstIndex(of: column) ?? column }
            let slow = slowDiff(old: old, new: new.map { row in order.map { row[$0] } }, oldColumns: Array(columns.indices),
                                newColumns: newColumns, equality: equality,
                                bounds: columns.dropFirst().map { tolerance.bound(for: $0) })
            XCTAssertEqual(found.compared.map(\.text), Array(columns.dropFirst()))
            XCTAssertEqual(found.removed.sorted(), slow.removed, "round \(round)")
            XCTAssertEqual(found.added, slow.added, "round \(round)")
            XCTAssertEqual(Dictionary(uniqueKeysWithValues: found.changed.map { ([$0.old, $0.new], $0.fields) }), slow.changed, "round \(round)")
            XCTAssertEqual(found.unchanged, slow.unchanged, "round \(round)")
            compared += new.count
        }
        XCTAssertGreaterThan(compared, 3_000)
    }

    /// The canonical form of digits alone, made without parsing (`ofPlainInteger`), is the one the
    /// parse makes, so a key hashes alike whichever way it went.
    func testAPlainIntegerHasTheFormItsParseGives() {
        var random = seededRandom()
        func forms(_ text: String) -> (plain: [UInt8]?, parsed: [UInt8]?) {
            var text = text
            return text.withUTF8 { utf8 in
                let bytes = UnsafeRawBufferPointer(utf8)
                var plain: [UInt8] = [], parsed: [UInt8] = []
                let isPlain = NumberText.forEachCanonicalByte(ofPlainInteger: bytes) { plain.append($0) }
                let isParsed = NumberText.forEachCanonicalByte(ofParsed: bytes) { parsed.append($0) }
                return (isPlain ? plain : nil, isParsed ? parsed : nil)
            }
        }
        for text in ["7", "10", "1200", "1000000000000000000000", "105", "9"] {
            let (plain, parsed) = forms(text)
            XCTAssertNotNil(plain, text)
            XCTAssertEqual(plain, parsed, text)
        }
        for text in ["0", "007", "-7", "+7", "7.0", "1e3", "", "12a", " 1"] {
            XCTAssertNil(forms(text).plain, text)  // left to the parse
        }
        for _ in 0..<5_000 {
            let digits = (0..<(1 + random.next(25))).map { _ in String(random.next(10)) }.joined()
            let (plain, parsed) = forms(digits)
            if digits.first == "0" {
                XCTAssertNil(plain, digits)
            } else {
                XCTAssertEqual(plain, parsed, digits)
            }
        }
    }
}
