import Foundation
import ListviewFormats
import ListviewTestSupport
import ListviewValues
import XCTest

/// `ValueLines`: the line a value of a JSON document begins on, where a document diff's
/// annotation points.
final class ValueLinesTests: XCTestCase {
    func testMembersAtTheirNamesAndElementsAtTheirFirstByte() throws {
        let text = "{\r\n  \"a\": {\"b\": [1,\n    {\"c\": \"x,]}\\\"\"},\n    [ ]],\n  \"d\\u00e9\": null},\n  \"e\":\n    2\n}\n"
        let files = TemporaryFiles()
        defer { files.removeAll() }
        let path = try files.write(text, extension: "json")
        let wanted: [ValueLocation: Int] = [
            ValueLocation([.member("a")]): 2,
            ValueLocation([.member("a"), .member("b")]): 2,
            ValueLocation([.member("a"), .member("b"), .index(0)]): 2,
            ValueLocation([.member("a"), .member("b"), .index(1)]): 3,
            ValueLocation([.member("a"), .member("b"), .index(1), .member("c")]): 3,
            ValueLocation([.member("a"), .member("b"), .index(2)]): 4,
            ValueLocation([.member("a"), .member("dé")]): 5,
            ValueLocation([.member("e")]): 6,
        ]
        let missing = ValueLocation([.member("a"), .member("b"), .index(3)])
        let found = try XCTUnwrap(ValueLines.find(in: path, wanted: Set(wanted.keys).union([missing])))
        XCTAssertEqual(found.lines, wanted)
        XCTAssertNil(ValueLines.find(in: "-", wanted: Set(wanted.keys)), "standard input cannot be read again")
    }
}
