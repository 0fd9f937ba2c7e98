/// The styles for programs: each record written from its own cells by a presenter of
/// `Writers/`.
extension StyleDescriptor {
    /// `--style json`: an array of records, or of sections; footers after each section's records.
    public static let json = StyleDescriptor(records: .init(streaming: .always, isFlatTable: false, footersFollowRecords: true) {
        fields, grouped, grandTotal in
        // JSON keeps sections as objects, so records keep their own fields.
        var presenter = JSONPresenter(fields: fields.withoutLeading, grouped: grouped)
        presenter.grandTotal = grandTotal
        return presenter
    })

    /// `--style jsonl`: one object per line.
    public static let jsonLines = StyleDescriptor(records: .init(streaming: .always, isFlatTable: false, footersFollowRecords: false) {
        fields, _, _ in JSONLinesPresenter(fields: fields)
    })

    /// `--style csv`: RFC 4180 with a header row.
    public static let csv = StyleDescriptor(records: .init(streaming: .whenColumnsAreFixed, isFlatTable: true, footersFollowRecords: false) {
        fields, _, _ in DelimitedPresenter(fields: fields, dialect: .csv)
    })

    /// `--style tsv`: tab-separated values with escapes.
    public static let tsv = StyleDescriptor(records: .init(streaming: .whenColumnsAreFixed, isFlatTable: true, footersFollowRecords: false) {
        fields, _, _ in DelimitedPresenter(fields: fields, dialect: .tsv)
    })
}
