import Foundation
import ListviewBatches
@testable import ListviewCSV
import ListviewInput
import ListviewQuery
import ListviewValues
import XCTest

/// `--counts` straight from the bytes (`CSVGroupCounter`, `CSVRowScanner`) gives exactly what
/// counting the records gives, on one thread or two, or gives way to reading the records.
final class CSVGroupCounterTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
    }

    /// Sections (title, typed keys, counts) and warnings, as text that tells every difference apart.
    private typealias Outcome = (sections: [String], warnings: [String])

    private func describe(_ tally: GroupTally, order: GroupOrder = GroupOrder()) -> [String] {
        tally.sections(order: order).map { section in
            "\(section.header ?? "-") \(section.keys.map { "\($0.value)" }) \(section.info.count) \(section.info.levelCounts)"
        }
    }

    /// Counted from the bytes; nil when the counter gives way.
    private func counted(_ path: String, by fields: [String], options: CSVOptions = CSVOptions(), halves: Bool) throws -> Outcome? {
        let source = CSVRecordSource(input: try ByteInput(path: path), options: options, schema: RecordSchema())
        source.parallelThreshold = halves ? 0 : .max
        guard let counted = try source.countGroups(by: fields.map(FieldPath.init)) else { return nil }
        let tally = GroupTally(fields: fields.map(FieldPath.init), counted: counted)
        XCTAssertNil(try source.next(), "a counted source has no records left to read")
        return (describe(tally), source.warnings)
    }

    /// Counted from the records.
    private func read(_ path: String, by fields: [String], options: CSVOptions = CSVOptions()) throws -> Outcome {
        let source = CSVRecordSource(input: try ByteInput(path: path), options: options, schema: RecordSchema())
        var tally = GroupTally(fields: fields.map(FieldPath.init))
        while let record = try source.next() { tally.add(record) }
        return (describe(tally), source.warnings)
    }

    private func assertSameCounts(_ text: String, by fields: [String], options: CSVOptions = CSVOptions(),
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let path = try files.write(Array(text.utf8))
        let expected = try read(path, by: fields, options: options)
        for halves in [false, true] {
            guard let actual = try counted(path, by: fields, options: options, halves: halves) else {
                return XCTFail("gave way on \(text.debugDescription)", file: file, line: line)
            }
            XCTAssertEqual(actual.sections, expected.sections, "\(text.debugDescription) halves: \(halves)", file: file, line: line)
            XCTAssertEqual(actual.warnings, expected.warnings, "\(text.debugDescription) halves: \(halves)", file: file, line: line)
        }
    }

    func testPlainRowsCountLikeTheRecords() throws {
        try assertSameCounts("id,status\n1,open\n2,done\n3,open\n", by: ["status"])
        try assertSameCounts("id,status\n1,open\n2,done\n3,open", by: ["status"])  // no final line break
        try assertSameCounts("id,status\n1,open\n2,done\n3,open", by: ["id", "status"])
        try assertSameCounts("a,b\n1,x\n2,y\n3,x\n", by: ["b", "b"])
        try assertSameCounts("a,b\n1,x\n2,y\n3,x\n", by: ["b", "a"])
    }

    func testLineBreaksBlankLinesAndAByteOrderMark() throws {
        try assertSameCounts("id,status\r\n1,open\r\n2,\"do\r\nne\"\r\n3,open\r\n", by: ["status"])
        try assertSameCounts("a,b\r1,x\r2,y\r3,x", by: ["b"])
        try assertSameCounts("\n\na,b\n\n1,x\n\n\n2,x\n\r\n", by: ["b"])
        try assertSameCounts("\u{FEFF}a,b\n1,x\n", by: ["a"])
    }

    func testQuotedFieldsAndTypes() throws {
        try assertSameCounts("k\n1\n1.0\n01\nx\n1\n\"1\"\n-2e3\n1,000\n", by: ["k"])
        try assertSameCounts("k,v\n,1\n\"\",2\n,3\n", by: ["k"])
        try assertSameCounts("k\n\"a\"\"b\"\n\"a\"\"b\"\nab\n\"\"\"\"\n", by: ["k"])
        try assertSameCounts("k,v\n\"x\ny\",1\n\"x\ny\",2\n\"a,b\",3", by: ["k"])
        try assertSameCounts("a,b\n1,\"x\"", by: ["b"])
        try assertSameCounts("k\nMüller\n日本\nMüller\n\u{1B}[2J\n", by: ["k"])
        var options = CSVOptions()
        options.inferTypes = false
        try assertSameCounts("k\n1\n01\n1\n", by: ["k"], options: options)
    }

    func testEmptyCellsRaggedRowsAndEmptyFiles() throws {
        try assertSameCounts("a,b\n1,\n2,\n3,x\n", by: ["b"])
        try assertSameCounts("a,b\n1,", by: ["b"])
        try assertSameCounts("a,b,c\n1,x\n2,y,z,w\n3\n4,x,z\n", by: ["b", "c"])
        try assertSameCounts("a,b\n", by: ["a"])
        try assertSameCounts("", by: ["a"])
        try assertSameCounts("\n\n", by: ["a"])
    }

    func testHeaderNamesDelimitersAndNoHeader() throws {
        try assertSameCounts("k,k,\n1,2,3\n1,3,3\n", by: ["k_2"])
        try assertSameCounts("k,k,\n1,2,3\n1,3,3\n", by: ["3"])
        try assertSameCounts("\"my,key\",v\nx,1\nx,2\n", by: ["my,key"])
        var tabs = CSVOptions()
        tabs.delimiter = 0x09
        try assertSameCounts("a\tb\n1\tx,y\n2\tx,y\n", by: ["b"], options: tabs)
        var headless = CSVOptions()
        headless.hasHeader = false
        try assertSameCounts("1,x\n2,y\n3,x\n4\n", by: ["2"], options: headless)
    }

    /// Rows with quoted line breaks and doubled quotes on both sides of the middle, read in halves.
    func testALargerFileReadInHalves() throws {
        var text = "id,status,note\r\n"
        for row in 0..<3000 {
            let status = ["open", "done", "\"on\r\nhold\"", "\"say \"\"hi\"\"\""][row % 4]
            text += "\(row),\(status),\"line\nbreak, \(row % 7)\"\r\n"
        }
        let path = try files.write(Array(text.utf8))
        let counter = CSVGroupCounter(input: try ByteInput(path: path), options: CSVOptions(), groupFields: [FieldPath("status")],
                                      parallelThreshold: 0)
        XCTAssertEqual(try counter.count()?.readInHalves, true)
        try assertSameCounts(text, by: ["status"])
        try assertSameCounts(text, by: ["note", "status"])
    }

    /// Input that is not plain CSV is left to the record reader, which reports it or (lenient) keeps it.
    func testIrregularInputGivesWayToTheRecordReader() throws {
        let cases: [[UInt8]] = [
            Array("k\na\"b\n".utf8), Array("k\n\"a\"b\n".utf8), Array("k\n\"open\n".utf8),
            Array("k\nok\n".utf8) + [0xC3, 0x28, 0x0A], [0xFF, 0xFE] + Array("k\n".utf8),
        ]
        for bytes in cases {
            let path = try files.write(bytes)
            for halves in [false, true] {
                XCTAssertNil(try counted(path, by: ["k"], halves: halves), "\(bytes)")
            }
            var lenient = CSVOptions()
            lenient.strictQuotes = false
            var source = CSVRecordSource(input: try ByteInput(path: path), options: lenient, schema: RecordSchema())
            XCTAssertNil(try source.countGroups(by: [FieldPath("k")]))
            let afterGivingWay = try? source.readAll().count
            var fresh = CSVRecordSource(input: try ByteInput(path: path), options: lenient, schema: RecordSchema())
            XCTAssertEqual(afterGivingWay, try? fresh.readAll().count, "\(bytes)")
        }
        let path = try files.write(Array("a,b\n1,2,3\n".utf8))
        XCTAssertNil(try counted(path, by: ["nope"], halves: false), "a field the header lacks")
        XCTAssertNil(try counted(path, by: ["3"], halves: false), "an extra cell of a long row")
    }

    /// Every file of the CSV corpora, grouped by each of its columns: the same counts, or the
    /// counter gives way where reading the records fails.
    func testCorpusFilesCountLikeTheRecords() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus")
        let directories = ["csv-spectrum/csvs", "tsv-utils-csv2tsv"].map { corpus.appendingPathComponent($0) }
        var checked = 0
        for directory in directories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".csv") {
                let path = directory.appendingPathComponent(name).path
                guard let columns = try? { () throws -> [String] in
                    let source = CSVRecordSource(input: try ByteInput(path: path), schema: RecordSchema())
                    _ = try source.next()
                    return source.declaredColumns ?? []
                }() else {
                    XCTAssertNil(try? counted(path, by: ["x"], halves: false), name)
                    continue
                }
                for column in columns {
                    let expected = try? read(path, by: [column])
                    for halves in [false, true] {
                        let actual = try counted(path, by: [column], halves: halves)
                        if let expected {
                            XCTAssertEqual(actual?.sections, expected.sections, "\(name) by \(column)")
                            XCTAssertEqual(actual?.warnings, expected.warnings, "\(name) by \(column)")
                        } else {
                            XCTAssertNil(actual, "\(name) by \(column): the records fail to read")
                        }
                    }
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 40)
    }
}
