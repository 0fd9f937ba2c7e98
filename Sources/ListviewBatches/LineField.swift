/// One field of a delimited line (CSV, TSV) as a writer gets it: its text, nil for a null or
/// missing value, and whether it is written `""` when empty (`CellKind.quotesWhenEmpty`). A row's
/// fields are laid out in a buffer of these and written with one call (`DelimitedPresenter`), not
/// handed over one closure call at a time.
public struct LineField {
    public var text: UnsafeRawBufferPointer?
    public var quotesWhenEmpty: Bool

    @inline(__always)
    public init(text: UnsafeRawBufferPointer?, quotesWhenEmpty: Bool = true) {
        self.text = text
        self.quotesWhenEmpty = quotesWhenEmpty
    }

    /// The field of a cell of `kind` holding `text`: nothing for a null or absent cell.
    @inline(__always)
    public init(kind: CellKind, text: UnsafeRawBufferPointer) {
        self.text = kind == .null || kind == .absent ? nil : text
        quotesWhenEmpty = kind.quotesWhenEmpty
    }

    /// An empty field: a null or missing value.
    public static let none = LineField(text: nil)
}
