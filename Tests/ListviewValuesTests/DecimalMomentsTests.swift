import ListviewTestSupport
import ListviewValues
import XCTest

/// `DecimalMoments` and `ExactDecimal.squareRoot`: a standard deviation worked out in decimals,
/// whatever the numbers' size, and rounded once, half to even.
final class DecimalMomentsTests: XCTestCase {
    private func deviation(_ texts: [String], places: Int = 2) -> String? {
        var moments = DecimalMoments()
        for text in texts { XCTAssertTrue(moments.add(text), text) }
        return moments.standardDeviation(places: places)?.text(places: places)
    }

    func testNumbersNoDoubleHolds() {
        XCTAssertEqual(deviation(["9007199254740993", "9007199254740995", "9007199254740997"]), "2.00")
        XCTAssertEqual(deviation(["123456789012345678.5", "123456789012345679.5"], places: 3), "0.707")
        XCTAssertEqual(deviation(["1e-7", "3e-7"], places: 8), "0.00000014")
        // √2 · 10^400, every digit to the unit.
        let huge = deviation(["1e400", "3e400"], places: 0) ?? ""
        XCTAssertEqual(huge.count, 401)
        XCTAssertTrue(huge.hasPrefix("14142135623730950488016887242096980785696718753769"), huge)
    }

    /// Past what is worked out exactly: a number of more than `digitLimit` digits, or one whose
    /// exponent `ExactDecimal` cannot hold, leaves no standard deviation rather than a wrong
    /// one; a root of many decimals is rounded to `rootDigits` significant digits, at once.
    func testNumbersPastReachAndRootsOfManyDecimals() {
        let long = "0." + String(repeating: "7", count: DecimalMoments.digitLimit + 1)
        XCTAssertNil(deviation(["1", long]))
        XCTAssertNil(deviation(["1", "1e-1000000000000000000"]))
        var moments = DecimalMoments()
        moments.add("1e-10000")
        moments.add("1")
        let root = moments.standardDeviation(places: 10_000)
        // About 40 significant digits (the size of the root is estimated to a digit).
        XCTAssertTrue((DecimalMoments.rootDigits - 1...DecimalMoments.rootDigits + 1).contains(root?.digits.count ?? 0), "\(root?.digits.count ?? 0)")
        XCTAssertEqual(root?.text().hasPrefix("0.7071067811865475244008443621048490392"), true, root?.text() ?? "")
    }

    func testUnderTwoNumbersThereIsNone() {
        XCTAssertNil(deviation([]))
        XCTAssertNil(deviation(["5"]))
        XCTAssertEqual(deviation(["5", "5"]), "0.00")
        var moments = DecimalMoments()
        XCTAssertFalse(moments.add("five"))
        XCTAssertEqual(moments.count, 0)
    }

    /// Counted values (`times`) are the value added that many times; sums that pass 128 bits
    /// move to exact decimals without a digit lost.
    func testTimesAndSumsPastOneHundredTwentyEightBits() {
        var once = DecimalMoments(), counted = DecimalMoments()
        for _ in 0..<1_000 { once.add("999999999999999999.99") }
        counted.add("999999999999999999.99", times: 1_000)
        XCTAssertEqual(once.sum, counted.sum)
        XCTAssertEqual(once.sumOfSquares, counted.sumOfSquares)
        XCTAssertEqual(counted.sum.text(), "999999999999999999990")
        XCTAssertEqual(counted.sumOfSquares.text(), "999999999999999999980000000000000000000.1")
        XCTAssertEqual(counted.standardDeviation(places: 2)?.text(places: 2), "0.00")
        // Places growing after a sum was scaled, and a number written with an exponent.
        var mixed = DecimalMoments()
        for text in ["1", "2.5", "-3.125", "4e2", "0.0001"] { mixed.add(text) }
        XCTAssertEqual(mixed.sum.text(), "400.3751")
        XCTAssertEqual(mixed.sumOfSquares.text(), "160017.01562501")
    }

    func testRootsRoundHalfToEven() throws {
        func root(_ text: String, over divisor: Int64 = 1, places: Int) throws -> String? {
            try XCTUnwrap(ExactDecimal(text)).squareRoot(dividedBy: ExactDecimal(divisor), places: places)?.text(places: places)
        }
        XCTAssertEqual(try root("2.25", places: 0), "2")  // 1.5: to even
        XCTAssertEqual(try root("6.25", places: 0), "2")  // 2.5: to even
        XCTAssertEqual(try root("3.0625", places: 1), "1.8")  // 1.75
        XCTAssertEqual(try root("2", places: 10), "1.4142135624")
        XCTAssertEqual(try root("1e40", places: 0), "100000000000000000000")
        XCTAssertEqual(try root("10", over: 4, places: 3), "1.581")
        XCTAssertEqual(try root("0", places: 2), "0.00")
        XCTAssertNil(try XCTUnwrap(ExactDecimal("-1")).squareRoot(dividedBy: ExactDecimal(1), places: 2))
        XCTAssertNil(try XCTUnwrap(ExactDecimal("1")).squareRoot(dividedBy: ExactDecimal(0), places: 2))
    }

    /// Seeded: for random quotients a ÷ b, the root `r` to `p` places is within half a unit of
    /// the last place: (r − ½·10^−p)² · b ≤ a ≤ (r + ½·10^−p)² · b.
    func testRootsAreWithinHalfAUnitOfTheirLastPlace() throws {
        var seeded = SeededRandom(state: 42)
        for _ in 0..<400 {
            let digits = Int(seeded.next() % 30) + 1
            let text = String((0..<digits).map { _ in Character(String(seeded.next() % 10)) })
            let exponent = Int(seeded.next() % 21) - 10
            let a = try XCTUnwrap(ExactDecimal("\(text)e\(exponent)"))
            let b = ExactDecimal(Int64(seeded.next() % 1_000_000) + 1)
            let places = Int(seeded.next() % 8)
            let r = try XCTUnwrap(a.squareRoot(dividedBy: b, places: places), "\(a.text()) / \(b.text())")
            let half = ExactDecimal(negative: false, digits: [5], exponent: -places - 1)
            let (low, high) = (r.subtracting(half), r.adding(half))
            let label = "√(\(a.text()) / \(b.text())) to \(places) places: \(r.text())"
            if !low.negative { XCTAssertLessThanOrEqual(low.multiplied(by: low).multiplied(by: b).compare(to: a), 0, label) }
            XCTAssertGreaterThanOrEqual(high.multiplied(by: high).multiplied(by: b).compare(to: a), 0, label)
        }
    }
}
