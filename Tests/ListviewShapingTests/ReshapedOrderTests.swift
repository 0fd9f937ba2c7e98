import ListviewBatches
import ListviewJSON
import ListviewShaping
import ListviewTestSupport
import ListviewValues
import XCTest

/// A record reshaped (`--flatten`, `--explode`) keeps its own order of fields, whatever records
/// came before it in its batch: the same records read from one file, from several or from a pipe
/// (batches cut elsewhere) read the same. A field first met in an earlier record, or a key first
/// met in an earlier object, does not move ahead of the record's own.
final class ReshapedOrderTests: XCTestCase {
    private func shuffledSubset(_ keys: [String], _ generator: inout SeededRandom) -> [String] {
        keys.shuffled(using: &generator).filter { _ in generator.next(4) > 0 }
    }

    private func object(_ generator: inout SeededRandom) -> Value {
        let keys = shuffledSubset(["x", "y", "z"], &generator)
        return .object(ObjectValue(keys: keys, values: keys.map { _ in Value.number("\(generator.next(9))") }))
    }

    private func record(_ generator: inout SeededRandom) -> Record {
        let names = shuffledSubset(["id", "c", "t", "v"], &generator)
        let values: [Value] = names.map { name in
            switch name {
            case "c": return generator.next(5) == 0 ? .string("s") : object(&generator)
            case "t":
                let count = generator.next(3)
                return .array((0..<count).map { _ in generator.next(3) == 0 ? .number("1") : object(&generator) })
            default: return .number("\(generator.next(99))")
            }
        }
        return Record(shape: RecordShape(names: names), values: values)
    }

    /// Each row's fields as `name=value`, in the row's order (absent ones left out).
    private func lines(_ table: CellTable) -> [String] {
        let shapes = RecordShapeCache()
        return (0..<table.rowCount).map { row in
            let record = table.record(at: row, shapes: shapes)
            return zip(record.names, record.values).map { "\($0)=\($1.compactJSON)" }.joined(separator: " ")
        }
    }

    private func table(_ records: [Record]) -> CellTable {
        var table = CellTable(records: records, inferTypes: true)
        table.nestedDecoder = JSONNestedValue.decode
        return table
    }

    func testARecordReshapedReadsTheSameWhateverRecordsComeBeforeIt() throws {
        var generator = seededRandom()
        var flatten = RecordShaping()
        flatten.flatten = .init()
        var explode = RecordShaping()
        explode.explode = .init(field: FieldPath("t"))
        var both = explode
        both.flatten = .init()
        for round in 0..<150 {
            let records = (0..<(1 + generator.next(5))).map { _ in record(&generator) }
            for (name, shaping) in [("flatten", flatten), ("explode", explode), ("explode, flatten", both)] {
                let together = lines(try shaping.reshaped(table(records)))
                let apart = try records.flatMap { lines(try shaping.reshaped(table([$0]))) }
                XCTAssertEqual(together, apart, "round \(round), \(name): \(records.map { lines(table([$0])) })")
            }
        }
    }
}
