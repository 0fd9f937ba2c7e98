import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// The presenter of each machine-readable style, chosen in one place.
enum MachinePresenters {
    /// The presenter for `style`, or nil for the human styles (which need a measured layout).
    static func make(_ style: OutputStyle, fields: OutputFields, grouped: Bool) -> (any ListPresenter<Record>)? {
        switch style {
        case .table, .list, .line, .markdown:
            return nil
        case .json:
            // JSON keeps sections as objects, so records keep their own fields.
            return JSONPresenter(fields: OutputFields(columns: fields.columns, schema: fields.schema), grouped: grouped)
        case .jsonl:
            return JSONLinesPresenter(fields: fields)
        case .csv:
            return DelimitedPresenter(fields: fields, dialect: .csv)
        case .tsv:
            return DelimitedPresenter(fields: fields, dialect: .tsv)
        }
    }
}
