/// `1 record`, `24 records`.
public enum RecordCount {
    public static func text(_ count: Int) -> String {
        text(count, noun: "record")
    }

    /// `1,204`: a count with a comma between each group of three digits.
    public static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (count < 0 ? "-" : "") + text
    }

    /// `1 member`, `3 members`: a count and a noun that takes an `s` in the plural.
    public static func text(_ count: Int, noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
