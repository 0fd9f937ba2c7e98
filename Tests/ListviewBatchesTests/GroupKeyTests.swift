import ListviewBatches
import ListviewValues
import XCTest

/// `GroupKey`: numbers are one key by value (`NumberRule`) whether read from a cell or held as a
/// value, and hash alike; strings that spell a number are another key.
final class GroupKeyNumberTests: XCTestCase {
    private func withKey<R>(_ text: String, kind: CellKind, _ body: (GroupKey) -> R) -> R {
        var text = text
        return text.withUTF8 { body(GroupKey(kind: kind, text: UnsafeRawBufferPointer($0), inferTypes: true)) }
    }

    func testNumbersAreOneKeyByValueAcrossCellsAndValues() {
        for (a, b) in [("100", "1e2"), ("0", "-0"), ("0.0", "-0"), ("1.50", "15e-1"), ("1234567890123456789", "1.234567890123456789e18")] {
            withKey(a, kind: .number) { left in
                withKey(b, kind: .text) { right in
                    XCTAssertEqual(left, right, "\(a) vs \(b)")
                    XCTAssertEqual(left._rawHashValue(seed: 7), right._rawHashValue(seed: 7), "\(a) vs \(b)")
                    XCTAssertEqual(left, GroupKey.value(.number(b)), "\(a) vs value \(b)")
                    XCTAssertEqual(left._rawHashValue(seed: 7), GroupKey.value(.number(b))._rawHashValue(seed: 7), "\(a) vs value \(b)")
                }
            }
        }
        withKey("1234567890123456789", kind: .number) { left in
            withKey("1234567890123456790", kind: .number) { right in XCTAssertNotEqual(left, right) }
            XCTAssertNotEqual(left, GroupKey.value(.string("1234567890123456789")))
        }
        XCTAssertNotEqual(GroupKey.value(.bool(true)), GroupKey.value(.string("true")))
    }
}
