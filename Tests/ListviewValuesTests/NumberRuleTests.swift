import ListviewTestSupport
import ListviewValues
import XCTest

/// `NumberRule`: numbers are equal and ordered by their exact decimal values, whatever their
/// spelling, size or precision, and the double read first never decides a tie it cannot.
final class NumberRuleTests: XCTestCase {
    private func compare(_ a: String, _ b: String) -> Int? { NumberRule.compare(a, b) }

    /// The order through `Reading`s, as `--where` and the sort take it.
    private func compareByReadings(_ a: String, _ b: String) -> Int? {
        var (a, b) = (a, b)
        return a.withUTF8 { left in
            b.withUTF8 { right in
                let (l, r) = (UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right))
                guard let x = NumberRule.reading(l), let y = NumberRule.reading(r) else { return nil }
                return NumberRule.compare(x, l, y, r)
            }
        }
    }

    func testSpellingsOfOneValueAreEqual() {
        for group in [["100", "1e2", "1E2", "100.0", "+100", "0100", "1.00e+2", "10000e-2"], ["0", "-0", "0.0", "+0", ".0", "0e5", "-0.000e-3"],
                      ["-2.5", "-2.50", "-25e-1", "-.25e1"]] {
            for a in group {
                for b in group {
                    XCTAssertEqual(compare(a, b), 0, "\(a) vs \(b)")
                    XCTAssertEqual(compareByReadings(a, b), 0, "\(a) vs \(b)")
                }
            }
        }
    }

    func testOrderIsExactWhereDoublesTie() {
        let ordered = ["-1e401", "-1e400", "-1234567890123456790", "-1234567890123456789", "-1e-400", "0", "1e-400",
                       "0.09999999999999999999", "0.1", "0.10000000000000000001", "9007199254740992", "9007199254740993",
                       "1234567890123456789", "1234567890123456790", "1234567890123456800", "1e400", "1e401"]
        for (i, a) in ordered.enumerated() {
            for (j, b) in ordered.enumerated() {
                let expected = i < j ? -1 : (i > j ? 1 : 0)
                XCTAssertEqual(compare(a, b), expected, "\(a) vs \(b)")
                XCTAssertEqual(compareByReadings(a, b), expected, "\(a) vs \(b) by readings")
            }
        }
    }

    func testTextThatIsNotANumberHasNoOrder() {
        for text in ["", "1,000", "inf", "NaN", "1.", "0x1F", "1e", " 1", "1e1234567890123456789"] {
            XCTAssertNil(compare(text, "1"), text)
        }
    }

    func testReadingsHashEqualNumbersAlike() {
        func bits(_ text: String) -> UInt64? {
            var text = text
            return text.withUTF8 { NumberRule.reading(UnsafeRawBufferPointer($0))?.hashBits }
        }
        XCTAssertEqual(bits("0"), bits("-0"))
        XCTAssertEqual(bits("100"), bits("1e2"))
        XCTAssertEqual(bits("1.50"), bits("15e-1"))
    }

    /// Random decimals spelt in random ways: the rule orders them as their (sign, digits,
    /// exponent) do, and every spelling of one equals the others.
    func testRandomDecimalsOrderAsTheirValues() {
        let seed = UInt64(0x6e75_6d62_6572)
        var random = SeededRandom(state: seed)
        for round in 0..<5_000 {
            let a = RandomDecimal(&random), b = random.next(4) == 0 ? a : RandomDecimal(&random)
            let (x, y) = (a.spelling(&random), b.spelling(&random))
            let expected = a.compare(to: b)
            XCTAssertEqual(compare(x, y), expected, "seed \(seed) round \(round): \(x) vs \(y)")
            XCTAssertEqual(compareByReadings(x, y), expected, "seed \(seed) round \(round): \(x) vs \(y) by readings")
        }
    }
}

/// A decimal drawn at random, `±digits × 10^exponent`, and ways to spell it.
struct RandomDecimal {
    var negative: Bool
    var digits: [Int]
    var exponent: Int

    init(_ random: inout SeededRandom) {
        negative = random.next(2) == 0
        let count = [1, 2, 3, 15, 16, 17, 19, 25][random.next(8)]
        digits = (0..<count).map { _ in random.next(10) }
        if random.next(3) == 0 { digits = Array(digits.prefix(random.next(3) + 1)) + Array(repeating: 0, count: 18) + [random.next(9) + 1] }
        exponent = random.next(2) == 0 ? random.next(9) - 4 : random.next(60) - 30
    }

    /// The value's (sign, significant digits, place of the first) with no leading or trailing zeros.
    private var normal: (sign: Int, digits: [Int], top: Int) {
        var digits = Array(digits.drop { $0 == 0 })
        var exponent = self.exponent
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        return (digits.isEmpty ? 0 : (negative ? -1 : 1), digits, exponent + digits.count)
    }

    func compare(to other: RandomDecimal) -> Int {
        let (a, b) = (normal, other.normal)
        if a.sign != b.sign { return a.sign < b.sign ? -1 : 1 }
        if a.sign == 0 { return 0 }
        var order = 0
        if a.top != b.top {
            order = a.top < b.top ? -1 : 1
        } else if a.digits != b.digits {
            order = a.digits.lexicographicallyPrecedes(b.digits) ? -1 : 1
        }
        return a.sign < 0 ? -order : order
    }

    /// One spelling: plain with the point anywhere it can go, or with an exponent, leading zeros or a `+`.
    func spelling(_ random: inout SeededRandom) -> String {
        let sign = negative ? "-" : (random.next(5) == 0 ? "+" : "")
        let text = digits.map(String.init).joined()
        let shift = random.next(4) == 0 ? random.next(5) : 0  // digits moved after the point, made up by the exponent
        let places = -exponent + shift
        if random.next(2) == 0 || places < 0 || places > digits.count + 3 {
            // `D.DDDe±N` spelling, N chosen so the point lands after the first digit or elsewhere.
            let point = random.next(digits.count) + 1
            let mantissa = point == digits.count ? text : String(text.prefix(point)) + "." + String(text.dropFirst(point))
            let e = exponent + digits.count - point
            return sign + mantissa + (random.next(2) == 0 ? "e" : "E") + String(e)
        }
        let padded = String(repeating: "0", count: max(0, places - digits.count + 1)) + text
        let integer = padded.dropLast(places), fraction = padded.suffix(places)
        let zeros = String(repeating: "0", count: random.next(3) == 0 ? random.next(3) : 0)
        if shift > 0 { return sign + zeros + integer + (fraction.isEmpty ? "" : "." + fraction) + "e" + String(shift) }
        return sign + zeros + integer + (fraction.isEmpty ? "" : "." + fraction)
    }
}
