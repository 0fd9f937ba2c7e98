import Foundation
import ListviewBatches
import ListviewInput
@testable import ListviewJSON
import ListviewValues
import ListviewTestSupport
import XCTest

/// A whole JSON file read into a cell table in two parts on two threads holds exactly what one
/// thread reads, or the reader reads on in one pass when the cut is not between elements.
final class JSONCellTableTests: XCTestCase {
    private let files = TemporaryFiles()

    private func write(_ text: String) throws -> String {
        try files.write(text, extension: "json")
    }

    /// Every cell as `kind:text`, row by row, with the columns first.
    private func dump(_ table: CellTable) -> [[String]] {
        let columns = table.columns.indices.map { column in
            table.mapColumn(column) { kind, text in "\(kind):\(String(decoding: text, as: UTF8.self))" }
        }
        return [table.columns] + (0..<table.rowCount).map { row in columns.map { $0[row] } }
    }

    private func read(_ path: String, lines: Bool, halves: Bool, chunkSize: Int = 1 << 20) throws -> (table: [[String]], inHalves: Bool)? {
        let source = JSONRecordSource(input: try ByteInput(path: path, chunkSize: chunkSize), lines: lines, schema: RecordSchema())
        source.parallelThreshold = halves ? 0 : .max
        return try source.cellTable().map { (dump($0), source.wasReadInParts) }
    }

    private func assertHalvesReadAlike(_ text: String, lines: Bool = false, expectHalves: Bool,
                                       file: StaticString = #filePath, line: UInt = #line) throws {
        let path = try write(text)
        let whole = try read(path, lines: lines, halves: false)
        XCTAssertNotNil(whole, file: file, line: line)
        for chunkSize in [1 << 20, 5] {
            let halves = try read(path, lines: lines, halves: true, chunkSize: chunkSize)
            let difference = zip(halves?.table ?? [], whole?.table ?? []).enumerated().first { $0.element.0 != $0.element.1 }
            XCTAssertNil(difference.map { "row \($0.offset): \($0.element.0) in parts, \($0.element.1) in one pass" }, "chunk \(chunkSize)", file: file, line: line)
            XCTAssertEqual(halves?.table.count, whole?.table.count, "chunk \(chunkSize)", file: file, line: line)
            XCTAssertEqual(halves?.inHalves, expectHalves, "chunk \(chunkSize)", file: file, line: line)
        }
    }

    private func objects(_ count: Int, _ object: (Int) -> String) -> [String] {
        (0..<count).map(object)
    }

    func testAnArrayOfObjectsPerLineIsReadInHalves() throws {
        let rows = objects(2_000) { #"{"id":\#($0),"s":"x\#($0 % 7)\"q\"","n":null,"b":true,"t":[\#($0),{"k":"v"}]}"# }
        try assertHalvesReadAlike("[\n" + rows.joined(separator: ",\n") + "\n]\n", expectHalves: true)
        try assertHalvesReadAlike("[\r\n" + rows.joined(separator: " ,\r\n  ") + "]", expectHalves: true)
        try assertHalvesReadAlike(rows.joined(separator: "\n") + "\n", lines: true, expectHalves: true)
    }

    /// A cut comes after an element that ends in a bracket or a quote: after a number or a
    /// literal, the part before ended inside a token it could not end (`3` of `3,`), and that
    /// element was lost (an array of objects and numbers read in parts lost a row, status 0).
    func testAScalarElementBeforeACutIsRead() throws {
        let alternating = objects(2_000) { $0 % 2 == 0 ? #"{"a":\#($0)}"# : ["\($0)", "true", "null", "-1.5e3"][$0 / 2 % 4] }
        try assertHalvesReadAlike("[\n" + alternating.joined(separator: ",\n") + "\n]\n", expectHalves: false)
        let mixed = objects(3_000) { $0 % 3 == 2 ? ["\($0)", "false", "\"s\($0)\"", "[\($0)]"][$0 % 4] : #"{"a":\#($0)}"# }
        try assertHalvesReadAlike("[\n" + mixed.joined(separator: ",\n") + "\n]\n", expectHalves: true)
        let path = try write("[\n" + mixed.joined(separator: ",\n") + "\n]\n")
        XCTAssertEqual(try read(path, lines: false, halves: true)?.table.count, 3_000 + 1)
        // The case that lost its `3` (fuzzing's differential reading).
        let small = try write("[\n{\"a\":1},\n{\"a\":2},\n3,\n{\"a\":1}\n]")
        for chunkSize in [1 << 20, 5] {
            XCTAssertEqual(try read(small, lines: false, halves: true, chunkSize: chunkSize)?.table.count, 4 + 1)
        }
    }

    func testACutInsideANestedValueFallsBackToOneThread() throws {
        // Every line that starts an object is inside a nested array: no cut is between elements.
        let rows = objects(500) { #"{"id":\#($0),"items":["# + "\n" + #"{"x":\#($0)},"# + "\n" + #"{"x":1}]}"# }
        try assertHalvesReadAlike("[" + rows.joined(separator: ",") + "]", expectHalves: false)
    }

    func testPartsThatFoundOtherColumnsJoinByName() throws {
        let rows = objects(1_000) { $0 < 500 ? #"{"a":\#($0),"b":1}"# : #"{"b":\#($0),"a":2,"c":3}"# }
        try assertHalvesReadAlike("[\n" + rows.joined(separator: ",\n") + "\n]", expectHalves: true)
    }

    func testAnErrorInEitherHalfIsReportedWhereItIs() throws {
        let rows = objects(1_000) { #"{"a":\#($0)}"# }
        let broken = [
            ("[\n" + rows.joined(separator: ",\n") + "\n", "1002:1"),
            ("[\n" + rows.joined(separator: ",\n") + "\n]]", "1002:2"),
            ("[\n{\"a\":}" + rows.joined(separator: ",\n") + "\n]", "2:6"),
            ("[\n" + rows.joined(separator: ",\n").replacingOccurrences(of: #"{"a":900}"#, with: #"{"a":9 0}"#) + "\n]", "902:7"),
        ]
        for (text, place) in broken {
            let path = try write(text)
            for halves in [true, false] {
                XCTAssertThrowsError(try read(path, lines: false, halves: halves)) { error in
                    XCTAssertTrue("\(error)".contains(place), "\(error) is not at \(place)")
                }
            }
        }
    }
}
