import ListviewBatches
import ListviewDataSource
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewValues

/// `--histogram FIELD[:BINS][:log]`: the field's numbers (or ISO dates) counted in equal bins
/// from the least to the greatest value, the same bins in every section, written after
/// `SummaryTable` has added the field up (exactly, or past the budget from a sketch, marked
/// `≈`).
///
/// For people, a line per bin with its interval, count and a bar (`CountChart`), then how many
/// values there were and how many were no number (or date):
///
///     amount: 10 bins · 24 numbers
///     [7.8, 58.28)      14  ████████████████████████████████████████
///     …
///     [462.12, 512.6]    1  ██▉
///
/// Markdown writes the bins as a table (after a Mermaid bar chart with `--chart`); machine styles
/// a record per bin: the group fields, `from`, `to`, `count` (dates as dates).
enum HistogramTable {
    static func write(_ summary: ColumnSummary, spec: HistogramSpec, sections: [(info: SectionInfo, group: Int)], request: ListRequest,
                      groupKeys: (Int) -> [Value], into sink: OutputSink) throws {
        let histogram = summary.histogram(column: 0, bins: spec.bins)
        // Records, but not one number or date among them: the field was not one to count.
        if histogram == nil, sections.contains(where: { $0.info.count > 0 }) {
            // Numbers, but one past a double's range (`1e400`): bins cannot place it among the others.
            let (what, why) = summary.holdsNumbers(column: 0) ? ("a number past a double's range (such as 1e400)", ", which no bin can place")
                : ("no numbers or ISO dates", "")
            throw ListviewError.usage("--histogram \(spec.field.text): the field holds \(what) in \(request.read.inputsName)\(why); --summary tells what it holds")
        }
        let style = request.look.style
        if style.isMachineReadable {
            try writeRecords(histogram, sections: sections, request: request, groupKeys: groupKeys, into: sink)
            return
        }
        let markdown = style == .markdown
        for (index, (info, group)) in sections.enumerated() {
            if index > 0 { try sink.writeLine("") }
            if let header = info.header { try sink.writeLine(markdown ? "### \(header) · \(RecordCount.text(info.count))" : "\(header) · \(RecordCount.text(info.count))") }
            guard let histogram, group < histogram.counts.count else {
                try sink.writeLine("\(spec.field.text): no records")
                continue
            }
            let counts = histogram.counts[group]
            let counted = counts.reduce(0, +)
            let noun = histogram.scale == .numbers ? "number" : "date"
            let mark = histogram.approximate ? "≈" : ""
            let entries = counts.indices.map { bin in
                CountChart.Entry(label: interval(bin, of: histogram.edges, scale: histogram.scale), count: counts[bin])
            }
            let others = max(0, info.count - counted)
            let title = "\(spec.field.text): \(RecordCount.text(counts.count, noun: "bin")) · \(mark)\(RecordCount.text(counted, noun: noun))"
                + (others > 0 && !histogram.approximate ? " · \(others) not \(histogram.scale == .numbers ? "numbers" : "dates")" : "")
                + (spec.logScale ? " · log scale" : "")
            if markdown {
                try sink.writeLine(title)
                try sink.writeLine("")
                if request.look.chart { try sink.writeLine(CountChart.mermaid(entries, title: title, axis: "\(noun)s") + "\n") }
                var text = "| \(MarkdownPresenter.escape(spec.field.text)) | count |\n| --- | ---: |\n"
                for entry in entries { text += "| \(MarkdownPresenter.escape(entry.label)) | \(entry.count) |\n" }
                try sink.write(text)
            } else {
                try sink.writeLine(title)
                for line in CountChart.lines(entries, width: request.look.width, logScale: spec.logScale) { try sink.writeLine(line) }
            }
        }
        try sink.flush()
    }

    /// `[7.8, 58.28)`: a bin holds its lower edge, the last one its upper edge too.
    static func interval(_ bin: Int, of edges: [SpreadPoint], scale: ColumnSpread.Scale) -> String {
        "[\(scale.text(edges[bin])), \(scale.text(edges[bin + 1]))\(bin == edges.count - 2 ? "]" : ")")"
    }

    /// A record per bin and section: the group fields, `from`, `to`, `count`.
    private static func writeRecords(_ histogram: (edges: [SpreadPoint], scale: ColumnSpread.Scale, counts: [[Int]], approximate: Bool)?,
                                     sections: [(info: SectionInfo, group: Int)], request: ListRequest, groupKeys: (Int) -> [Value],
                                     into sink: OutputSink) throws {
        let schema = RecordSchema()
        let groupNames = request.arrangement.groupBy.map(\.text)
        let shape = schema.shape(for: ColumnNames.unique(groupNames + ["from", "to", "count", "approximate"]))
        var table = CellTable(columns: [], inferTypes: false)
        var listed: [Section<RowRef>] = []
        for (info, group) in sections {
            let start = table.rowCount
            if let histogram, group < histogram.counts.count {
                for (bin, count) in histogram.counts[group].enumerated() {
                    let point = { (value: SpreadPoint) in histogram.scale.value(histogram.scale.text(value)) }
                    let values = groupKeys(group) + [point(histogram.edges[bin]), point(histogram.edges[bin + 1]), .number(String(count)),
                                                     .bool(histogram.approximate)]
                    table.append(Record(shape: shape, values: values), schema: schema)
                }
            }
            var section = Section(info: info, items: (start..<table.rowCount).map(RowRef.init))
            section.info.count = table.rowCount - start
            listed.append(section)
        }
        var shown = ListRequest()
        shown.look.style = request.look.style
        shown.arrangement.groupBy = request.arrangement.groupBy
        try WholeList(table: table, sections: listed).render(shown, page: nil, schema: schema, into: sink)
    }
}
