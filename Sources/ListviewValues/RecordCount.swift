/// `1 record`, `24 records`.
public enum RecordCount {
    public static func text(_ count: Int) -> String {
        count == 1 ? "1 record" : "\(count) records"
    }
}
