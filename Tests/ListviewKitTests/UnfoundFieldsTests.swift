import Foundation
import ListviewBatches
@testable import ListviewFormats
import ListviewInput
@testable import ListviewJSON
@testable import ListviewKit
import ListviewPresentation
import ListviewQuery
@testable import ListviewRequest
import ListviewTestSupport
import ListviewValues
import XCTest

/// A name is a field when any record the run reads has it: `UnfoundFields` takes off the names
/// each batch has, and `BatchStream` throws for a name left at the end of what it read.
final class UnfoundFieldsTests: XCTestCase {
    private let files = TemporaryFiles()

    private func request(where predicates: [String] = [], fields: [String]? = nil) throws -> ListRequest {
        var request = ListRequest()
        request.arrangement.filter = RecordFilter(predicates: try predicates.map(Predicate.init(parsing:)))
        request.look.fields = fields.map { $0.map(FieldPath.init) }
        return request
    }

    func testEachBatchTakesOffTheNamesItHas() throws {
        var unfound = UnfoundFields(try request(where: ["late=1"], fields: ["id", "user.name", "bill_*"]))
        XCTAssertEqual(unfound.names.map(\.path.text), ["id", "user.name", "late"])
        XCTAssertEqual(unfound.patterns.map(\.pattern.text), ["bill_*"])
        unfound.remove(foundIn: ["id", "user"], table: nil)
        // A dotted path needs a row with a value there: no table, no value.
        XCTAssertEqual(unfound.names.map(\.path.text), ["user.name", "late"])
        var other = unfound
        other.remove(foundIn: ["late", "bill_to"], table: nil)
        XCTAssertEqual(other.names.map(\.path.text), ["user.name"])
        XCTAssertTrue(other.patterns.isEmpty)
        // A part read on another core found `late` and the glob: they are found for the stream too.
        unfound.keep(onlyUnfoundIn: other)
        XCTAssertEqual(unfound.names.map(\.path.text), ["user.name"])
        XCTAssertTrue(unfound.patterns.isEmpty)
        XCTAssertFalse(unfound.isEmpty)
    }

    /// Lines of JSON whose last record alone has `late`, read in small batches (and in parts).
    private func lateFile(_ count: Int = 3_000) throws -> String {
        let lines = (0..<count).map { "{\"id\":\($0),\"level\":\"info\"}" } + ["{\"id\":\(count),\"level\":\"warn\",\"late\":\"here\"}"]
        return try files.write(lines.joined(separator: "\n") + "\n", extension: "jsonl")
    }

    private func stream(_ path: String, inParts: Bool, filter: RecordFilter = RecordFilter()) throws -> BatchStream {
        let schema = RecordSchema()
        let source = JSONRecordSource(input: try ByteInput(path: path, chunkSize: 4_096), lines: true, schema: schema)
        source.parallelThreshold = inParts ? 0 : .max
        var opened = InputLoader.Opened(source: ConcatenatedSource([source], nestedDecoder: JSONNestedValue.decode), formats: [.jsonl])
        opened.areRegularFiles = true
        let stream = BatchStream(opened: opened, read: ReadSpec(inputs: [path]), filter: filter, schema: schema)
        stream.partSize = 8_192
        return stream
    }

    /// Every batch of `stream`, as the streamed executors take them; the rows kept.
    private func readAll(_ stream: BatchStream) throws -> Int {
        var kept = 0
        var batches = 0
        try stream.forEach({ kept += $0.rows.count; batches += 1 }, inParts: { $0.rows.count }, take: { kept += $0; batches += 1 })
        XCTAssertGreaterThan(batches, 2, "the late field is read in a later batch")
        return kept
    }

    func testAFieldOfTheLastRecordIsAField() throws {
        let path = try lateFile()
        for inParts in [false, true] {
            let asked = try request(where: ["late=here"])
            let stream = try stream(path, inParts: inParts, filter: asked.arrangement.filter)
            stream.watch(asked)
            XCTAssertEqual(try readAll(stream), 1, "in parts: \(inParts)")
        }
    }

    func testANameNoRecordHasIsAUsageErrorAtTheEndNamingTheClosest() throws {
        let path = try lateFile()
        for inParts in [false, true] {
            let asked = try request(where: ["lat=here"])
            let stream = try stream(path, inParts: inParts, filter: asked.arrangement.filter)
            stream.watch(asked)
            XCTAssertThrowsError(try readAll(stream), "in parts: \(inParts)") { error in
                XCTAssertEqual(error as? ListviewError, .usage("--where: no field 'lat' in \(path); did you mean 'late'?"))
            }
        }
    }

    func testStreamedOutputChecksAnInputThatEndsWithinTheLookAheadBeforeWriting() throws {
        let path = try lateFile()
        var asked = try request(where: ["lat=here"])
        asked.read.inputs = [path]
        asked.look.style = .jsonl
        let sink = OutputSink.memory()
        XCTAssertThrowsError(try ListRunner.run(asked, to: sink)) { error in
            XCTAssertEqual(error as? ListviewError, .usage("--where: no field 'lat' in \(path); did you mean 'late'?"))
        }
        XCTAssertEqual(sink.collected, "", "nothing is written before the error")
        asked.arrangement.filter = RecordFilter(predicates: [try Predicate(parsing: "late=here")])
        let found = OutputSink.memory()
        try ListRunner.run(asked, to: found)
        XCTAssertEqual(found.collected, "{\"id\":3000,\"level\":\"warn\",\"late\":\"here\"}\n")
    }
}
