/// Bars drawn with block characters: the one rule for `--chart`, `--histogram` and the
/// summary's shares of top values.
public enum BarText {
    /// A bar `cells` long, to an eighth of a cell: `████▌`; at least `▏` for a length above nothing.
    public static func cells(_ cells: Double) -> String {
        guard cells > 0 else { return "" }
        let eighths = Int((cells * 8).rounded())
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: eighths / 8) + (eighths == 0 ? "▏" : partial[eighths % 8])
    }
}
