import ListviewBatches
@testable import ListviewKit
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewTestSupport
import ListviewValues
import XCTest

/// A count reads only the columns it names (`ListPlanner.columnsRead`): on random JSON, JSON
/// Lines and CSV, with groups, sorts and filters, its output, status and error are those of
/// the same count reading every column.
final class CountedColumnsTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
        super.tearDown()
    }

    /// The output, notes and status of `request`, or its error, reading only the columns counted or all of them.
    private func counted(_ request: ListRequest, onlyColumnsRead: Bool) -> String {
        let sink = OutputSink.memory()
        var notes: [String] = []
        do {
            let outcome = try ListRunner.run(request, to: sink, warn: { notes.append($0) }, reading: .bytesWhenPossible,
                                             onlyColumnsRead: onlyColumnsRead)
            return sink.collected + "notes \(notes) found \(outcome.foundRecords)"
        } catch {
            return sink.collected + "notes \(notes) error \(error)"
        }
    }

    func testColumnsReadAreTheFieldsNamed() {
        var request = ListRequest()
        XCTAssertNil(ListPlanner.columnsRead(for: request))
        request.look.countsOnly = true
        request.arrangement.groupBy = [FieldPath("customer.name")]
        request.arrangement.sort = [SortSpec(path: FieldPath("total"), descending: false)]
        XCTAssertEqual(ListPlanner.columnsRead(for: request), ["customer.name", "customer", "total"])
        request.arrangement.filter = RecordFilter(search: "x")
        XCTAssertNil(ListPlanner.columnsRead(for: request), "a search looks at every field")
        request.arrangement.filter = RecordFilter()
        request.look.summary = true
        XCTAssertNil(ListPlanner.columnsRead(for: request), "a summary describes every column")
    }

    func testRandomCountsReadOnlyTheirColumns() throws {
        var random = seededRandom()
        let fields = ["id", "a", "name", "b", "value", "a.b", "name.0", "id.x"]
        var compared = 0
        for _ in 0..<100 {
            let records = (0..<(1 + random.next(120))).map { _ in RandomJSON.object(&random, depth: 0) }
            let format = random.next(3)
            var text: String
            switch format {
            case 0: text = records.joined(separator: "\n") + "\n"
            case 1: text = "[" + records.joined(separator: ",\n") + "]\n"
            default:
                text = "id,a,name,b\n" + (0..<records.count).map { _ in
                    (0..<4).map { _ in random.element(of: ["1", "2", "x", "", "\"q,\"", "1e3", "-0"]) ?? "" }.joined(separator: ",")
                }.joined(separator: "\n") + "\n"
            }
            if random.next(6) == 0 {
                var bytes = Array(text.utf8)
                bytes[random.next(bytes.count)] = random.element(of: Array("{}[],:\"x".utf8)) ?? 0x20
                text = String(decoding: bytes, as: UTF8.self)
            }
            var request = ListRequest()
            request.read.inputs = [try files.write(text, extension: ["jsonl", "json", "csv"][format])]
            request.look.countsOnly = true
            request.arrangement.groupBy = (0..<(1 + random.next(2))).compactMap { _ in random.element(of: fields).map(FieldPath.init) }
            if random.next(3) == 0, let field = random.element(of: fields) {
                request.arrangement.sort = [SortSpec(path: FieldPath(field), descending: random.next(2) == 0)]
            }
            if random.next(3) == 0, let field = random.element(of: fields),
               let predicate = try? Predicate(parsing: "\(field)\(random.element(of: ["=1", "!=x", ">0", " is null"]) ?? "=1")") {
                request.arrangement.filter = RecordFilter(predicates: [predicate])
            }
            request.look.style = random.next(2) == 0 ? .table : .json
            request.explains = random.next(4) == 0
            XCTAssertEqual(counted(request, onlyColumnsRead: true), counted(request, onlyColumnsRead: false),
                           "\(request.arrangement.groupBy) \(request.arrangement.sort) \(request.arrangement.filter.predicates): \(text.prefix(600))")
            compared += 1
        }
        XCTAssertEqual(compared, 100)
    }
}
