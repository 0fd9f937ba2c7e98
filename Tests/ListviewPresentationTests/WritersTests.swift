import Foundation
import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewJSON
import ListviewPresentation
import ListviewQuery
import ListviewValues
import XCTest
import ListviewTestSupport

final class WritersTests: XCTestCase {
    private let tricky = [
        Record(["id": .number("1"), "name": .string("a,b"), "quote": .string("say \"hi\""), "text": .string("l1\nl2")]),
        Record(["id": .number("1.50"), "name": .string(""), "quote": .null]),
        Record(["id": .bool(true), "name": .array([.number("1"), .string("x")]), "quote": .string("plain"),
                "text": .string("cr\rhere")]),
        Record(["id": .number("007"), "name": .string("a\tb"), "quote": .string(#"c:\dir"#), "text": .string("ok")]),
    ]
    private let columns = ["id", "name", "quote", "text"]

    /// The presenter's output for `sections` of records, written from the rows of their table.
    private func render<Presenter: TableRowPresenter>(_ presenter: Presenter, _ sections: [Section<Record>]) throws -> String {
        var presenter = presenter
        var table = CellTable(records: sections.flatMap(\.items))
        table.nestedDecoder = JSONNestedValue.decode
        presenter.use(table)
        var next = 0
        let rows = sections.map { section in
            var rows = Section(info: section.info, items: section.items.indices.map { RowRef(next + $0) })
            rows.info = section.info
            next += section.items.count
            return rows
        }
        let sink = OutputSink.memory()
        try ListRenderer(provider: ArrayDataProvider(sections: rows)).render(page: nil, with: &presenter, into: sink)
        return sink.collected
    }

    private func parseJSON(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    // MARK: CSV and TSV

    func testCSVQuoting() throws {
        let presenter = DelimitedPresenter(fields: OutputFields(columns: nil, schemaColumns: columns), dialect: .csv)
        let expected = [
            "id,name,quote,text",
            #"1,"a,b","say ""hi""","l1"# + "\n" + #"l2""#,
            #"1.50,"",,"#,
            #"true,"[1,""x""]",plain,"cr"# + "\r" + #"here""#,
            "007,a\tb," + #"c:\dir,ok"#,
        ].map { $0 + "\n" }.joined()
        XCTAssertEqual(try render(presenter, [Section(items: tricky)]), expected)
    }

    /// Fields of every length around a word's eight bytes are quoted exactly when they hold a
    /// comma, a quote, a CR or an LF, or start with U+FEFF; bytes beside those (`+`, `-`, a
    /// space, `é`) are not quoted.
    func testCSVFieldsAreQuotedExactlyWhenTheyMustBe() throws {
        var generator = seededRandom()
        let alphabet = Array("abcdefgh,\"\n\r +-!#*/é\u{FEFF}\t\u{01}~")
        var records: [Record] = []
        var expected = "a\n"
        for length in 1...40 {
            for _ in 0..<20 {
                let text = String((0..<length).map { _ in
                    Int.random(in: 0..<5, using: &generator) == 0 ? alphabet.randomElement(using: &generator) ?? "a" : "a"
                })
                records.append(Record(["a": .string(text)]))
                let quoted = text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" } || text.hasPrefix("\u{FEFF}")
                expected += (quoted ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text) + "\n"
            }
        }
        let presenter = DelimitedPresenter(fields: OutputFields(columns: nil, schemaColumns: ["a"]), dialect: .csv)
        XCTAssertEqual(try render(presenter, [Section(items: records)]), expected)
    }

    /// A line laid out as `LineField`s (the flattened CSV and TSV output's) is written as its
    /// fields are one by one: every length around a word's eight bytes, each byte that is quoted
    /// or escaped at every place, nulls, empty strings and empty CSV cells, and numbers and
    /// booleans, written without a look.
    func testALineOfLineFieldsIsWrittenAsItsFieldsAreOneByOne() {
        var generator = seededRandom()
        let alphabet = Array("ab,\"\n\r\t\\ +-!é\u{FEFF}".utf8)
        for dialect in [DelimitedPresenter.Dialect.csv, .tsv] {
            for _ in 0..<2_000 {
                var bytes: [UInt8] = []
                var cells: [(kind: CellKind, range: Range<Int>)] = []
                for _ in 0..<Int.random(in: 1...5, using: &generator) {
                    let kind = [CellKind.string, .text, .number, .bool, .null].randomElement(using: &generator) ?? .string
                    let start = bytes.count
                    switch kind {
                    case .number: bytes += Array(String(Int.random(in: -99_999...99_999_999, using: &generator)).utf8)
                    case .bool: bytes += Array((Bool.random(using: &generator) ? "true" : "false").utf8)
                    case .null: break
                    default:
                        for _ in 0..<Int.random(in: 0...40, using: &generator) {
                            let special = Int.random(in: 0..<6, using: &generator) == 0
                            bytes.append(special ? alphabet.randomElement(using: &generator) ?? 0x61 : UInt8(ascii: "a"))
                        }
                    }
                    cells.append((kind, start..<bytes.count))
                }
                var line = ByteOutput(), oneByOne = ByteOutput()
                bytes.withUnsafeBytes { buffer in
                    let fields = cells.map { LineField(kind: $0.kind, text: UnsafeRawBufferPointer(rebasing: buffer[$0.range])) }
                    fields.withUnsafeBufferPointer { DelimitedPresenter.appendLine(dialect: dialect, fields: $0, to: &line) }
                    for (index, field) in fields.enumerated() {
                        DelimitedPresenter.appendField(field.text, first: index == 0, dialect: dialect, quotesWhenEmpty: field.quotesWhenEmpty, to: &oneByOne)
                    }
                }
                if dialect == .csv && oneByOne.isEmpty { oneByOne.append("\"\"") }
                oneByOne.append(0x0A)
                XCTAssertEqual(line.string, oneByOne.string, "\(dialect) \(cells)")
            }
        }
    }

    func testCSVEmptyStringIsQuotedAndNullIsNothing() throws {
        let records = [Record(["a": .string(""), "b": .null, "c": .string("")])]
        let presenter = DelimitedPresenter(fields: OutputFields(columns: nil, schemaColumns: ["a", "b", "c", "d"]), dialect: .csv)
        XCTAssertEqual(try render(presenter, [Section(items: records)]), "a,b,c,d\n\"\",,\"\",\n")
    }

    /// A field named as a column and also as a path into another column's nested value (`tags.0`
    /// beside `tags`, as a flattened table has them, leading or chosen): the column's value where
    /// the row has one there (null too), else the value at the path; written as CSV writes values.
    func testAFieldThatIsAColumnAndAPathReadsTheColumnFirst() throws {
        let records = [
            Record(["tags": .array([.number("5"), .string("x")]), "id": .number("1")]),
            Record(["tags.0": .string("y"), "id": .number("2")]),
            Record(["tags": .array([]), "tags.0": .null, "id": .number("3")]),
            Record(["tags": .array([.number("7")]), "tags.0": .string(""), "id": .number("4")]),
            Record(["tags": .array([.number("8")]), "tags.0": .bool(true), "id": .number("5")]),
            Record(["tags": .array([.string("a,b")]), "id": .number("6")]),
            Record(["tags": .array([.number("9")]), "tags.0": .number("1.50"), "id": .number("7")]),
        ]
        let expected = "tags.0,id\n5,1\ny,2\n,3\n\"\",4\ntrue,5\n\"a,b\",6\n1.50,7\n"
        let schema = ["tags", "tags.0", "id"]
        let chosen = DelimitedPresenter(fields: OutputFields(columns: [ColumnSpec("tags.0"), ColumnSpec("id")], schemaColumns: schema), dialect: .csv)
        XCTAssertEqual(try render(chosen, [Section(items: records)]), expected)
        let leading = DelimitedPresenter(fields: OutputFields(columns: [ColumnSpec("id")], leading: [FieldPath("tags.0")], schemaColumns: schema),
                                         dialect: .csv)
        XCTAssertEqual(try render(leading, [Section(items: records)]), expected)
    }

    /// A one-column CSV header holding `;`, a tab or `|` is quoted, so a reader's sniff does not
    /// take it for the separator; with more columns (a comma between them) it is written as it is.
    func testAOneColumnHeaderHoldingASniffedSeparatorIsQuoted() throws {
        for name in ["a;b", "a\tb", "a|b"] {
            let records = [Record([name: .string("x")])]
            let one = DelimitedPresenter(fields: OutputFields(columns: nil, schemaColumns: [name]), dialect: .csv)
            XCTAssertEqual(try render(one, [Section(items: records)]), "\"\(name)\"\nx\n")
            let two = DelimitedPresenter(fields: OutputFields(columns: nil, schemaColumns: [name, "c"]), dialect: .csv)
            XCTAssertEqual(try render(two, [Section(items: records)]), "\(name),c\nx,\n")
        }
        let plain = DelimitedPresenter(fields: OutputFields(columns: nil, schemaColumns: ["ab"]), dialect: .csv)
        XCTAssertEqual(try render(plain, [Section(items: [Record(["ab": .string("x")])])]), "ab\nx\n")
        // TSV is read by its own rules: nothing to quote.
        let tsv = DelimitedPresenter(fields: OutputFields(columns: nil, schemaColumns: ["a|b"]), dialect: .tsv)
        XCTAssertEqual(try render(tsv, [Section(items: [Record(["a|b": .string("x")])])]), "a|b\nx\n")
    }

    func testTSVEscapes() throws {
        let presenter = DelimitedPresenter(fields: OutputFields(columns: nil, schemaColumns: columns), dialect: .tsv)
        let expected = [
            ["id", "name", "quote", "text"],
            ["1", "a,b", "say \"hi\"", #"l1\nl2"#],
            ["1.50", "", "", ""],
            ["true", #"[1,"x"]"#, "plain", #"cr\rhere"#],
            ["007", #"a\tb"#, #"c:\\dir"#, "ok"],
        ].map { $0.joined(separator: "\t") + "\n" }.joined()
        XCTAssertEqual(try render(presenter, [Section(items: tricky)]), expected)
    }

    func testDelimitedWithSectionsLeadsWithTheGroupField() throws {
        let records = [
            Record(["id": .number("1"), "status": .string("new")]),
            Record(["id": .number("2")]),
            Record(["id": .number("3"), "status": .string("new")]),
        ]
        let sections = RecordGrouper.sections(records, by: [FieldPath("status")])
        let fields = OutputFields(columns: nil, leading: [FieldPath("status")], schemaColumns: ["id", "status"])
        XCTAssertEqual(try render(DelimitedPresenter(fields: fields, dialect: .csv), sections),
                       "status,id\nnew,1\nnew,3\n,2\n")
    }

    func testDelimitedWithChosenColumns() throws {
        let records = [Record(["user": .object(ObjectValue(["name": .string("Ada, L.")])), "n": .number("1")])]
        let fields = OutputFields(columns: [ColumnSpec("user.name"), ColumnSpec(FieldPath("n"), title: "count"), ColumnSpec("zz")],
                                  schemaColumns: ["user", "n"])
        XCTAssertEqual(try render(DelimitedPresenter(fields: fields, dialect: .csv), [Section(items: records)]),
                       "user.name,count,zz\n\"Ada, L.\",1,\n")
    }

    // MARK: JSON

    func testJSONUngroupedExactText() throws {
        let records = [
            Record(["id": .number("1"), "name": .string("Ada")]),
            Record(["id": .number("2.50"), "tags": .array([.string("x")]), "n": .null]),
        ]
        let presenter = JSONPresenter(fields: OutputFields(columns: nil, schemaColumns: ["id", "name", "tags", "n"]), grouped: false)
        let text = try render(presenter, [Section(items: records)])
        XCTAssertEqual(text, """
            [
              {"id":1,"name":"Ada"},
              {"id":2.50,"tags":["x"],"n":null}
            ]

            """)
        let parsed = try XCTUnwrap(try parseJSON(text) as? [[String: Any]])
        XCTAssertEqual(parsed.count, 2)
        XCTAssertEqual(parsed[0]["name"] as? String, "Ada")
        XCTAssertEqual(parsed[1]["tags"] as? [String], ["x"])
        XCTAssertTrue(parsed[1]["n"] is NSNull)
    }

    func testJSONOfTrickyValuesIsValid() throws {
        let presenter = JSONPresenter(fields: OutputFields(columns: nil, schemaColumns: columns), grouped: false)
        let parsed = try XCTUnwrap(try parseJSON(try render(presenter, [Section(items: tricky)])) as? [[String: Any]])
        XCTAssertEqual(parsed.map { $0["name"] as? String }, ["a,b", "", nil, "a\tb"])
        XCTAssertEqual(parsed[0]["text"] as? String, "l1\nl2")
        XCTAssertEqual(parsed[3]["id"] as? String, "007", "a non-JSON number is written as a string")
        XCTAssertEqual(parsed[3]["quote"] as? String, #"c:\dir"#)
        XCTAssertNil(parsed[1]["text"], "a missing field is left out")
    }

    func testJSONEmpty() throws {
        let fields = OutputFields(columns: nil, schemaColumns: [])
        XCTAssertEqual(try render(JSONPresenter(fields: fields, grouped: false), [Section<Record>(items: [])]), "[]\n")
        XCTAssertEqual(try render(JSONPresenter(fields: fields, grouped: true), []), "{\"sections\":[]}\n")
    }

    func testJSONGroupedExactText() throws {
        let records = [
            Record(["id": .number("1"), "status": .string("a")]),
            Record(["id": .number("2"), "status": .string("b")]),
            Record(["id": .number("3"), "status": .string("a")]),
        ]
        let sections = RecordGrouper.sections(records, by: [FieldPath("status")])
        let fields = OutputFields(columns: nil, leading: [FieldPath("status")], schemaColumns: ["id", "status"])
        let text = try render(JSONPresenter(fields: fields, grouped: true), sections)
        XCTAssertEqual(text, """
            {"sections":[
              {"field":"status","key":"a","count":2,"records":[
                {"status":"a","id":1},
                {"status":"a","id":3}
              ]},
              {"field":"status","key":"b","count":1,"records":[
                {"status":"b","id":2}
              ]}
            ]}

            """)
        let parsed = try XCTUnwrap(try parseJSON(text) as? [String: Any])
        let parsedSections = try XCTUnwrap(parsed["sections"] as? [[String: Any]])
        XCTAssertEqual(parsedSections.map { $0["key"] as? String }, ["a", "b"])
        XCTAssertEqual(parsedSections.map { ($0["records"] as? [Any])?.count }, [2, 1])
    }

    func testJSONNestedGroupsUseArraysOfFieldsAndKeys() throws {
        let records = [
            Record(["id": .number("1"), "region": .string("eu"), "n": .number("5")]),
            Record(["id": .number("2"), "region": .string("us")]),
        ]
        let paths = [FieldPath("region"), FieldPath("n")]
        let sections = RecordGrouper.sections(records, by: paths)
        let fields = OutputFields(columns: [ColumnSpec("id")], leading: paths, schemaColumns: ["id", "region", "n"])
        let text = try render(JSONPresenter(fields: fields, grouped: true), sections)
        let parsed = try XCTUnwrap(try parseJSON(text) as? [String: Any])
        let parsedSections = try XCTUnwrap(parsed["sections"] as? [[String: Any]])
        XCTAssertEqual(parsedSections.count, 2)
        XCTAssertEqual(parsedSections[0]["field"] as? [String], ["region", "n"])
        XCTAssertTrue(text.contains(#"{"field":["region","n"],"key":["eu",5],"count":1,"records":["#), text)
        XCTAssertTrue(text.contains(#"{"field":["region","n"],"key":["us",null],"count":1,"records":["#), text)
        XCTAssertTrue(text.contains(#"{"region":"us","n":null,"id":2}"#), text)
    }

    // MARK: JSON Lines

    func testJSONLines() throws {
        let presenter = JSONLinesPresenter(fields: OutputFields(columns: nil, schemaColumns: columns))
        let text = try render(presenter, [Section(items: tricky)])
        XCTAssertEqual(text, """
            {"id":1,"name":"a,b","quote":"say \\"hi\\"","text":"l1\\nl2"}
            {"id":1.50,"name":"","quote":null}
            {"id":true,"name":[1,"x"],"quote":"plain","text":"cr\\rhere"}
            {"id":"007","name":"a\\tb","quote":"c:\\\\dir","text":"ok"}

            """)
        for line in text.split(separator: "\n") {
            XCTAssertNoThrow(try parseJSON(String(line)), String(line))
        }
    }

    func testJSONLinesWithChosenColumnsLeavesMissingOut() throws {
        let records = [Record(["user": .object(ObjectValue(["name": .string("Ada")]))]), Record([:])]
        let fields = OutputFields(columns: [ColumnSpec("user.name"), ColumnSpec("missing")], schemaColumns: ["user"])
        XCTAssertEqual(try render(JSONLinesPresenter(fields: fields), [Section(items: records)]),
                       "{\"user.name\":\"Ada\"}\n{}\n")
    }
}
