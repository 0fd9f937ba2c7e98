/// `1 record`, `24 records`.
public enum RecordCount {
    public static func text(_ count: Int) -> String {
        text(count, noun: "record")
    }

    /// `1 member`, `3 members`: a count and a noun that takes an `s` in the plural.
    public static func text(_ count: Int, noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
