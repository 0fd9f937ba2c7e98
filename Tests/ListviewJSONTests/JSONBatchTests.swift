import Foundation
import ListviewBatches
import ListviewInput
@testable import ListviewJSON
import ListviewValues
import XCTest

/// Batches of a regular JSON file, made straight from the parser's events while it holds flat
/// objects, list what its records list; a file that turns out to be more (or wrong) is read
/// again as records past the rows already handed out, with the record reader's errors.
final class JSONBatchTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        paths = []
    }

    private func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("batches-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        paths.append(url.path)
        return url.path
    }

    /// Each row as `name=value` pairs, and the error, read as batches or as records.
    private func read(_ path: String, lines: Bool, batches: Bool) -> (rows: [String], failure: String?) {
        var rows: [String] = []
        do {
            let schema = RecordSchema()
            let source = JSONRecordSource(input: try ByteInput(path: path), lines: lines, schema: schema)
            if batches {
                let shapes = RecordShapeCache()
                while let batch = try source.nextBatch(schema: schema) {
                    rows += (0..<batch.rowCount).map { batch.record(at: $0, shapes: shapes).fields.map { "\($0)=\($1)" }.joined(separator: "|") }
                }
            } else {
                while let record = try source.next() { rows.append(record.fields.map { "\($0)=\($1)" }.joined(separator: "|")) }
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

    func testAScalarAfterManyObjectsIsReadAgainAsRecords() throws {
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
