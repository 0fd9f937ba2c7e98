import ListviewValues
import XCTest
@testable import ListviewConfig

/// toml++ behind the C boundary: the JSON it hands over for each TOML type, the values Swift
/// reads from it, and a syntax error's position.
final class TOMLDocumentTests: XCTestCase {
    private func json(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do throws(TOMLDocument.SyntaxError) {
            return try TOMLDocument.json(text)
        } catch {
            XCTFail("\(error.line):\(error.column ?? 0): \(error.description)", file: file, line: line)
            return ""
        }
    }

    private func syntaxError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> TOMLDocument.SyntaxError? {
        do throws(TOMLDocument.SyntaxError) {
            _ = try TOMLDocument.parse(text)
            XCTFail("expected a syntax error", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testScalarsKeepTheirTypes() {
        XCTAssertEqual(json("i = 42\nn = -7\nh = 0x1F\nb = true\nf = false\ns = \"text\"\n"),
                       #"{"b":true,"f":false,"h":31,"i":42,"n":-7,"s":"text"}"#)
    }

    func testFloatsKeepAFractionOrAnExponent() {
        XCTAssertEqual(json("a = 1.5\nb = 100.0\nc = 1e20\nd = -0.0\ne = 6.25e-3\n"),
                       #"{"a":1.5,"b":100.0,"c":1e+20,"d":-0.0,"e":0.00625}"#)
        XCTAssertEqual(json("a = inf\nb = -inf\nc = nan\n"),
                       #"{"a":[null,"float","inf"],"b":[null,"float","-inf"],"c":[null,"float","nan"]}"#)
    }

    func testDatesAndTimesAreTaggedText() {
        XCTAssertEqual(json("d = 1979-05-27\nt = 07:32:00\nl = 1979-05-27T07:32:00\no = 1979-05-27T00:32:00.5-07:00\n"),
                       #"{"d":[null,"date","1979-05-27"],"l":[null,"date-time","1979-05-27T07:32:00"],"#
                       + #""o":[null,"date-time","1979-05-27T00:32:00.5-07:00"],"t":[null,"time","07:32:00"]}"#)
    }

    func testStringsAreEscapedForJSON() {
        XCTAssertEqual(json(#"s = "say \"hi\"\\\t\u0001é€""# + "\n"), #"{"s":"say \"hi\"\\\t\u0001é€"}"#)
        XCTAssertEqual(json("s = '''\nline 1\nline 2'''\n"), #"{"s":"line 1\nline 2"}"#)
    }

    func testArraysTablesAndArraysOfTables() {
        XCTAssertEqual(json("a = [1, \"two\", [3.0], { x = 1 }]\n[views.triage]\nwhere = [\"total>100\"]\n[[rows]]\nn = 1\n[[rows]]\nn = 2\n"),
                       #"{"a":[1,"two",[3.0],{"x":1}],"rows":[{"n":1},{"n":2}],"views":{"triage":{"where":["total>100"]}}}"#)
        XCTAssertEqual(json(""), "{}")
    }

    func testTheValuesSwiftReads() throws {
        let root = try TOMLDocument.parse("z = 1\na = [\"x\", 2.5]\n[t]\nd = 2024-01-01\n")
        XCTAssertEqual(root.keys, ["a", "t", "z"], "toml++'s key order; SourceLines restores the file's")
        XCTAssertEqual(root["z"], .number("1"))
        XCTAssertEqual(root["a"], .array([.string("x"), .number("2.5")]))
        guard case .object(let table)? = root["t"], let date = table["d"] else { return XCTFail("no [t] table") }
        XCTAssertEqual(TOMLType(date), .date)
    }

    func testTypesAsTableReaderSeesThem() throws {
        let root = try TOMLDocument.parse("s = \"a\"\ni = 1\nf = 1.0\ng = inf\nb = true\na = []\nt = {}\nd = 2024-01-01\nh = 10:00:00\nw = 2024-01-01T10:00:00Z\n")
        let types = Dictionary(uniqueKeysWithValues: zip(root.keys, root.values.map(TOMLType.init)))
        XCTAssertEqual(types, ["s": .string, "i": .integer, "f": .float, "g": .float, "b": .boolean, "a": .array, "t": .table,
                               "d": .date, "h": .time, "w": .dateTime])
    }

    func testASyntaxErrorHasItsPositionAndDescription() {
        XCTAssertEqual(syntaxError("[views.t]\nlimit = 1\nlimit 2\n"),
                       TOMLDocument.SyntaxError(line: 3, column: 7, description: "Error while parsing key-value pair: expected '=', saw '2'"))
        XCTAssertEqual(syntaxError("a = 1\na = 2\n"),
                       TOMLDocument.SyntaxError(line: 2, column: 5, description: "Error while parsing key-value pair: cannot redefine existing integer 'a'"))
        XCTAssertEqual(syntaxError("[t]\nx = [1, 2\n"),
                       TOMLDocument.SyntaxError(line: 2, column: 11, description: "Error while parsing array: encountered end-of-file"))
    }
}
