import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewQuery
import ListviewValues
import XCTest

/// `--where` parsing and semantics, and `--search`.
final class PredicateTests: XCTestCase {
    private let record = Record([
        "age": .number("42"), "name": .string("Ada"), "code": .string("007"), "note": .null,
        "tags": .array([.string("x")]), "flag": .bool(true), "city": .object(ObjectValue(["name": .string("Oslo")])),
    ])

    private func holds(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Bool {
        try Predicate(parsing: text).matches(record)
    }

    func testOperatorsAreFoundLeftToRight() throws {
        XCTAssertEqual(try Predicate(parsing: "a<=3").op, .lessOrEqual)
        XCTAssertEqual(try Predicate(parsing: "a!=3").op, .notEqual)
        XCTAssertEqual(try Predicate(parsing: "a>=3").op, .greaterOrEqual)
        let equalsInValue = try Predicate(parsing: "url=a=b")
        XCTAssertEqual(equalsInValue.op, .equal)
        XCTAssertEqual(equalsInValue.value, "a=b")
        XCTAssertEqual(try Predicate(parsing: "name=").value, "")
    }

    func testSpacesAroundTheOperatorAreLayout() throws {
        let spaced = try Predicate(parsing: "age >= 42")
        XCTAssertEqual(spaced.path.text, "age")
        XCTAssertEqual(spaced.value, "42")
        XCTAssertTrue(try holds("age >= 42"))
        XCTAssertTrue(try holds("name\t= Ada"))
        XCTAssertTrue(try holds("name != Bob"))
        // Without a space before the operator, the value is as written.
        XCTAssertEqual(try Predicate(parsing: "name= Ada").value, " Ada")
        XCTAssertFalse(try holds("name= Ada"))
    }

    func testNumbersCompareAsNumbers() throws {
        XCTAssertTrue(try holds("age>9"))
        XCTAssertTrue(try holds("age=42.0"))
        XCTAssertFalse(try holds("age<9"))
        XCTAssertTrue(try holds("code=7"), "a numeric-looking string compares as a number")
        XCTAssertTrue(try holds("code<10"))
    }

    func testTextComparesByText() throws {
        XCTAssertTrue(try holds("name=Ada"))
        XCTAssertFalse(try holds("name=ada"))
        XCTAssertTrue(try holds("name<B"))
        XCTAssertTrue(try holds("flag=true"))
        XCTAssertTrue(try holds("city.name=Oslo"))
        XCTAssertTrue(try holds("tags.0=x"))
    }

    func testNullAndMissingNeverMatch() throws {
        for text in ["note=null", "note!=x", "note<z", "note~.", "missing!=1", "missing="] {
            XCTAssertFalse(try holds(text), text)
        }
    }

    func testIsNullMatchesNullAndMissingOnly() throws {
        XCTAssertEqual(try Predicate(parsing: "note is null").op, .isNull)
        XCTAssertEqual(try Predicate(parsing: "note IS NOT NULL").op, .isNotNull)
        XCTAssertEqual(try Predicate(parsing: "note=this is null").op, .equal, "an operator before it makes it a value")
        for text in ["note is null", "missing is null", "age is not null", "city is not null", "tags is not null", "flag is not null"] {
            XCTAssertTrue(try holds(text), text)
        }
        for text in ["age is null", "city is null", "note is not null", "missing is not null"] {
            XCTAssertFalse(try holds(text), text)
        }
        XCTAssertThrowsError(try Predicate(parsing: " is null"))
        XCTAssertEqual(try Predicate(parsing: "note  Is\tNot   NULL").op, .isNotNull)
        XCTAssertEqual(try Predicate(parsing: "first name is null").path.text, "first name")
        XCTAssertThrowsError(try Predicate(parsing: "note is nul"))
    }

    func testIsNullReadsCellKinds() throws {
        let isNull = try Predicate(parsing: "a is null"), notNull = try Predicate(parsing: "a is not null")
        let text = UnsafeRawBufferPointer(start: nil, count: 0)
        for kind in [CellKind.null, .absent] {
            XCTAssertEqual(isNull.matches(cell: kind, text: text), true)
            XCTAssertEqual(notNull.matches(cell: kind, text: text), false)
        }
        for kind in [CellKind.text, .string, .number, .bool, .nested] {
            XCTAssertEqual(isNull.matches(cell: kind, text: text), false)
            XCTAssertEqual(notNull.matches(cell: kind, text: text), true)
        }
    }

    func testRegexSearchesText() throws {
        XCTAssertTrue(try holds("name~^A"))
        XCTAssertTrue(try holds("city~Os"))
        XCTAssertFalse(try holds("name~^d"))
    }

    /// `^(a+)+$` backtracks exponentially on `aaa…a!` in a backtracking engine (29 characters took
    /// over a minute); RE2 answers in time linear in the value.
    func testRegexOnABacktrackingPatternIsLinear() throws {
        let predicate = try Predicate(parsing: "s~^(a+)+$")
        XCTAssertFalse(predicate.matches(value: .string(String(repeating: "a", count: 100_000) + "!")))
        XCTAssertTrue(predicate.matches(value: .string(String(repeating: "a", count: 100_000))))
    }

    func testRegexHasNoBackReferencesOrLookaround() {
        for pattern in [#"(a)\1"#, "(?<=a)b", "a(?=b)"] {
            XCTAssertThrowsError(try Predicate(parsing: "s~" + pattern), pattern)
        }
    }

    func testMalformedPredicatesAreUsageErrors() {
        XCTAssertThrowsError(try Predicate(parsing: "age")) { error in
            XCTAssertEqual(error as? ListviewError,
                           .usage("--where 'age': no operator; write FIELD=VALUE, !=, <, <=, >, >=, FIELD~REGEX or FIELD is [not] null"))
        }
        XCTAssertThrowsError(try Predicate(parsing: ">3")) { error in
            XCTAssertEqual(error as? ListviewError, .usage("--where '>3': no field name before '>' at character 1"))
        }
        XCTAssertThrowsError(try Predicate(parsing: "a~[")) { error in
            XCTAssertEqual(error as? ListviewError,
                           .usage("--where 'a~[': '[' is not a valid regular expression (missing ]: [)"))
        }
    }

    func testOperatorsListviewDoesNotHaveAreRefusedWithTheOneMeant() throws {
        let refused = [
            ("seats == 12", "'==' is not an operator; use = for equals"),
            ("seats==12", "'==' is not an operator; use = for equals"),
            ("seats => 10", "'=>' is not an operator; did you mean '>='?"),
            ("seats =< 10", "'=<' is not an operator; did you mean '<='?"),
            ("seats >> 10", "'>>' is not an operator; did you mean '>'?"),
            ("seats << 10", "'<<' is not an operator; did you mean '<'?"),
            ("seats <> 10", "'<>' is not an operator; did you mean '!='?"),
            ("seats !== 10", "'!==' is not an operator; did you mean '!='?"),
            ("seats =! 10", "'=!' is not an operator; did you mean '!='?"),
            ("seats >== 10", "'>==' is not an operator; did you mean '>='?"),
        ]
        for (text, message) in refused {
            XCTAssertThrowsError(try Predicate(parsing: text), text) { error in
                XCTAssertEqual(error as? ListviewError, .usage("--where '\(text)': \(message)"))
            }
        }
        for text in ["status=shipped OR status=pending", "total>10 and total<20", "a=1 || b=2"] {
            XCTAssertThrowsError(try Predicate(parsing: text), text) { error in
                XCTAssertEqual(error as? ListviewError, .usage("--where '\(text)': one condition per --where; give --where again for each "
                                                               + "condition (all must hold); '\(text.split(separator: " ")[1])' between conditions is not read"))
            }
        }
        XCTAssertEqual(try Predicate(parsing: "title=Salt and Pepper").value, "Salt and Pepper")
        XCTAssertEqual(try Predicate(parsing: "msg~a=1 or b=2").value, "a=1 or b=2")
        // A regex may start with anything; an `=` later in the value is the value's.
        XCTAssertEqual(try Predicate(parsing: "tag~=>x").value, "=>x")
        XCTAssertEqual(try Predicate(parsing: "url=a==b").value, "a==b")
        XCTAssertEqual(try Predicate(parsing: "a >= -1").value, "-1")
    }

    func testFilterNeedsEveryPredicateAndTheSearchText() throws {
        let filter = RecordFilter(predicates: [try Predicate(parsing: "age>40"), try Predicate(parsing: "name~A")], search: "oSLo")
        XCTAssertTrue(filter.matches(record))
        XCTAssertFalse(RecordFilter(search: "paris").matches(record))
        XCTAssertFalse(RecordFilter(predicates: [try Predicate(parsing: "age>50")]).matches(record))
        XCTAssertTrue(RecordFilter().isEmpty)
    }
}

/// `--footer` aggregates.
final class AggregatesTests: XCTestCase {
    private let records = [
        Record(["n": .number("1.5"), "s": .string("x")]),
        Record(["n": .number("10"), "s": .null]),
        Record(["n": .null]),
        Record(["n": .string("n/a")]),
    ]

    func testSummaryOverNumbersOnly() throws {
        let footer = try Aggregates(parsing: "count,sum:n,min:n,max:n,mean:n,sum:s")
        XCTAssertEqual(footer.summary(of: records), "count 4 · sum n 11.5 · min n 1.5 · max n 10 · mean n 5.75 · sum s –")
    }

    func testParsingErrors() {
        XCTAssertThrowsError(try Aggregates(parsing: "median:n")) { error in
            XCTAssertEqual(error as? ListviewError, .usage("--footer 'median:n': 'median' is not one of count, sum, min, max, mean"))
        }
        XCTAssertThrowsError(try Aggregates(parsing: "sum")) { error in
            XCTAssertEqual(error as? ListviewError, .usage("--footer 'sum': sum needs a field, as in sum:total"))
        }
    }
}

extension PredicateTests {
    /// A cell read as bytes satisfies a predicate exactly when its value does: numbers as numbers,
    /// text byte by byte when ASCII and as Swift strings otherwise (`é` written two ways is equal).
    func testCellsFromTheirBytesMatchAsTheirValuesDo() throws {
        let texts = ["", "7", "007", "-2.5", "1e3", "10", "9.99", "abc", "Abc", "ab", "true", "false", "é", "e\u{301}", "日本", " 7", "x7"]
        let kinds: [CellKind] = [.text, .string, .number, .bool]
        var compared = 0
        for op in ["=", "!=", "<", "<=", ">", ">=", "~"] {
            for value in ["7", "10", "abc", "é", "", "1e3", "^a", "b"] {
                guard let predicate = try? Predicate(parsing: "f" + op + value) else { continue }
                for kind in kinds {
                    // A number cell holds a number's text, a bool cell `true` or `false`.
                    for text in texts where (kind != .number || NumberText.isNumber(text)) && (kind != .bool || text == "true" || text == "false") {
                        guard let cellValue = Array(text.utf8).withUnsafeBytes({ kind.value(of: $0, inferTypes: true) }) else { continue }
                        let fromBytes = Array(text.utf8).withUnsafeBytes { predicate.matches(cell: kind, text: $0) }
                        XCTAssertEqual(fromBytes, predicate.matches(value: cellValue), "\(kind) \(text.debugDescription) f\(op)\(value)")
                        compared += 1
                    }
                }
                XCTAssertEqual(predicate.matches(cell: .null, text: UnsafeRawBufferPointer(start: nil, count: 0)), false)
            }
        }
        XCTAssertGreaterThan(compared, 1_000)
    }

    /// A table large enough to be filtered in blocks on both cores keeps exactly the rows that
    /// filtering its records one by one keeps, in order, and stops at the limit.
    func testAFilterInBlocksKeepsWhatOneRecordAtATimeKeeps() throws {
        let schema = RecordSchema()
        let records = (0..<200_000).map { row in
            schema.record(keys: ["n", "s"], values: [.number(String(row % 1_000)), .string(row % 3 == 0 ? "x\(row % 7)" : "é")])
        }
        let table = CellTable(records: records)
        let filter = RecordFilter(predicates: [try Predicate(parsing: "n>=500"), try Predicate(parsing: "s~^x[12]")])
        let expected = records.indices.filter { filter.matches(records[$0]) }
        XCTAssertEqual(filter.rows(of: table).map(\.row), expected)
        XCTAssertEqual(filter.rows(of: table, limit: 70_000).map(\.row), Array(expected.prefix(70_000)))
        XCTAssertEqual(filter.rows(of: table, limit: 5).map(\.row), Array(expected.prefix(5)))
    }
}
