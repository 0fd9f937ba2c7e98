import ListviewBatches
import ListviewJSON
import ListviewTestSupport
import XCTest

/// The walk over an array's elements and an object's members hands over each value's bytes and
/// cell kind, and refuses text that is not compact JSON of that shape.
final class CompactJSONScannerTests: XCTestCase {
    private func elements(_ text: String) -> [(String, CellKind, Bool)]? {
        var text = text
        var found: [(String, CellKind, Bool)] = []
        let read = text.withUTF8 { bytes in
            CompactJSONScanner.forEachElement(of: UnsafeRawBufferPointer(bytes), member: { _, _ in }, element: { span in
                found.append((String(decoding: span.text, as: UTF8.self), span.kind, span.escaped))
            })
        }
        return read ? found : nil
    }

    func testElementsAreTheirBytesAndKinds() throws {
        let found = try XCTUnwrap(elements(#"["a\"b",-1.5e3,true,null,{"k":[1,"]"]},[],"x"]"#))
        XCTAssertEqual(found.map(\.0), [#"a\"b"#, "-1.5e3", "true", "null", #"{"k":[1,"]"]}"#, "[]", "x"])
        XCTAssertEqual(found.map(\.1), [.string, .number, .bool, .null, .nested, .nested, .string])
        XCTAssertEqual(found.map(\.2), [true, false, false, false, false, false, false])
        XCTAssertEqual(elements("[]")?.count, 0)
    }

    /// Strings of every length up to three words, with an escaped quote or backslash at any
    /// place (read eight bytes at a time up to the first backslash): each element is its bytes
    /// between the quotes, `escaped` exactly when they hold a backslash.
    func testStringsOfAnyLengthEndAtTheirClosingQuote() throws {
        var generator = SeededRandom(state: 8)
        for length in 0...26 {
            for _ in 0..<20 {
                var inner = ""
                while inner.utf8.count < length {
                    switch generator.next(12) {
                    case 0: inner += #"\""#
                    case 1: inner += #"\\"#
                    case 2: inner += #"\u00e9"#
                    case 3: inner += "é"
                    default: inner += String(UnicodeScalar(UInt8(0x61 + generator.next(26))))
                    }
                }
                let found = try XCTUnwrap(elements("[\"\(inner)\",\"x\"]"), inner)
                XCTAssertEqual(found.map(\.0), [inner, "x"], inner)
                XCTAssertEqual(found.map(\.2), [inner.contains("\\"), false], inner)
            }
        }
        XCTAssertNil(elements(#"["abcdefghijklmnop"#), "a string without its closing quote")
    }

    func testMembersAreKeysAndValues() {
        /// An object's members as `key=value`, its values whole.
        struct Members: CompactJSONScanner.Visitor {
            var found: [String] = []
            mutating func next(key: CompactJSONScanner.Span?, index: Int, nonEmptyContainer: Bool) -> Bool {
                found.append((key.map { String(decoding: $0.text, as: UTF8.self) } ?? "") + "=")
                return false
            }
            mutating func value(_ span: CompactJSONScanner.Span) { found[found.count - 1] += String(decoding: span.text, as: UTF8.self) }
            mutating func leave() {}
        }
        var text = #"{"a":1,"b\"c":{"d":null}}"#
        var members = Members()
        let read = text.withUTF8 { CompactJSONScanner.walk(UnsafeRawBufferPointer($0), &members) }
        XCTAssertTrue(read)
        XCTAssertEqual(members.found, ["a=1", #"b\"c={"d":null}"#])
    }

    func testObjectElementsHandOverTheirMembersInTheSameWalk() throws {
        var text = #"[{"a":1,"b\"c":{"d":[null]}},2,{},{"e":"}"}]"#
        var walked: [String] = []
        let read = text.withUTF8 { bytes in
            CompactJSONScanner.forEachElement(of: UnsafeRawBufferPointer(bytes), member: { key, value in
                walked.append(String(decoding: key.text, as: UTF8.self) + "=" + String(decoding: value.text, as: UTF8.self))
            }, element: { element in
                walked.append("element " + String(decoding: element.text, as: UTF8.self))
            })
        }
        XCTAssertTrue(read)
        XCTAssertEqual(walked, ["a=1", #"b\"c={"d":[null]}"#, #"element {"a":1,"b\"c":{"d":[null]}}"#, "element 2", "element {}",
                                "e=}", #"element {"e":"}"}"#])
        for broken in [#"[{"a"}]"#, #"[{"a":1,}]"#, #"[{"a":1]"#, #"[{"a":1}"#, #"[{1:2}]"#] {
            var text = broken
            let read = text.withUTF8 { CompactJSONScanner.forEachElement(of: UnsafeRawBufferPointer($0), member: { _, _ in }, element: { _ in }) }
            XCTAssertFalse(read, broken)
        }
    }

    /// Records a walk: each member or element as `key=` or `#index`, `(`…`)` around the containers
    /// read member by member (those at most `depth` deep), a value's bytes after `=`.
    private struct Recorder: CompactJSONScanner.Visitor {
        let depth: Int
        var open = 1
        var events = ""

        mutating func next(key: CompactJSONScanner.Span?, index: Int, nonEmptyContainer: Bool) -> Bool {
            events += key.map { " " + String(decoding: $0.text, as: UTF8.self) } ?? " #\(index)"
            guard nonEmptyContainer, open < depth else { return false }
            open += 1
            events += "("
            return true
        }

        mutating func value(_ span: CompactJSONScanner.Span) { events += "=" + String(decoding: span.text, as: UTF8.self) }

        mutating func leave() {
            open -= 1
            events += " )"
        }
    }

    private func walk(_ text: String, depth: Int) -> String? {
        var text = text
        var recorder = Recorder(depth: depth)
        let read = text.withUTF8 { CompactJSONScanner.walk(UnsafeRawBufferPointer($0), &recorder) }
        return read ? recorder.events : nil
    }

    func testAWalkReadsTheContainersItIsToldToAndTakesTheOthersWhole() {
        let text = #"{"a":1,"b":{"c":[true,{"d":"}"}],"e":{}},"f":[],"g":[[1]]}"#
        XCTAssertEqual(walk(text, depth: 1), #" a=1 b={"c":[true,{"d":"}"}],"e":{}} f=[] g=[[1]]"#)
        XCTAssertEqual(walk(text, depth: 2), #" a=1 b( c=[true,{"d":"}"}] e={} ) f=[] g( #0=[1] )"#)
        XCTAssertEqual(walk(text, depth: 9), #" a=1 b( c( #0=true #1( d=} ) ) e={} ) f=[] g( #0( #0=1 ) )"#)
        XCTAssertEqual(walk("[]", depth: 9), "")
        XCTAssertEqual(walk("{}", depth: 9), "")
        for broken in [#"{"a":[1,}"#, #"{"a":{"b"}}"#, #"[1,2"#, #"[1]x"#, "1", #"{"a":[1]]"#, ""] {
            XCTAssertNil(walk(broken, depth: 9), broken)
        }
    }

    /// An array of scalars alone is read without a visitor as a walk reads it: the same values in
    /// the same order, each with its kind and escapes; an array holding any container (an empty
    /// one too), an object, or text that is not compact JSON is left to the walk.
    func testScalarElementsAreWhatAWalkTellsOfThem() {
        var generator = seededRandom()
        let pieces = [#""a""#, #""say \"hi\"""#, #""""#, "0", "-1.5e3", "true", "false", "null", #""a long string of more than eight bytes""#,
                      "[]", "{}", "[1]", #"{"k":1}"#, "01", "tru", #""open"#, ""]
        for _ in 0..<2_000 {
            let count = generator.next(6)
            var text = "[" + (0..<count).map { _ in pieces[generator.next(generator.next(4) == 0 ? pieces.count : 9)] }.joined(separator: ",") + "]"
            if generator.next(10) == 0 { text = String(text.dropLast(generator.next(3))) }
            if generator.next(10) == 0 { text = "{" + text.dropFirst() }
            var scanned: [(Int, String, CellKind, Bool)] = []
            let read = text.withUTF8 { bytes in
                CompactJSONScanner.forEachScalarElement(of: UnsafeRawBufferPointer(bytes)) { index, span in
                    scanned.append((index, String(decoding: span.text, as: UTF8.self), span.kind, span.escaped))
                }
            }
            let walked = walk(text, depth: 9)
            guard let read else {
                // Left to the walk: it holds a container, or the walk refuses it too.
                XCTAssertTrue(walked == nil || walked?.contains("(") == true || text.dropFirst().contains { $0 == "[" || $0 == "{" }, text)
                continue
            }
            XCTAssertEqual(read, scanned.count, text)
            XCTAssertEqual(scanned.map(\.0), Array(0..<scanned.count), text)
            XCTAssertEqual(scanned.map { " #\($0.0)=\($0.1)" }.joined(), walked, text)
            XCTAssertEqual(scanned.map(\.2), text.withUTF8 { bytes in
                var kinds: [CellKind] = []
                _ = CompactJSONScanner.forEachElement(of: UnsafeRawBufferPointer(bytes), member: { _, _ in }, element: { kinds.append($0.kind) })
                return kinds
            }, text)
            XCTAssertEqual(scanned.map(\.3), scanned.map { $0.1.contains("\\") }, text)
        }
    }

    func testAStringsTextHasItsEscapesRead() throws {
        var text = #"["plain","a\"b\\c\/d\n\t","\u00e9\ud83d\ude00","\ud800x","\q"]"#
        var texts: [String?] = []
        let read = text.withUTF8 { bytes in
            CompactJSONScanner.forEachElement(of: UnsafeRawBufferPointer(bytes), member: { _, _ in }) { texts.append(CompactJSONScanner.text(of: $0)) }
        }
        XCTAssertTrue(read)
        // A lone surrogate and an escape JSON does not have are not read (nil).
        XCTAssertEqual(texts, ["plain", "a\"b\\c/d\n\t", "é😀", nil, nil])
    }

    func testTextOfAnotherShapeIsRefused() {
        for text in ["", "[", "[1,]", "[1 2]", "{}", "[tru]", "[1]x", #"["open]"#, "[01]", "[1.]", "[-]", "[1e]", "[+1]", "[]]"] {
            XCTAssertNil(elements(text), text)
        }
    }
}
