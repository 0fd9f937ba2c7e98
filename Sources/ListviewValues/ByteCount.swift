/// A number of bytes as people read it: `512 B`, `4.1 KB`, `96 MB`, `8.0 GB` (powers of 1024).
public enum ByteCount {
    public static func text(_ bytes: Int) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(max(bytes, 0))
        var unit = 0
        while value >= 1_024, unit < units.count - 1 {
            value /= 1_024
            unit += 1
        }
        if unit == 0 { return "\(Int(value)) B" }
        // One decimal below 10 (4.1 GB), none above (96 MB), rounded half up.
        let tenths = Int((value * 10).rounded())
        return tenths < 100 ? "\(tenths / 10).\(tenths % 10) \(units[unit])" : "\(Int(value.rounded())) \(units[unit])"
    }
}
