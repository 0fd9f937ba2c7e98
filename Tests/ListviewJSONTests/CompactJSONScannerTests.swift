import ListviewBatches
import ListviewJSON
import XCTest

/// The walk over an array's elements and an object's members hands over each value's bytes and
/// cell kind, and refuses text that is not compact JSON of that shape.
final class CompactJSONScannerTests: XCTestCase {
    private func elements(_ text: String) -> [(String, CellKind, Bool)]? {
        var text = text
        var found: [(String, CellKind, Bool)] = []
        let read = text.withUTF8 { bytes in
            CompactJSONScanner.forEachElement(of: UnsafeRawBufferPointer(bytes)) { span in
                found.append((String(decoding: span.text, as: UTF8.self), span.kind, span.escaped))
            }
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

    func testMembersAreKeysAndValues() {
        var text = #"{"a":1,"b\"c":{"d":null}}"#
        var members: [String] = []
        let read = text.withUTF8 { bytes in
            CompactJSONScanner.forEachMember(of: UnsafeRawBufferPointer(bytes)) { key, value in
                members.append(String(decoding: key.text, as: UTF8.self) + "=" + String(decoding: value.text, as: UTF8.self))
            }
        }
        XCTAssertTrue(read)
        XCTAssertEqual(members, ["a=1", #"b\"c={"d":null}"#])
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

    func testAStringsTextHasItsEscapesRead() throws {
        var text = #"["plain","a\"b\\c\/d\n\t","\u00e9\ud83d\ude00","\ud800x","\q"]"#
        var texts: [String?] = []
        let read = text.withUTF8 { bytes in
            CompactJSONScanner.forEachElement(of: UnsafeRawBufferPointer(bytes)) { texts.append(CompactJSONScanner.text(of: $0)) }
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
