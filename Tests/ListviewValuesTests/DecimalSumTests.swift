import ListviewTestSupport
import ListviewValues
import XCTest

/// `DecimalSum`: sums are exact and shown with the most decimals written, means rounded once.
final class DecimalSumTests: XCTestCase {
    private func sum(_ texts: [String]) -> DecimalSum {
        var sum = DecimalSum()
        for text in texts { XCTAssertTrue(sum.add(text), text) }
        return sum
    }

    func testTheIssuesCases() {
        XCTAssertEqual(sum(["1.5e-3", "2"]).text, "2.0015")
        XCTAssertEqual(sum(["1e-7", "1e-7"]).text, "0.0000002")
        XCTAssertEqual(sum(["9007199254740993", "1"]).text, "9007199254740994")
        XCTAssertEqual(sum(["1e400", "-1e400"]).text, "0")
        XCTAssertEqual(sum(["1e400", "-1e400"]).meanText, "0.00")
        XCTAssertEqual(sum(["1.5e-3", "2"]).meanText, "1.0008")
    }

    func testDecimalsShownAreTheMostWritten() {
        XCTAssertEqual(sum(["1.50", "2.50"]).text, "4.00")
        XCTAssertEqual(sum(["1.50", "2.50"]).meanText, "2.00")
        XCTAssertEqual(sum(["1", "2", "2"]).meanText, "1.67")
        XCTAssertEqual(sum(["2.50e1"]).text, "25.0")
        XCTAssertEqual(sum(["-1.25", "-1.5"]).text, "-2.75")
    }

    func testMeansRoundHalfToEven() {
        XCTAssertEqual(sum(["0.125"]).meanText, "0.125")
        XCTAssertEqual(sum(["1", "0"]).meanText, "0.50")
        XCTAssertEqual(sum(["0.01", "0.00"]).meanText, "0.00")  // 0.005: half, to the even 0.00
        XCTAssertEqual(sum(["0.03", "0.00"]).meanText, "0.02")  // 0.015: half, to the even 0.02
        XCTAssertEqual(sum(["-0.03", "0.00"]).meanText, "-0.02")
        XCTAssertEqual(sum(["0.02", "0.01", "0.00"]).meanText, "0.01")
    }

    func testHugeAndTinyAreWrittenInScientificNotation() {
        XCTAssertEqual(sum(["1e400"]).text, "1e400")
        XCTAssertEqual(sum(["1e400", "1e400"]).meanText, "1e400")
        XCTAssertEqual(sum(["1e-50", "1e-50"]).text, "2e-50")
        XCTAssertEqual(sum(["1e400", "1"]).text.count, 401)
    }

    /// Numbers of any exponent keep at most `maxSpan` digits in a sum and in a mean: an exponent of
    /// 18 digits asks for no exabyte.
    func testASumOrMeanOfAFarExponentKeepsItsFirstDigits() throws {
        let huge = sum(["1e999999999999999999", "1", "2"])
        XCTAssertEqual(huge.text, "1e999999999999999999")
        let mean = try XCTUnwrap(huge.meanText)
        XCTAssertTrue(mean.hasPrefix("3.333") && mean.hasSuffix("e999999999999999998"), String(mean.prefix(20)))
        XCTAssertLessThan(mean.count, ExactDecimal.maxSpan + 40)
        XCTAssertEqual(sum(["-1e999999999999999999", "-1e999999999999999999"]).meanText, "-1e999999999999999999")
        // Past the span, the digits below it are left out: 1 + 1e-9999 is 1.
        let within = sum(["1e-9998", "1"]).text
        XCTAssertTrue(within.hasPrefix("1.000") && within.hasSuffix("0001e0") && within.count == 10_002, String(within.suffix(12)))
        XCTAssertEqual(sum(["1e-9999", "1"]).text, "1e0")
        XCTAssertEqual(sum(["1e-9999", "1"]).meanText, "5e-1")
    }

    func testTextThatIsNotANumberIsNotAdded() {
        var sum = DecimalSum()
        XCTAssertFalse(sum.add("x"))
        XCTAssertFalse(sum.add("1,000"))
        XCTAssertEqual(sum.count, 0)
        XCTAssertNil(sum.meanText)
    }

    /// Sums past Int64 of 18-digit numbers, mixed with decimals of other places, equal the sum
    /// of the same numbers' digits added by hand (as a schoolbook column sum of their texts).
    func testRandomSumsAreExact() {
        let seed = UInt64(0x7375_6d73)
        var random = SeededRandom(state: seed)
        for round in 0..<300 {
            var sum = DecimalSum()
            var reference = ExactDecimal(negative: false, digits: [], exponent: 0)
            var halves = (DecimalSum(), DecimalSum())
            let count = random.next(40) + 1
            for index in 0..<count {
                let digits = random.next(19) + 1
                var text = String((0..<digits).map { _ in Character(String(random.next(10))) })
                let places = random.next(min(digits, 6) + 1)
                if places > 0 && places < digits { text.insert(".", at: text.index(text.endIndex, offsetBy: -places)) }
                if random.next(3) == 0 { text = "-" + text }
                if random.next(5) == 0 { text += "e\(random.next(9) - 4)" }
                XCTAssertTrue(sum.add(text))
                if index % 2 == 0 { halves.0.add(text) } else { halves.1.add(text) }
                reference = reference.adding(ExactDecimal(text) ?? reference)
            }
            XCTAssertEqual(sum.total, reference, "seed \(seed) round \(round)")
            halves.0.add(halves.1)
            XCTAssertEqual(halves.0.total, reference, "seed \(seed) round \(round): halves")
        }
    }
}
