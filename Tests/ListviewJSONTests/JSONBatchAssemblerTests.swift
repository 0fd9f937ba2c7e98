import Foundation
import ListviewBatches
import ListviewInput
@testable import ListviewJSON
import ListviewValues
import ListviewTestSupport
import XCTest

/// The one JSON reader's cells: what each kind of document lists, nested values written out as
/// compact JSON with repeated keys merged, and errors reported where they are.
final class JSONBatchAssemblerTests: XCTestCase {
    private let files = TemporaryFiles()

    /// The columns, then each row's cells as `kind:text` (absent cells left out).
    private func cells(_ text: String, lines: Bool = false, path: [String] = []) throws -> [String] {
        let file = try files.write(text, extension: lines ? "jsonl" : "json")
        let source = JSONRecordSource(input: try ByteInput(path: file), lines: lines, path: path, schema: RecordSchema())
        var out: [String] = []
        while let batch = try source.nextBatch(schema: RecordSchema()) {
            if out.isEmpty { out.append(batch.columns.joined(separator: ",")) }
            batch.withCells { table in
                for row in 0..<batch.rowCount {
                    out.append(batch.columns.indices.compactMap { column in
                        let (kind, text) = table.cell(row: row, column: column)
                        return kind == .absent ? nil : "\(batch.columns[column])=\(kind):\(String(decoding: text, as: UTF8.self))"
                    }.joined(separator: " "))
                }
            }
        }
        return out
    }

    func testARepeatedKeyInANestedObjectKeepsItsFirstPositionAndLastValue() throws {
        XCTAssertEqual(try cells(#"[{"a":{"x":1,"y":2,"x":3}}]"#), ["a", #"a=nested:{"x":3,"y":2}"#])
        XCTAssertEqual(try cells(#"[{"d":{"q":1,"q":[1,{"r":1,"s":"t","r":{"u":2,"u":null}}]},"e":0}]"#),
                       ["d,e", #"d=nested:{"q":[1,{"r":{"u":null},"s":"t"}]} e=number:0"#])
        // What the cell holds decodes to the value `ObjectValue` merges.
        let decoded = Array(#"{"x":1,"y":2,"x":3}"#.utf8).withUnsafeBytes { JSONNestedValue.decode($0) }
        XCTAssertEqual(decoded, .object(ObjectValue(["x": .number("3"), "y": .number("2")])))
    }

    func testEveryKindOfElementIsARecord() throws {
        XCTAssertEqual(try cells(#"[1,"s",null,true,[1,[2]],{"a":1}]"#),
                       ["value,a", "value=number:1", "value=string:s", "value=null:", "value=bool:true", "value=nested:[1,[2]]", "a=number:1"])
        XCTAssertEqual(try cells("5"), ["value", "value=number:5"])
        XCTAssertEqual(try cells("{\"a\":1}\n[2]\n\"x\"\n", lines: true), ["a,value", "a=number:1", "value=nested:[2]", "value=string:x"])
    }

    func testAnObjectsMembersAreRecordsAndItsOwnKeyFieldIsRenamed() throws {
        XCTAssertEqual(try cells(#"{"a":{"key":1,"z":2},"b":5,"c":[1,2]}"#),
                       ["key,key_2,z,value", "key=string:a key_2=number:1 z=number:2", "key=string:b value=number:5",
                        "key=string:c value=nested:[1,2]"])
    }

    func testAPathSelectsTheValueToList() throws {
        XCTAssertEqual(try cells(#"{"skip":[{"no":1}],"x":{"y":[{"id":1},{"id":2}]}}"#, path: ["x", "y"]),
                       ["id", "id=number:1", "id=number:2"])
        XCTAssertEqual(try cells("{\"x\":[{\"id\":1}]}\n{\"x\":[{\"id\":2},3]}\n", lines: true, path: ["x"]),
                       ["id,value", "id=number:1", "id=number:2", "value=number:3"])
        XCTAssertThrowsError(try cells(#"{"x":1}"#, path: ["nope"])) { error in
            XCTAssertTrue("\(error)".contains("no value at path 'nope'"), "\(error)")
        }
    }

    func testNestingDeeperThanTheLimitIsRefused() throws {
        let deep = String(repeating: "[", count: 1_001) + String(repeating: "]", count: 1_001)
        XCTAssertThrowsError(try cells(deep)) { error in
            XCTAssertTrue("\(error)".contains(":1:1001: nesting deeper than 1000 levels"), "\(error)")
        }
    }

    func testAnErrorAfterManyBatchesIsReportedWhereItIsWithNoRowTwice() throws {
        let rows = (0..<5_000).map { #"{"id":\#($0),"name":"n\#($0)"}"# }
        let file = try files.write("[\n" + rows.joined(separator: ",\n") + ",\n{\"id\":5000,\"name\":nope}]\n", extension: "json")
        let source = JSONRecordSource(input: try ByteInput(path: file), lines: false, schema: RecordSchema())
        var ids: [Int] = []
        XCTAssertThrowsError(try {
            while let batch = try source.nextBatch(schema: RecordSchema()) {
                ids += batch.mapColumn(0) { Int(String(decoding: $1, as: UTF8.self)) ?? -1 }
            }
        }()) { error in
            XCTAssertTrue("\(error)".contains(":5002:20: invalid string in json text"), "\(error)")
        }
        // The batches before the error's slice, each row once, in order.
        XCTAssertGreaterThan(ids.count, 1_000)
        XCTAssertEqual(ids, Array(0..<ids.count))
    }
}
