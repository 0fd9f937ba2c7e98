/// The styles for people: their records laid out by a measured `TablePresenter` (or a
/// `MarkdownPresenter`), built where the rows shown are known.
extension StyleDescriptor {
    /// `--style table`: aligned columns.
    public static let table = StyleDescriptor(layout: .columns)
    /// `--style list`: cards, a blank line apart.
    public static let list = StyleDescriptor(layout: .cards, rowGap: 1)
    /// `--style line`: a line per record.
    public static let line = StyleDescriptor(layout: .lines)
    /// `--style markdown`: a GitHub Markdown table per section.
    public static let markdown = StyleDescriptor(layout: .markdownTable)
    /// `--style github` (`listview diff` only): workflow commands annotating differences.
    public static let github = StyleDescriptor(layout: .annotations)
    /// `--style junit` (`listview diff` only): a JUnit XML test report of the differences.
    public static let junit = StyleDescriptor(layout: .annotations)
}
