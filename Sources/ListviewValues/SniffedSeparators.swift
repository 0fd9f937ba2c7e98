/// The separators other than a comma that a CSV file's header may split on, which listview's
/// sniff (`DelimiterSniff`), as DuckDB's and csvkit's, reads a `.csv` with when its header splits
/// on one of them and on no comma; in the order that breaks a tie. A CSV writer quotes a
/// one-column header holding one (`DelimitedPresenter`), so its output is read back with commas.
public enum SniffedSeparators {
    public static let all: [UInt8] = [UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")]
}
