import Foundation
import ListviewBatches
import ListviewCSV
import ListviewDataSource
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

/// A whole list whose table is read straight from a file's bytes (`RecordSource.cellTable()`)
/// prints byte for byte what the same list read batch by batch prints, with the same warnings.
final class TableReadingTests: XCTestCase {
    private let files = TemporaryFiles()

    private func write(_ text: String, extension ext: String = "csv") throws -> String {
        try files.write(text, extension: ext)
    }

    private func write(_ bytes: [UInt8], extension ext: String) throws -> String {
        try files.write(bytes, extension: ext)
    }

    /// The output and warnings of a run whose table is filled `reading` one way.
    private func ran(_ request: ListRequest, reading: WholeList.Reading = .bytesWhenPossible) throws -> (String, [String]) {
        var warnings: [String] = []
        let sink = OutputSink.memory()
        try ListRunner.run(request, to: sink, warn: { warnings.append($0) }, reading: reading)
        return (sink.collected, warnings)
    }

    /// True when the inputs of `request` fill a table straight from their bytes.
    private func readsBytes(_ request: ListRequest) throws -> Bool {
        let loader = InputLoader(format: request.read.format, path: request.read.path, csv: request.read.csv, delimiter: request.read.delimiter,
                                 schema: RecordSchema())
        return try loader.open(request.read.inputs).source.cellTable() != nil
    }

    private func assertSameTable(_ text: String, extension ext: String = "csv", file: StaticString = #filePath, line: UInt = #line,
                                 _ configure: (inout ListRequest) -> Void = { _ in }) throws {
        var request = ListRequest()
        request.read.inputs = [try write(text, extension: ext)]
        configure(&request)
        let expected = try ran(request, reading: .batches)
        let label = String(text.debugDescription.prefix(80))
        XCTAssertTrue(try readsBytes(request), "\(label): not read from the bytes", file: file, line: line)
        let fromBytes = try ran(request)
        XCTAssertEqual(fromBytes.0, expected.0, label, file: file, line: line)
        XCTAssertEqual(fromBytes.1, expected.1, label, file: file, line: line)
    }

    func testPlainCellsAndAlignment() throws {
        try assertSameTable("id,name,amount,note\n1,Ann,2.50,\n22,Bob,-3e2,x\n333,Cy,,\"a, \"\"b\"\"\"\n")
        try assertSameTable("a,b\n1,x\n2,3\n")  // a number column with a string in it aligns left
        try assertSameTable("a,b\n1,2\n") { $0.read.csv.inferTypes = false }
        try assertSameTable("1,2\nx,3\n") { $0.read.csv.hasHeader = false }
        try assertSameTable("a\tb\n1\tx y\n") { $0.read.delimiter = 0x09 }
    }

    func testCellsThatAreNotPlainASCII() throws {
        let text = "name,note,n\nZoë,日本語のテキスト,1\n\"line\nbreak\",\"tab\there\",2\nesc,\u{1B}[31mred,3\nc1,\u{85}x,4\n"
        try assertSameTable(text)
        try assertSameTable(text) { $0.look.width = 20 }
        try assertSameTable(text) { $0.look.maxColumnWidth = 3 }
    }

    func testShortRowsShowNullAndWarn() throws {
        let text = "a,b,c\n1\n2,x\n3,y,z\n"
        try assertSameTable(text)
        try assertSameTable(text) { $0.look.color = true }
        try assertSameTable(text) { $0.arrangement.sort = [SortSpec(path: FieldPath("c"), descending: true)] }
    }

    func testSortedTables() throws {
        let text = "id,score,name\n1,10,b\n2,9,a\n3,,c\n4,x,a\n5,10,\n6,1e1,b\n7,12345678901234567890,a\n8,12345678901234567891,a\n"
        for specs in [["score"], ["score:desc"], ["name", "score:desc"], ["name:desc", "id"], ["id:desc"]] {
            let sort = try specs.map(SortSpec.init(parsing:))
            try assertSameTable(text) { $0.arrangement.sort = sort }
        }
    }

    func testLongCellsAreCutToTheWidth() throws {
        let text = "a,b\n" + (0..<30).map { "\($0),\(String(repeating: "word ", count: $0))" }.joined(separator: "\n")
        try assertSameTable(text) { $0.look.width = 40 }
        try assertSameTable(text) { $0.look.width = 5 }
    }

    func testJSONObjectsWithNewKeysNullsAndDuplicates() throws {
        try assertSameTable(#"[{"a":1,"b":"x"},{"b":"y","c":true},{"c":false,"a":null,"d":-2.50e3}]"#, extension: "json")
        try assertSameTable(#"[{"a":1,"a":"two","b":null},{}]"#, extension: "json")
        try assertSameTable(#"[{"n":"tab\there","u":"\u00e9\u65e5","e":"\u001b[2J","q":"say \"hi\""}]"#, extension: "json")
        try assertSameTable("\u{FEFF}[{\"a\":1}]", extension: "json")
        try assertSameTable("{\"a\":1}\n\n{\"b\":2,\"a\":[3]}\n", extension: "jsonl")
    }

    func testJSONNestedValuesShowAsCompactJSON() throws {
        let text = #"[{"id":2,"tags":["x","y\n"],"o":{"k":{"d":[]},"s":"\\"}},{"id":1,"tags":[],"o":{"z":1,"a":[true,null,1.0e2]}},{"id":3,"o":[]}]"#
        try assertSameTable(text, extension: "json")
        try assertSameTable(text, extension: "json") { $0.look.width = 30 }
        for specs in [["tags"], ["o:desc"], ["tags:desc", "id"]] {
            let sort = try specs.map(SortSpec.init(parsing:))
            try assertSameTable(text, extension: "json") { $0.arrangement.sort = sort }
        }
    }

    func testJSONSortsMixedKinds() throws {
        let text = #"[{"v":"b"},{"v":2},{"v":null},{"w":1},{"v":true},{"v":[1]},{"v":"a"},{"v":10},{"v":false}]"#
        for specs in [["v"], ["v:desc"], ["w", "v"]] {
            let sort = try specs.map(SortSpec.init(parsing:))
            try assertSameTable(text, extension: "json") { $0.arrangement.sort = sort }
        }
    }

    /// A dotted field steps into nested values, decoded again from the cells' compact JSON.
    func testADottedFieldStepsIntoNestedCells() throws {
        var request = ListRequest()
        request.read.inputs = [try write(#"[{"id":1,"c":{"n":2}},{"id":2,"c":{"n":1}},{"id":3,"c":{}}]"#, extension: "json")]
        request.arrangement.sort = [SortSpec(path: FieldPath("c.n"))]
        XCTAssertTrue(try readsBytes(request))
        let output = try ran(request).0
        XCTAssertEqual(output, try ran(request, reading: .batches).0)
        XCTAssertEqual(output.split(separator: "\n").dropFirst().map { $0.prefix(3).trimmingCharacters(in: .whitespaces) }, ["2", "1", "3"])
    }

    /// A streamed style over a file of many batches (read ahead on the second core) writes what
    /// the same rows write as a held list.
    func testStreamedBatchesWriteWhatTheWholeListWrites() throws {
        let rows = (0..<20_000).map { "\($0),name \($0 % 97),\"q, \($0)\",\($0 % 7 == 0 ? "" : "x")" }
        var request = ListRequest()
        request.read.inputs = [try write("id,name,quoted,flag\n" + rows.joined(separator: "\n") + "\n")]
        for style in [OutputStyle.jsonl, .csv, .tsv, .json] {
            request.look.style = style
            request.arrangement.sort = []
            let streamed = try ran(request).0
            request.arrangement.sort = [SortSpec(path: FieldPath("id"))]  // held whole, in the same order
            XCTAssertEqual(streamed, try ran(request).0, "\(style)")
            XCTAssertEqual(streamed.split(separator: "\n").count, style == .json ? 20_002 : (style == .jsonl ? 20_000 : 20_001))
        }
    }

    /// A row keeps its fields in the order its object wrote them, in every way the table is filled.
    func testFieldsKeepTheirObjectsOrderInMachineStyles() throws {
        var request = ListRequest()
        request.read.inputs = [try write(#"[{"a":1,"b":2},{"b":3,"a":4,"a":5},{"c":[1],"b":0}]"#, extension: "json")]
        request.arrangement.sort = [SortSpec(path: FieldPath("a"), descending: true)]
        request.look.style = .jsonl
        let expected = "{\"b\":3,\"a\":5}\n{\"a\":1,\"b\":2}\n{\"c\":[1],\"b\":0}\n"
        XCTAssertTrue(try readsBytes(request))
        XCTAssertEqual(try ran(request).0, expected)
        XCTAssertEqual(try ran(request, reading: .batches).0, expected)
    }

    /// JSON of any shape (scalars, members, nested values, repeated keys) is read whole as a cell
    /// table, with the output batches give; JSON that fails to read fails with the same error.
    func testJSONOfAnyShapeReadsTheSameWholeOrInBatches() throws {
        let cases: [(String, [UInt8])] = [
            ("json", Array("[1,2]".utf8)), ("json", Array(#"{"x":{"a":1}}"#.utf8)), ("json", Array(#"[[1]]"#.utf8)),
            ("json", Array(#"[{"a":{"k":1,"k":2}}]"#.utf8)), ("json", Array("[]".utf8)), ("json", Array("[{}]".utf8)),
            ("json", Array(#"[{"a":1},"#.utf8)), ("json", Array(#"[{"a":1}] x"#.utf8)), ("json", Array("[{\"a\":\u{0B}1}]".utf8)),
            ("json", Array(#"[{"a":""#.utf8) + [0xC3, 0x28] + Array(#""}]"#.utf8)), ("jsonl", Array("{\"a\":1}\n2\n".utf8)),
            ("json", [0xFF, 0xFE] + Array("[]".utf8)),
        ]
        for (ext, bytes) in cases {
            var request = ListRequest()
            request.read.inputs = [try write(bytes, extension: ext)]
            let label = String(decoding: bytes, as: UTF8.self)
            let whole = Result { try ran(request) }
            if case .success = whole { XCTAssertTrue(try readsBytes(request), label) }
            let byRecords = Result { try ran(request, reading: .batches) }
            switch (whole, byRecords) {
            case let (.success(a), .success(b)): XCTAssertEqual(a.0, b.0, label)
            case let (.failure(a), .failure(b)): XCTAssertEqual("\(a)", "\(b)", label)
            default: XCTFail("\(label): \(whole) vs \(byRecords)")
            }
        }
    }

    /// More rows than one block: every other block is laid out on a second thread, in order.
    func testLargeTablesAreLaidOutOnBothCoresInOrder() throws {
        let rows = (0..<(OrderedBlockWriter.blockSize * 3 + 123)).map { "\($0),\(($0 * 7919) % 1000),w\(String(repeating: "x", count: $0 % 13))" }
        let text = "id,n,w\n" + rows.joined(separator: "\n") + "\n"
        try assertSameTable(text)
        try assertSameTable(text) { $0.arrangement.sort = [SortSpec(path: FieldPath("n"), descending: true)] }
    }
}

extension TableReadingTests {
    /// A file read and written in parts on both cores writes the bytes its batches written one
    /// after another write, in every style whose rows stand alone, with and without a filter.
    func testPartsOfAFileWriteWhatItsBatchesWrite() throws {
        let rows = (0..<6_000).map { "\($0),name \($0 % 97),\"q, \($0)\nx\",\($0 % 7 == 0 ? "" : "x")" }
        let path = try write("id,name,quoted,flag\n" + rows.joined(separator: "\n") + "\n")
        for style in [OutputStyle.jsonl, .csv, .tsv] {
            for filter in [RecordFilter(), RecordFilter(predicates: [try Predicate(parsing: "flag=x")])] {
                func presenter() throws -> any TableRowPresenter {
                    try XCTUnwrap(style.descriptor.machinePresenter(fields: OutputFields(columns: nil, schema: RecordSchema()), grouped: false))
                }
                let serial = OutputSink.memory()
                let whole = CSVRecordSource(input: try ByteInput(path: path), schema: RecordSchema())
                var one = try presenter()
                while let batch = try whole.nextBatch(schema: RecordSchema()) {
                    one.use(batch)
                    try one.rows(filter.rows(of: batch)[...], into: serial)
                }
                let parted = OutputSink.memory()
                let stream = partedStream(CSVRecordSource(input: try ByteInput(path: path, chunkSize: 4_096), schema: RecordSchema()),
                                          path: path, filter: filter)
                let two = try presenter()
                var parts = 0
                var written = 0
                while let batch = try stream.next() {
                    var one = two
                    one.use(batch.table)
                    try one.rows(batch.rows[...], into: parted)
                    written += batch.rows.count
                    _ = try stream.readRestInParts(work: { StreamedRows.layOut($0, with: two) }, take: { block in
                        try parted.write(block: block.bytes.output)
                        written += block.rows
                        parts += 1
                    })
                }
                XCTAssertGreaterThan(parts, 4)
                XCTAssertGreaterThan(written, 0)
                XCTAssertEqual(parted.collected, serial.collected, "\(style)")
            }
        }
    }
}

extension TableReadingTests {
    /// `--counts` of a file counted in parts on both cores gives the sections counting its
    /// records one by one gives, grouped at one level and two, with and without a filter.
    func testPartsOfAFileCountWhatItsRecordsCount() throws {
        let rows = (0..<6_000).map { "\($0),s\($0 % 5),\"r, \($0 % 3)\",\($0 % 7 == 0 ? "" : "x")" }
        let path = try write("id,status,region,flag\n" + rows.joined(separator: "\n") + "\n")
        for fields in [["status"], ["region", "status"]].map({ $0.map(FieldPath.init) }) {
            for filter in [RecordFilter(), RecordFilter(predicates: [try Predicate(parsing: "flag=x")])] {
                var expected = GroupTally(fields: fields)
                var source = CSVRecordSource(input: try ByteInput(path: path), schema: RecordSchema())
                for record in try readRecords(from: &source) where filter.matches(record) { expected.add(record) }
                let stream = partedStream(CSVRecordSource(input: try ByteInput(path: path, chunkSize: 4_096), schema: RecordSchema()),
                                          path: path, filter: filter)
                let tally = try GroupCounts.tally(fields, of: stream)
                XCTAssertGreaterThan(stream.partsRead, 4)
                let summary = { (tally: GroupTally) in tally.sections().map { "\($0.info.header ?? "") \($0.info.count)" } }
                XCTAssertEqual(summary(tally), summary(expected), "\(fields) \(filter.isEmpty)")
                XCTAssertEqual(tally.total, expected.total)
            }
        }
    }
}

extension TableReadingTests {
    /// A JSON Lines file written in parts on both cores writes what its records write.
    func testPartsOfAJSONLinesFileWriteWhatItsRecordsWrite() throws {
        let lines = (0..<6_000).map { $0 % 97 == 0 ? "  {\"id\":\($0), \"other\":true}\r\n" : "{\"id\":\($0),\"s\":\"v\($0 % 7)\",\"n\":[\($0)]}" }
        let path = try write(lines.joined(separator: "\n") + "\n", extension: "jsonl")
        for style in [OutputStyle.jsonl, .csv] {
            let fields: [ColumnSpec]? = style == .csv ? [ColumnSpec(FieldPath("id")), ColumnSpec(FieldPath("s"))] : nil
            func presenter(_ schema: RecordSchema) throws -> any TableRowPresenter {
                try XCTUnwrap(style.descriptor.machinePresenter(fields: OutputFields(columns: fields, schema: schema), grouped: false))
            }
            let serial = OutputSink.memory()
            let serialSchema = RecordSchema()
            var source = JSONRecordSource(input: try ByteInput(path: path), lines: true, schema: serialSchema)
            var one = try presenter(serialSchema)
            for record in try readRecords(from: &source, schema: serialSchema) {
                var table = CellTable(columns: [], inferTypes: false)
                table.append(record, schema: serialSchema)
                table.nestedDecoder = JSONNestedValue.decode
                one.use(table)
                try one.rows([RowRef(0)][...], into: serial)
            }
            let parted = OutputSink.memory()
            let schema = RecordSchema()
            let stream = partedStream(JSONRecordSource(input: try ByteInput(path: path, chunkSize: 4_096), lines: true, schema: schema),
                                      path: path, schema: schema)
            let two = try presenter(schema)
            var parts = 0
            while let batch = try stream.next() {
                var one = two
                one.use(batch.table)
                try one.rows(batch.rows[...], into: parted)
                _ = try stream.readRestInParts(work: { StreamedRows.layOut($0, with: two) }, take: { block in
                    try parted.write(block: block.bytes.output)
                    parts += 1
                })
            }
            XCTAssertGreaterThan(parts, 4)
            XCTAssertEqual(parted.collected, serial.collected, "\(style)")
        }
    }
}

extension TableReadingTests {
    /// A stream over `source` (a regular file at `path`) that reads it in parts of 8 KB, whatever its size.
    func partedStream(_ source: any RecordSource, path: String, filter: RecordFilter = RecordFilter(),
                      schema: RecordSchema = RecordSchema()) -> BatchStream {
        (source as? CSVRecordSource)?.parallelThreshold = 0
        (source as? JSONRecordSource)?.parallelThreshold = 0
        var opened = InputLoader.Opened(source: ConcatenatedSource([source], nestedDecoder: JSONNestedValue.decode), formats: [.csv])
        opened.areRegularFiles = true
        let stream = BatchStream(opened: opened, read: ReadSpec(inputs: [path]), filter: filter, schema: schema)
        stream.partSize = 8_192
        return stream
    }
}
