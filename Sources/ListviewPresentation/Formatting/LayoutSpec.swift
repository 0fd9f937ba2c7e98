import ListviewBatches
import ListviewDataSource
import ListviewValues

/// Spacing of the styles people read (`--gap`, `--row-gap`, `--indent`, `--section-gap`), with
/// overrides for some sections (`--section-layout 'status=pending:row-gap=1'`).
public struct LayoutSpec: Sendable, Equatable {
    /// Spaces between table columns.
    public var gap = 2
    /// Blank lines between rows, cards or lines (nil: the style's own, one between cards).
    public var rowGap: Int?
    /// Spaces before each row and column header.
    public var indent = 0
    /// Blank lines before each section header but the first.
    public var sectionGap = 1
    /// Settings for the sections whose key has a field of a value.
    public var sections: [SectionLayout] = []

    public init() {}

    /// The spacing of the section `keys` name: the first override whose field and value match
    /// one of them, laid over these settings.
    public func forSection(_ keys: [SectionKey]) -> LayoutSpec {
        guard !sections.isEmpty,
              let override = sections.first(where: { layout in keys.contains { $0.field == layout.field && CellText.unescapedText(for: $0.value) == layout.value } })
        else { return self }
        var layout = self
        if let rowGap = override.rowGap { layout.rowGap = rowGap }
        if let indent = override.indent { layout.indent = indent }
        if let sectionGap = override.sectionGap { layout.sectionGap = sectionGap }
        return layout
    }
}

/// `--section-layout FIELD=VALUE:SETTING=N,…`: spacing for the sections of one group value.
public struct SectionLayout: Sendable, Equatable {
    public var field: FieldPath
    public var value: String
    public var rowGap: Int?
    public var indent: Int?
    public var sectionGap: Int?

    /// Reads `status=pending:row-gap=1,indent=4`.
    public init(parsing text: String) throws {
        guard let colon = text.lastIndex(of: ":"), let equals = text[..<colon].firstIndex(of: "=") else {
            throw ListviewError.usage("--section-layout '\(text)': write FIELD=VALUE:SETTING=N, e.g. 'status=pending:row-gap=1'")
        }
        field = FieldPath(String(text[..<equals]))
        value = String(text[text.index(after: equals)..<colon])
        for item in text[text.index(after: colon)...].split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace }
            guard parts.count == 2, let number = Int(parts[1]), number >= 0 else {
                throw ListviewError.usage("--section-layout '\(text)': '\(item)' is not SETTING=N with N a whole number of 0 or more")
            }
            switch parts[0] {
            case "row-gap": rowGap = number
            case "indent": indent = number
            case "section-gap": sectionGap = number
            default:
                let gap = parts[0] == "gap" ? " (the column gap is the whole table's, so columns line up across sections)" : ""
                throw ListviewError.usage("--section-layout '\(text)': no setting '\(parts[0])'\(gap); settings: row-gap, indent, section-gap")
            }
        }
    }
}
