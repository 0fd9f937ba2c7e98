import Foundation
import ListviewBatches
import ListviewInput
@testable import ListviewJSON
import ListviewValues
import ListviewTestSupport
import XCTest

/// Batches of a regular JSON file list what its records list, whatever it holds and however
/// large the reads; a file that turns out to hold an error is read again from its top, counting
/// lines, past the rows already handed out, and reports the error where it is.
final class JSONBatchTests: XCTestCase {
    private let files = TemporaryFiles()

    private func write(_ text: String) throws -> String {
        try files.write(text, extension: "json")
    }

    /// Each row as `name=value` pairs, and the error, read as batches or as records. The records
    /// are read in small reads: many more, smaller batches, so an error is met with another
    /// number of rows handed out.
    private func read(_ path: String, lines: Bool, batches: Bool) -> (rows: [String], failure: String?) {
        var rows: [String] = []
        do {
            let schema = RecordSchema()
            if batches {
                let source = JSONRecordSource(input: try ByteInput(path: path), lines: lines, schema: schema)
                let shapes = RecordShapeCache()
                while let batch = try source.nextBatch(schema: schema) {
                    rows += (0..<batch.rowCount).map { batch.record(at: $0, shapes: shapes).fields.map { "\($0)=\($1)" }.joined(separator: "|") }
                }
            } else {
                var source = JSONRecordSource(input: try ByteInput(path: path, chunkSize: 4_096), lines: lines, schema: schema)
                rows = try readRecords(from: &source, schema: schema).map { $0.fields.map { "\($0)=\($1)" }.joined(separator: "|") }
            }
            return (rows, nil)
        } catch {
            return (rows, "\(error)")
        }
    }

    private func assertBatchesListTheRecords(_ text: String, lines: Bool = false, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = try write(text)
        let records = read(path, lines: lines, batches: false)
        let batches = read(path, lines: lines, batches: true)
        XCTAssertEqual(batches.failure, records.failure, file: file, line: line)
        if records.failure == nil { XCTAssertEqual(batches.rows, records.rows, file: file, line: line) }
    }

    /// More than a 64 KB slice of flat objects, so that several batches are handed out first.
    private let plain = (0..<3_000).map { "{\"id\":\($0),\"name\":\"n \($0)\",\"tags\":[\($0 % 3)],\"ok\":\($0 % 2 == 0)}" }

    func testFlatObjectsInBatches() throws {
        try assertBatchesListTheRecords("[" + plain.joined(separator: ",\n") + "]")
        try assertBatchesListTheRecords(plain.joined(separator: "\n") + "\n", lines: true)
        try assertBatchesListTheRecords("[" + plain.joined(separator: ",") + ",{\"later\":null,\"id\":-1}]")
    }

    func testAScalarAfterManyObjectsIsAValueRecord() throws {
        try assertBatchesListTheRecords("[" + plain.joined(separator: ",") + ",42," + plain.prefix(5).joined(separator: ",") + "]")
        try assertBatchesListTheRecords(plain.joined(separator: "\n") + "\n\"text\"\n", lines: true)
    }

    func testAKeyRepeatedInsideANestedObjectIsReadAgainAsRecords() throws {
        try assertBatchesListTheRecords("[" + plain.joined(separator: ",") + ",{\"n\":{\"a\":1,\"a\":2}}]")
    }

    func testErrorsAfterManyObjectsAreTheRecordReaders() throws {
        try assertBatchesListTheRecords("[" + plain.joined(separator: ",") + ",{\"bad\" 1}]")
        try assertBatchesListTheRecords(plain.joined(separator: "\n") + "\n{\"a\":1\n", lines: true)
        try assertBatchesListTheRecords("[" + plain.joined(separator: ",") + ",{\"s\":\"\u{1}\"}]")
        try assertBatchesListTheRecords("[]")
        try assertBatchesListTheRecords("")
        try assertBatchesListTheRecords("", lines: true)
        try assertBatchesListTheRecords("{\"a\":1}")
    }
}

/// A JSON Lines file read in many small parts (`JSONFileParts`), handed on in order, lists what
/// its records list, with the record reader's errors, wherever the cuts fall.
final class JSONFilePartsTests: XCTestCase {
    private let files = TemporaryFiles()

    private func write(_ bytes: [UInt8]) throws -> String {
        try files.write(bytes, extension: "jsonl")
    }

    private func text(_ record: Record) -> String { record.fields.map { "\($0)=\($1)" }.joined(separator: "|") }

    /// The rows and the error: of the records, or of the first batch, then parts of `size` bytes
    /// (each read just before it is handed on, or all read first, last first), then the rest.
    private func read(_ path: String, lines: Bool, parts size: Int?, readingAllFirst: Bool = false) -> (rows: [String], failure: String?, parted: Bool) {
        var rows: [String] = []
        var parted = false
        do {
            let schema = RecordSchema()
            // Small reads, so that the first batch leaves most of the file to the parts.
            var source = JSONRecordSource(input: try ByteInput(path: path, chunkSize: 4_096), lines: lines, schema: schema)
            guard let size else {
                rows = try readRecords(from: &source, schema: schema).map(text)
                return (rows, nil, false)
            }
            source.parallelThreshold = 0
            let shapes = RecordShapeCache()
            func take(_ table: CellTable) { rows += (0..<table.rowCount).map { text(table.record(at: $0, shapes: shapes)) } }
            var rest: (any RecordSource)? = source
            if let first = try source.nextBatch(schema: schema) {
                take(first)
                if let parts = try source.fileParts(size: size) {
                    parted = true
                    var read: [Int: CellTable?] = [:]
                    if readingAllFirst { for index in (0..<parts.count).reversed() { read[index] = parts.read(index) } }
                    rest = nil
                    for index in 0..<parts.count {
                        let table = readingAllFirst ? read[index] ?? nil : parts.read(index)
                        let ended = try parts.handOn(index)
                        if let table { take(table) }
                        if !ended {
                            rest = try parts.readingOn(after: index)
                            break
                        }
                    }
                }
            }
            while let batch = try rest?.nextBatch(schema: schema) { take(batch) }
            return (rows, nil, parted)
        } catch {
            return (rows, "\(error)", parted)
        }
    }

    private let lines = (0..<3_000).map { "{\"id\":\($0),\"s\":\"v \($0 % 7)\",\"n\":{\"a\":[\($0)]}}" }

    private func assertPartsListTheRecords(_ bytes: [UInt8], lines: Bool = true, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = try write(bytes)
        let records = read(path, lines: lines, parts: nil)
        for readingAllFirst in [false, true] {
            let parts = read(path, lines: lines, parts: 4_096, readingAllFirst: readingAllFirst)
            XCTAssertTrue(parts.parted, "read in parts", file: file, line: line)
            XCTAssertEqual(parts.failure, records.failure, file: file, line: line)
            if records.failure == nil {
                XCTAssertTrue(parts.rows == records.rows, "\(parts.rows.count) rows, \(records.rows.count) expected", file: file, line: line)
            }
        }
    }

    func testFlatObjectsInParts() throws {
        try assertPartsListTheRecords(Array((lines.joined(separator: "\n") + "\n").utf8))
        try assertPartsListTheRecords(Array((lines.joined(separator: "\r\n")).utf8))
    }

    /// A JSON Lines value may not run on over several lines: the error is the one reading the
    /// records gives, at the line the value began on, whether the value is in the first part or a
    /// later one.
    func testAValueOverSeveralLinesIsTheSameErrorInParts() throws {
        for wrappedLine in [10, 2_000] {
            let wrapped = lines.enumerated().map { $0.offset == wrappedLine ? "{\"id\":\($0.offset),\n  \"s\": \"w\"\n}" : $0.element }
            let path = try write(Array((wrapped.joined(separator: "\n") + "\n").utf8))
            let records = read(path, lines: true, parts: nil)
            XCTAssertTrue(records.failure?.contains(":\(wrappedLine + 1):") ?? false, "\(String(describing: records.failure))")
            for readingAllFirst in [false, true] {
                XCTAssertEqual(read(path, lines: true, parts: 4_096, readingAllFirst: readingAllFirst).failure, records.failure)
            }
        }
    }

    func testScalarsAndErrorsInLaterPartsAreTheRecordReaders() throws {
        var mixed = lines
        mixed[2_500] = "42"
        try assertPartsListTheRecords(Array((mixed.joined(separator: "\n") + "\n").utf8))
        mixed[2_600] = "{\"id\":1 \"x\"}"
        try assertPartsListTheRecords(Array((mixed.joined(separator: "\n") + "\n").utf8))
        try assertPartsListTheRecords(Array((lines.joined(separator: "\n") + "\n{\"open\":").utf8))
        try assertPartsListTheRecords(Array((lines.prefix(2_000).joined(separator: "\n") + "\n").utf8) + Array("{\"s\":\"".utf8) + [0xFF]
                                      + Array("\"}\n".utf8) + Array((lines.suffix(900).joined(separator: "\n") + "\n").utf8))
    }

    func testElementsOfAnArrayInParts() throws {
        let array = "[\n" + lines.joined(separator: ",\n") + "\n]\n"
        try assertPartsListTheRecords(Array(array.utf8), lines: false)
        // Objects inside a nested array, one per line: cuts there do not end between records.
        let nested = lines.enumerated().map { $0.offset % 41 == 0 ? "{\"list\":[\n{\"a\":1},\n{\"a\":2}\n]}" : $0.element }
        try assertPartsListTheRecords(Array(("[\n" + nested.joined(separator: ",\n") + "\n]").utf8), lines: false)
        var mixed = lines
        mixed[2_500] = "7"
        try assertPartsListTheRecords(Array(("[\n" + mixed.joined(separator: ",\n") + "\n]").utf8), lines: false)
        try assertPartsListTheRecords(Array(("[\n" + lines.joined(separator: ",\n") + "\n] trailing").utf8), lines: false)
        try assertPartsListTheRecords(Array(("[\n" + lines.joined(separator: ",\n") + ",\n").utf8), lines: false)
    }
}
