import Foundation
import ListviewBatches
import ListviewInput
@testable import ListviewJSON
import ListviewValues
import ListviewTestSupport
import XCTest

/// A whole JSON file read into a cell table in two halves on two threads holds exactly what one
/// thread reads, or the reader falls back to one thread when the cut is not between elements.
final class JSONTableReaderTests: XCTestCase {
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
        let reader = JSONTableReader(input: try ByteInput(path: path), lines: lines, maxDepth: 1_000,
                                     parallelThreshold: halves ? 0 : .max, chunkSize: chunkSize)
        return try reader.read().map { (dump($0.table), $0.readInHalves) }
    }

    private func assertHalvesReadAlike(_ text: String, lines: Bool = false, expectHalves: Bool,
                                       file: StaticString = #filePath, line: UInt = #line) throws {
        let path = try write(text)
        let whole = try read(path, lines: lines, halves: false)
        XCTAssertNotNil(whole, file: file, line: line)
        for chunkSize in [1 << 20, 5] {
            let halves = try read(path, lines: lines, halves: true, chunkSize: chunkSize)
            XCTAssertEqual(halves?.table, whole?.table, "chunk \(chunkSize)", file: file, line: line)
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

    func testACutInsideANestedValueFallsBackToOneThread() throws {
        // Every line that starts an object is inside a nested array: no cut is between elements.
        let rows = objects(500) { #"{"id":\#($0),"items":["# + "\n" + #"{"x":\#($0)},"# + "\n" + #"{"x":1}]}"# }
        try assertHalvesReadAlike("[" + rows.joined(separator: ",") + "]", expectHalves: false)
    }

    func testHalvesThatFoundOtherColumnsFallBackToOneThread() throws {
        let rows = objects(1_000) { $0 < 500 ? #"{"a":\#($0),"b":1}"# : #"{"b":\#($0),"a":2,"c":3}"# }
        try assertHalvesReadAlike("[\n" + rows.joined(separator: ",\n") + "\n]", expectHalves: false)
    }

    func testAnErrorInEitherHalfGivesNoTable() throws {
        let rows = objects(1_000) { #"{"a":\#($0)}"# }
        for broken in ["[\n" + rows.joined(separator: ",\n") + "\n", "[\n" + rows.joined(separator: ",\n") + "\n]]",
                       "[\n{\"a\":}" + rows.joined(separator: ",\n") + "\n]"] {
            let path = try write(broken)
            XCTAssertNil(try read(path, lines: false, halves: true))
            XCTAssertNil(try read(path, lines: false, halves: false))
        }
    }
}
