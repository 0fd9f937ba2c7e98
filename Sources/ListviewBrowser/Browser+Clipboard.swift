import ListviewBatches
import ListviewKit
import ListviewPresentation
import ListviewRequest

extension Browser {
    /// The text `copy` puts on the clipboard, without a final line break. A cell is its text;
    /// a row is written as `q` writes it in `style`, alone: for CSV and TSV the record's line
    /// without the header, for JSON and JSON Lines the record as one compact object (the line
    /// JSON Lines writes), for the human styles what the style writes for that one record.
    static func clipboardText(_ copy: BrowserCopy, of rows: BrowserRows, request: ListRequest, style: OutputStyle) throws -> String {
        let address: RowAddress
        switch copy {
        case .cell(let text, _), .text(let text, _): return text
        case .row(let row, _): address = row
        }
        let sink = OutputSink.memory()
        var plain = request
        plain.look.color = false  // text for the clipboard, not for a terminal
        switch style {
        case .csv, .tsv:
            let (table, schema) = try records([address], of: rows, request: plain)
            // The rows of the style's own presenter, without the header its `begin` writes.
            var presenter = DelimitedPresenter(fields: plain.outputFields(schema: schema), dialect: style == .csv ? .csv : .tsv)
            presenter.use(table)
            try presenter.rows([RowRef(0)][...], into: sink)
        case .json, .jsonl, .github, .junit:  // a list is never written as annotations: its rows as JSON Lines
            try write([address], of: rows, request: plain, style: .jsonl, into: sink)
        case .table, .list, .line, .markdown:
            try write([address], of: rows, request: plain, style: style, into: sink)
        }
        var text = sink.collected
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
