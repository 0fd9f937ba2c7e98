import ListviewBatches
import ListviewQuery
import ListviewValues
@testable import ListviewDiff
import XCTest

/// `--tolerance` bounds on exact decimals: absolute and relative, at and past their edge, and
/// the values the option accepts.
final class NumericToleranceTests: XCTestCase {
    private func number(_ text: String) throws -> ExactDecimal {
        try XCTUnwrap(ExactDecimal(text), text)
    }

    private func bound(_ text: String) throws -> NumericTolerance.Bound {
        var tolerance = NumericTolerance()
        try tolerance.add(text)
        return try XCTUnwrap(tolerance.all)
    }

    func testDistancesAreExact() throws {
        XCTAssertEqual(try number("0.3").distance(to: number("0.30000000000000004")), try number("0.00000000000000004"))
        XCTAssertEqual(try number("48.90").distance(to: number("48.9")), try number("0"))
        XCTAssertEqual(try number("-1.5").distance(to: number("2")), try number("3.5"))
        XCTAssertEqual(try number("1e3").distance(to: number("999.999")), try number("0.001"))
        XCTAssertEqual(try number("-0").distance(to: number("0")), try number("0"))
        XCTAssertNil(try number("1e-6000").distance(to: number("1e6000")), "a span too wide to line up")
    }

    func testAnAbsoluteBoundHoldsAtItsEdgeAndNotPastIt() throws {
        let bound = try bound("0.005")
        XCTAssertTrue(bound.allows(try number("1.00"), try number("1.005")), "exactly at the bound")
        XCTAssertFalse(bound.allows(try number("1.00"), try number("1.0051")))
        XCTAssertTrue(bound.allows(try number("0.1"), try number("0.09999999999999999")), "0.1 + 0.2 style drift")
        XCTAssertTrue(bound.allows(try number("-0.002"), try number("0.003")))
        XCTAssertFalse(bound.allows(try number("-0.003"), try number("0.003")))
    }

    func testARelativeBoundIsAShareOfTheLargerMagnitude() throws {
        let bound = try bound("1%")
        XCTAssertTrue(bound.allows(try number("100"), try number("101")), "1 is 0.99% of 101")
        XCTAssertTrue(bound.allows(try number("99"), try number("100")), "exactly 1% of 100")
        XCTAssertFalse(bound.allows(try number("98.9"), try number("100")))
        XCTAssertTrue(bound.allows(try number("0"), try number("0")))
        XCTAssertFalse(bound.allows(try number("0"), try number("1e-30")), "nothing is within a share of a tiny number from zero")
        XCTAssertTrue(try self.bound("0.1%").allows(try number("1e20"), try number("1.0009e20")))
    }

    func testFieldBoundsOverrideTheBoundOfEveryField() throws {
        var tolerance = NumericTolerance()
        try tolerance.add("0.01")
        try tolerance.add("score=1%")
        try tolerance.add("a.b=2")
        XCTAssertEqual(tolerance.bound(for: "amount"), .absolute(try number("0.01")))
        XCTAssertEqual(tolerance.bound(for: "score"), .relative(percent: try number("1")))
        XCTAssertEqual(tolerance.bound(for: "a.b"), .absolute(try number("2")))
    }

    func testValuesThatAreNotBoundsAreRefused() {
        for text in ["", "x", "1%%", "-1", "=1", "amount=", "amount=-0.5", "1,5", "inf", "0x10"] {
            var tolerance = NumericTolerance()
            XCTAssertThrowsError(try tolerance.add(text), text)
        }
    }

    func testOnlyNumbersMatchWithinABound() throws {
        let bound = try bound("1")
        func cell(_ text: String, _ kind: CellKind) -> (String, CellKind) { (text, kind) }
        let within = { (a: String, b: String) -> Bool in
            var (a, b) = (a, b)
            return a.withUTF8 { left in
                b.withUTF8 { right in
                    ValueEquality.withinBound(bound, (.text, UnsafeRawBufferPointer(left)), (.text, UnsafeRawBufferPointer(right)))
                }
            }
        }
        XCTAssertTrue(within("5", "5.5"))
        XCTAssertFalse(within("n/a", "n/b"))
        XCTAssertFalse(within("5", ""))
    }
}
