/// ISO-8601 dates and timestamps as `--summary` reads them: `2024-03-12`, `2024-03-12T09:30`,
/// `2024-03-12T09:30:15.250Z`, `2024-03-12 09:30:15+02:00`. A value is a point in time, in
/// seconds since 1970-01-01T00:00:00Z (a date is its midnight, UTC; a time without an offset
/// is read as UTC).
public enum ISODate {
    /// The most digits of a second written back (microseconds): a double holds today's seconds
    /// since 1970 to about a quarter of one.
    public static let fractionLimit = 6

    /// The seconds since 1970 of `text`, whether it is a date alone, and the digits of a second it
    /// is written back with: those written after the point (`15.250`: 3), `fractionLimit` at
    /// most; nil when it is not one of the forms above (or not a real day: `2024-02-30`).
    public static func seconds(_ text: String) -> (seconds: Double, dateOnly: Bool, fraction: Int)? {
        // The shortest form is a date; a quick look at its dashes leaves other texts at once.
        guard text.utf8.count >= 10 else { return nil }
        var text = text
        return text.withUTF8 { seconds($0[...]) }
    }

    private static func seconds(_ whole: Slice<UnsafeBufferPointer<UInt8>>) -> (seconds: Double, dateOnly: Bool, fraction: Int)? {
        var bytes = whole
        func digits(_ count: Int) -> Int? {
            guard bytes.count >= count else { return nil }
            var value = 0
            for byte in bytes.prefix(count) {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            bytes = bytes.dropFirst(count)
            return value
        }
        func take(_ character: Character) -> Bool {
            guard bytes.first == character.asciiValue else { return false }
            bytes = bytes.dropFirst()
            return true
        }
        guard let year = digits(4), take("-"), let month = digits(2), take("-"), let day = digits(2),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        guard !bytes.isEmpty else { return (seconds, true, 0) }
        guard take("T") || take(" "), let hour = digits(2), hour < 24, take(":"), let minute = digits(2), minute < 60 else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        var written = 0
        if take(":") {
            guard let second = digits(2), second < 61 else { return nil }
            seconds += Double(second)
            if take(".") {
                var fraction = 0.0, scale = 0.1
                guard bytes.first.map({ $0 >= 48 && $0 <= 57 }) == true else { return nil }
                while let byte = bytes.first, byte >= 48, byte <= 57 {
                    fraction += Double(byte - 48) * scale
                    scale /= 10
                    written += 1
                    bytes = bytes.dropFirst()
                }
                seconds += fraction
            }
        }
        if take("Z") || bytes.isEmpty { return bytes.isEmpty ? (seconds, false, Swift.min(written, fractionLimit)) : nil }
        let sign: Double
        if take("+") { sign = 1 } else if take("-") { sign = -1 } else { return nil }
        guard let offsetHours = digits(2), offsetHours < 24 else { return nil }
        _ = take(":")
        guard let offsetMinutes = digits(2), offsetMinutes < 60, bytes.isEmpty else { return nil }
        return (seconds - sign * Double(offsetHours * 3600 + offsetMinutes * 60), false, Swift.min(written, fractionLimit))
    }

    /// `seconds` since 1970 as `2024-03-12` (`dateOnly`), `2024-03-12T09:30:15Z`, or with
    /// `fraction` digits of the second (at most `fractionLimit`), `2024-03-12T09:30:15.250Z`: the
    /// day, or the second or part of one, the instant lies in (rounded down, after rounding to
    /// whole microseconds, so a value written with three digits is written back as it was).
    public static func text(_ seconds: Double, dateOnly: Bool, fraction: Int = 0) -> String {
        let fraction = dateOnly ? 0 : Swift.max(0, Swift.min(fractionLimit, fraction))
        // Four-digit years are ±2.6e11 seconds: their microseconds fit an Int64.
        let micros = Int64((Swift.max(-3e11, Swift.min(3e11, seconds.isNaN ? 0 : seconds)) * 1_000_000).rounded())
        var unit: Int64 = 1
        for _ in fraction..<fractionLimit { unit *= 10 }
        func floorDivision(_ value: Int64, _ divisor: Int64) -> Int64 { value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor) }
        let whole = Int(floorDivision(micros, 1_000_000))
        let parts = (micros - Int64(whole) * 1_000_000) / unit
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let (year, month, day) = civil(fromDays: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = "\(String(repeating: "0", count: max(0, 4 - String(year).count)))\(year)-\(two(month))-\(two(day))"
        guard !dateOnly else { return date }
        let rest = whole - days * 86_400
        let digits = String(parts)  // below 10^fraction
        let partText = fraction == 0 ? "" : "." + String(repeating: "0", count: Swift.max(0, fraction - digits.count)) + digits
        return "\(date)T\(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60))\(partText)Z"
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a day of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `days` after 1970-01-01 (`civil_from_days`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp + (mp < 10 ? 3 : -9)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
