import ListviewBatches
import ListviewValues
import XCTest

final class FieldPathTests: XCTestCase {
    private let record = Record([
        "id": .number("7"),
        "user": .object(ObjectValue([
            "name": .string("Ada"),
            "address": .object(ObjectValue(["city": .string("Paris")])),
        ])),
        "tags": .array([.string("red"), .string("blue")]),
        "items": .array([
            .object(ObjectValue(["sku": .string("A1")])),
            .object(ObjectValue(["sku": .string("B2")])),
        ]),
        "a.b": .string("literal key"),
        "a": .object(ObjectValue(["b": .string("nested")])),
        "gone": .null,
    ])

    func testAnElementsPositionInBrackets() {
        XCTAssertEqual(FieldPath("items[1].sku").components, ["items", "1", "sku"])
        XCTAssertEqual(FieldPath("items[1].sku").value(in: record), .string("B2"))
        XCTAssertEqual(FieldPath("tags[0]").value(in: record), .string("red"))
        XCTAssertEqual(FieldPath("m[0][2]").components, ["m", "0", "2"])
        // Anything else in brackets is part of the name.
        for text in ["a[x]", "[0]", "a[0]b", "a[-1]"] { XCTAssertEqual(FieldPath(text).components, [text], text) }
        XCTAssertFalse(FieldPattern.isPattern("items[0].sku"))
        XCTAssertFalse(FieldPattern.isPattern("m[0][2]"))
        for glob in ["item[s]", "[ab]*", "x[0", "a.[0]", "a[0]*", "a?"] { XCTAssertTrue(FieldPattern.isPattern(glob), glob) }
    }

    func testEveryElementOfAnArray() {
        let path = FieldPath("items[].sku")
        XCTAssertEqual(path.components, ["items", "[]", "sku"])
        XCTAssertTrue(path.reachesEveryElement)
        XCTAssertEqual(path.values(in: record), [.string("A1"), .string("B2")])
        XCTAssertEqual(FieldPath("tags[]").values(in: record), [.string("red"), .string("blue")])
        XCTAssertEqual(FieldPath("user[].name").values(in: record), [], "an object has no elements")
        XCTAssertEqual(FieldPath("items[].price").values(in: record), [])
        XCTAssertEqual(FieldPath("id").values(in: record), [.number("7")])
        XCTAssertFalse(FieldPattern.isPattern("items[].sku"))
        XCTAssertFalse(FieldPath("items.sku").reachesEveryElement)
    }

    func testTopLevelField() {
        XCTAssertEqual(FieldPath("id").value(in: record), .number("7"))
        XCTAssertEqual(FieldPath("gone").value(in: record), .null, "a present null is not missing")
    }

    func testDottedPathIntoObjects() {
        XCTAssertEqual(FieldPath("user.name").value(in: record), .string("Ada"))
        XCTAssertEqual(FieldPath("user.address.city").value(in: record), .string("Paris"))
        XCTAssertEqual(FieldPath("user.address").value(in: record),
                       .object(ObjectValue(["city": .string("Paris")])))
    }

    func testDottedPathIntoArrays() {
        XCTAssertEqual(FieldPath("tags.0").value(in: record), .string("red"))
        XCTAssertEqual(FieldPath("tags.1").value(in: record), .string("blue"))
        XCTAssertEqual(FieldPath("items.1.sku").value(in: record), .string("B2"))
    }

    func testLiteralTopLevelKeyWithADotWins() {
        XCTAssertEqual(FieldPath("a.b").value(in: record), .string("literal key"))
    }

    /// A path whose first step is no key starts from the shortest run of its first steps that is
    /// one (`items.o` of `items.o.p`, as `--explode items` names an element's fields); records and
    /// tables resolve it alike (`TableField`, every path of the cells).
    func testAPathStartsFromADottedKeyWhenItsFirstStepIsNone() {
        let record = Record([
            "items.o": .object(ObjectValue(["p": .number("5")])),
            "x.y": .object(ObjectValue(["z": .array([.number("1"), .number("2")])])),
            "a": .object(ObjectValue(["b": .object(ObjectValue(["c": .string("nested")]))])),
            "a.b": .object(ObjectValue(["c": .string("dotted")])),
        ])
        let expected: [(String, Value?)] = [
            ("items.o.p", .number("5")), ("x.y.z.1", .number("2")), ("x.y.z[0]", .number("1")),
            ("a.b.c", .string("nested")), ("items.o", .object(ObjectValue(["p": .number("5")]))),
            ("items.q.p", nil), ("items", nil), ("x.y.z.2", nil),
        ]
        var table = CellTable(records: [record])
        // Nested cells hold compact JSON, decoded here by what each text was written from.
        let written = Dictionary(record.values.map { ($0.compactJSON, $0) }, uniquingKeysWith: { first, _ in first })
        table.nestedDecoder = { written[String(decoding: $0, as: UTF8.self)] }
        for (text, value) in expected {
            XCTAssertEqual(FieldPath(text).value(in: record), value, text)
            let field = TableField(FieldPath(text), columns: table.columns)
            XCTAssertEqual(table.withCells { field.value(row: 0, in: $0) }, value, "\(text) in a table")
        }
        XCTAssertEqual(FieldPath("x.y.z[]").values(in: record), [.number("1"), .number("2")])
    }

    func testMissingIsNil() {
        XCTAssertNil(FieldPath("missing").value(in: record))
        XCTAssertNil(FieldPath("user.missing").value(in: record))
        XCTAssertNil(FieldPath("missing.name").value(in: record))
        XCTAssertNil(FieldPath("user.name.first").value(in: record), "a string has no members")
        XCTAssertNil(FieldPath("tags.2").value(in: record), "index past the end")
        XCTAssertNil(FieldPath("tags.-1").value(in: record), "negative index")
        XCTAssertNil(FieldPath("tags.x").value(in: record), "non-numeric index")
        XCTAssertNil(FieldPath("gone.x").value(in: record), "null has no members")
        XCTAssertNil(FieldPath("").value(in: record))
        XCTAssertNil(FieldPath("user.").value(in: record))
    }

    func testComponentsAndText() {
        let path = FieldPath("a.b.0")
        XCTAssertEqual(path.text, "a.b.0")
        XCTAssertEqual(path.description, "a.b.0")
        XCTAssertEqual(path.components, ["a", "b", "0"])
        XCTAssertEqual(FieldPath("a..b").components, ["a", "", "b"])
        XCTAssertEqual(FieldPath("plain").components, ["plain"])
    }

    func testValueInAValue() {
        let value = Value.array([.object(ObjectValue(["name": .string("x")]))])
        XCTAssertEqual(FieldPath("0.name").value(in: value), .string("x"))
        XCTAssertNil(FieldPath("1.name").value(in: value))
        XCTAssertNil(FieldPath("name").value(in: value))
    }
}
