import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewQuery
import ListviewTestSupport
import ListviewValues
import XCTest

final class RecordGrouperTests: XCTestCase {
    /// ids 0…7; record 2 has a null status and record 3 none at all.
    private let orders: [Record] = [
        Record(["id": .number("0"), "status": .string("shipped")]),
        Record(["id": .number("1"), "status": .string("pending")]),
        Record(["id": .number("2"), "status": .null]),
        Record(["id": .number("3")]),
        Record(["id": .number("4"), "status": .string("shipped")]),
        Record(["id": .number("5"), "status": .string("cancelled")]),
        Record(["id": .number("6"), "status": .string("pending")]),
        Record(["id": .number("7"), "status": .string("shipped")]),
    ]

    private func summary(_ sections: [Section<Record>]) -> [String] {
        sections.map { section in
            let ids = section.items.map { CellText.text(for: $0["id"]) }.joined(separator: ",")
            return "\(section.header ?? "-") [\(ids)] count=\(section.info.count)"
        }
    }

    private func grouped(by fields: [String] = ["status"], _ order: String) throws -> [String] {
        summary(RecordGrouper.sections(orders, by: fields.map(FieldPath.init), order: try GroupOrder(parsing: order)))
    }

    func testFirstAppearanceOrderIsTheDefault() {
        let sections = RecordGrouper.sections(orders, by: [FieldPath("status")])
        XCTAssertEqual(summary(sections), [
            "status: shipped [0,4,7] count=3",
            "status: pending [1,6] count=2",
            "status: null [2,3] count=2",
            "status: cancelled [5] count=1",
        ])
        XCTAssertEqual(sections.map(\.sortOrder), [0, 1, 2, 3])
        XCTAssertEqual(sections[0].keys, [SectionKey(field: FieldPath("status"), value: .string("shipped"))])
        XCTAssertEqual(sections[2].keys, [SectionKey(field: FieldPath("status"), value: .null)])
        XCTAssertNil(sections[0].footer)
    }

    func testNullAndMissingShareTheNullSection() {
        let sections = RecordGrouper.sections(orders, by: [FieldPath("status")])
        let nullSections = sections.filter { $0.info.key?.value == .null }
        XCTAssertEqual(nullSections.count, 1)
        XCTAssertEqual(nullSections.first?.items.map { CellText.text(for: $0["id"]) }, ["2", "3"])
    }

    func testKeyOrder() throws {
        XCTAssertEqual(try grouped("key"), [
            "status: cancelled [5] count=1",
            "status: pending [1,6] count=2",
            "status: shipped [0,4,7] count=3",
            "status: null [2,3] count=2",
        ])
        XCTAssertEqual(try grouped("key:desc"), [
            "status: shipped [0,4,7] count=3",
            "status: pending [1,6] count=2",
            "status: cancelled [5] count=1",
            "status: null [2,3] count=2",
        ], "null stays last")
    }

    func testNumericKeysOrderAsNumbers() {
        let records = ["10", "9", "100"].map { Record(["n": .number($0)]) }
        let sections = RecordGrouper.sections(records, by: [FieldPath("n")], order: GroupOrder(.key))
        XCTAssertEqual(sections.map(\.header), ["n: 9", "n: 10", "n: 100"])
    }

    func testCountOrderDefaultsToDescending() throws {
        XCTAssertEqual(try GroupOrder(parsing: "count"), GroupOrder(.count, descending: true))
        XCTAssertEqual(try grouped("count"), [
            "status: shipped [0,4,7] count=3",
            "status: pending [1,6] count=2",
            "status: null [2,3] count=2",
            "status: cancelled [5] count=1",
        ], "equal counts keep first-appearance order")
        XCTAssertEqual(try grouped("count:asc"), [
            "status: cancelled [5] count=1",
            "status: pending [1,6] count=2",
            "status: null [2,3] count=2",
            "status: shipped [0,4,7] count=3",
        ])
    }

    func testParsingGroupOrders() throws {
        XCTAssertEqual(try GroupOrder(parsing: "first"), GroupOrder(.first, descending: false))
        XCTAssertEqual(try GroupOrder(parsing: "key"), GroupOrder(.key, descending: false))
        XCTAssertEqual(try GroupOrder(parsing: "KEY:DESC"), GroupOrder(.key, descending: true))
        XCTAssertEqual(try grouped("first:desc").first, "status: cancelled [5] count=1")
        for bad in ["size", "key:up", ""] {
            XCTAssertThrowsError(try GroupOrder(parsing: bad), bad) { error in
                guard case .usage(let message)? = error as? ListviewError else { return XCTFail("\(error)") }
                XCTAssertTrue(message.hasPrefix("--sort-groups takes first, key or count"), message)
            }
        }
        for (bad, meant) in [("cnt", "count"), ("frist:desc", "first:desc"), ("key:descc", "key:desc")] {
            XCTAssertThrowsError(try GroupOrder(parsing: bad), bad) { error in
                XCTAssertEqual(error as? ListviewError,
                               .usage("--sort-groups takes first, key or count (with :asc or :desc), not '\(bad)'; did you mean '\(meant)'?"))
            }
        }
    }

    func testNestedGrouping() {
        let records: [Record] = [
            Record(["id": .number("1"), "region": .string("eu"), "status": .string("shipped")]),
            Record(["id": .number("2"), "region": .string("us"), "status": .string("pending")]),
            Record(["id": .number("3"), "region": .string("eu"), "status": .string("pending")]),
            Record(["id": .number("4"), "region": .string("eu"), "status": .string("shipped")]),
            Record(["id": .number("5"), "region": .string("us")]),
        ]
        let sections = RecordGrouper.sections(records, by: [FieldPath("region"), FieldPath("status")])
        XCTAssertEqual(summary(sections), [
            "region: eu › status: shipped [1,4] count=2",
            "region: eu › status: pending [3] count=1",
            "region: us › status: pending [2] count=1",
            "region: us › status: null [5] count=1",
        ])
        XCTAssertEqual(sections[1].keys, [
            SectionKey(field: FieldPath("region"), value: .string("eu")),
            SectionKey(field: FieldPath("status"), value: .string("pending")),
        ])
        XCTAssertEqual(sections[1].info.key, SectionKey(field: FieldPath("status"), value: .string("pending")))
    }

    func testNoFieldsIsOneUnnamedSection() {
        let sections = RecordGrouper.sections(orders, by: [])
        XCTAssertEqual(sections.count, 1)
        XCTAssertEqual(sections[0].keys, [])
        XCTAssertNil(sections[0].header)
        XCTAssertEqual(sections[0].info.count, 8)
        XCTAssertTrue(RecordGrouper.sections([], by: [FieldPath("status")]).isEmpty)
    }

    func testHeaderText() {
        let records = [
            Record(["k": .string("")]), Record(["k": .number("1.50")]), Record(["k": .string("a\u{1B}[2Jb")]),
            Record(["k": .bool(false)]), Record(["k": .array([.number("1")])]),
        ]
        let sections = RecordGrouper.sections(records, by: [FieldPath("k")])
        XCTAssertEqual(sections.map(\.header), [#"k: """#, "k: 1.50", #"k: a\e[2Jb"#, "k: false", "k: [1]"])
    }

    // MARK: GroupTally (--counts)

    func testTallyGivesTheSameSectionsAsGroupingTheRecords() {
        let fields = [FieldPath("status")]
        var tally = GroupTally(fields: fields)
        orders.forEach { tally.add($0) }
        XCTAssertEqual(tally.total, 8)
        for order in [GroupOrder(), GroupOrder(.key), GroupOrder(.count, descending: true)] {
            let counted = tally.sections(order: order)
            let grouped = RecordGrouper.sections(orders, by: fields, order: order)
            XCTAssertEqual(counted.map(\.header), grouped.map(\.header))
            XCTAssertEqual(counted.map(\.info.count), grouped.map(\.items.count))
            XCTAssertEqual(counted.map(\.items.count), grouped.map { _ in 1 })
            XCTAssertEqual(counted.map(\.info.levelCounts), grouped.map(\.info.levelCounts))
        }
    }

    /// With `--sort`, `--counts` orders sections as the sorted list does (`WholeList`: rows sorted,
    /// then grouped): seeded random records, cut into random batches counted in parts and merged.
    func testTallyWithSortOrdersSectionsAsTheSortedList() {
        let seed = testSeed()
        var random = SeededRandom(state: seed)
        let statuses: [Value?] = [.string("a"), .string("b"), .string("c"), .null, nil]
        for _ in 0..<40 {
            let records = (0..<Int.random(in: 1..<40, using: &random)).map { index -> Record in
                var pairs: [(String, Value)] = [("id", .number(String(index))), ("total", .number(String(Int.random(in: 0..<6, using: &random))))]
                for field in ["status", "kind"] {
                    if let value = statuses.randomElement(using: &random) ?? nil { pairs.append((field, value)) }
                }
                return Record(shape: RecordShape(names: pairs.map(\.0)), values: pairs.map(\.1))
            }
            let fields = [[FieldPath("status")], [FieldPath("status"), FieldPath("kind")]].randomElement(using: &random) ?? []
            let sort = [SortSpec(path: FieldPath("total"), descending: Bool.random(using: &random))]
            let table = CellTable(records: records)
            var tally = GroupTally(fields: fields, sort: sort)
            var start = 0
            while start < records.count {
                let end = min(records.count, start + Int.random(in: 1...8, using: &random))
                var part = GroupTally(fields: fields, sort: sort)
                part.add((start..<end).map(RowRef.init), of: table)
                tally.add(part)
                start = end
            }
            for order in [GroupOrder(), GroupOrder(.key), GroupOrder(.count, descending: true)] {
                let listed = RecordGrouper.sections(RecordSorter.sorted(records, by: sort), by: fields, order: order)
                let counted = tally.sections(order: order)
                XCTAssertEqual(counted.map(\.header), listed.map(\.header), "seed \(seed)")
                XCTAssertEqual(counted.map(\.info.count), listed.map(\.items.count), "seed \(seed)")
            }
        }
    }

    /// With `--sort`, a section of equal numbers spelled apart (`0`, `-0`, `0.0`) is headed by the
    /// spelling first in the input, as the list's sections are, whatever batches count it; at every
    /// level of a nested grouping too (an outer section by its first record among all its groups).
    func testTallyWithSortTitlesSectionsByTheirFirstSpellingInTheInput() {
        let spellings = ["0", "-0", "0.0", "1e0", "1", "1.00", "2"]
        let seed = testSeed()
        var random = SeededRandom(state: seed)
        for round in 0..<60 {
            let records = (0..<Int.random(in: 1..<30, using: &random)).map { index -> Record in
                let values: [Value] = [.number(spellings.randomElement(using: &random) ?? "0"), .number(["3", "3.0", "4"].randomElement(using: &random) ?? "3"),
                                       .number(String(Int.random(in: 0..<9, using: &random)))]
                return Record(shape: RecordShape(names: ["k", "w", "v"]), values: values)
            }
            let fields = round % 2 == 0 ? [FieldPath("k")] : [FieldPath("k"), FieldPath("w")]
            let sort = [SortSpec(path: FieldPath("v"), descending: Bool.random(using: &random))]
            let table = CellTable(records: records)
            var tally = GroupTally(fields: fields, sort: sort)
            var start = 0
            while start < records.count {
                let end = min(records.count, start + Int.random(in: 1...5, using: &random))
                var part = GroupTally(fields: fields, sort: sort)
                part.add((start..<end).map(RowRef.init), of: table)
                tally.add(part)
                start = end
            }
            // The sections of the records in input order are headed by the first spelling of each.
            let firstSpelled = Set(RecordGrouper.sections(records, by: fields).map(\.header))
            XCTAssertEqual(Set(tally.sections().map(\.header)), firstSpelled, "seed \(seed), round \(round)")
            XCTAssertEqual(tally.sections().map(\.info.count).reduce(0, +), records.count, "seed \(seed), round \(round)")
        }
    }

    func testTallyWithoutFieldsCountsEverything() {
        var tally = GroupTally(fields: [])
        orders.forEach { tally.add($0) }
        XCTAssertEqual(tally.sections().map(\.info.count), [8])
    }
}

/// Grouping rows by their cells' bytes (`GroupKey`) makes the sections grouping their records by value makes.
final class GroupKeyTests: XCTestCase {
    private func describe<Item>(_ sections: [Section<Item>], _ label: (Item) -> String) -> [String] {
        sections.map { "\($0.keys.map { "\($0.field.text)=\($0.value)" }) \($0.items.map(label)) \($0.info.levelCounts)" }
    }

    func testCellKeysGroupAsValues() {
        var generator = seededRandom()
        let values: [Value?] = [.number("1"), .number("1.0"), .number("01"), .string("1"), .string(""), .bool(true), .bool(false),
                                .null, nil, .array([.number("1")]), .object(ObjectValue(["a": .null]))]
        for _ in 0..<50 {
            let records = (0..<60).map { index -> Record in
                var pairs: [(String, Value)] = [("id", .number(String(index)))]
                for field in ["a", "b"] {
                    if let value = values.randomElement(using: &generator) ?? nil { pairs.append((field, value)) }
                }
                return Record(shape: RecordShape(names: pairs.map(\.0)), values: pairs.map(\.1))
            }
            let table = CellTable(records: records)
            let shapes = RecordShapeCache()
            let rows = (0..<table.rowCount).map(RowRef.init)
            for order in [GroupOrder(), GroupOrder(.key), GroupOrder(.count)] {
                let paths = [FieldPath("a"), FieldPath("b")]
                let fields = table.fields(paths)
                let byKey = table.withCells { cells in
                    RecordGrouper.sections(rows, by: paths, order: order, key: { item, level in fields[level].groupKey(row: item.row, in: cells) },
                                           value: { $0.value(nestedDecoder: nil) })
                }
                let byValue = RecordGrouper.sections(rows.map { table.record(at: $0.row, shapes: shapes) }, by: paths, order: order)
                XCTAssertEqual(describe(byKey) { "\($0.row)" }, describe(byValue) { "\($0["id"].map { CellText.unescapedText(for: $0) } ?? "")" })
            }
        }
    }

    func testTextCellsGroupAsTheNumbersOrStringsTheyRead() {
        var table = CellTable(columns: ["n"], inferTypes: true)
        for text in ["7", "7.0", "x", "7", "", "x"] {
            var text = text
            text.withUTF8 { table.appendCell(UnsafeRawBufferPointer($0)) }
            _ = table.endRow()
        }
        let field = table.fields([FieldPath("n")])[0]
        let sections = table.withCells { cells in
            RecordGrouper.sections((0..<6).map(RowRef.init), by: [FieldPath("n")], key: { item, _ in field.groupKey(row: item.row, in: cells) },
                                   value: { $0.value(nestedDecoder: nil) })
        }
        let keys: [[Value]] = sections.map { section in section.keys.map(\.value) }
        // `7` and `7.0` are one number (`NumberRule`): one section, shown as first seen.
        XCTAssertEqual(keys, [[.number("7")], [.string("x")], [.string("")]])
        let rows: [[Int]] = sections.map { section in section.items.map(\.row) }
        XCTAssertEqual(rows, [[0, 1, 3], [2, 5], [4]])
    }
}
