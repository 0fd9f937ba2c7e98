import ArgumentParser
import ListviewBatches
import ListviewInput
import ListviewKit
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewValues

/// What to show and how: columns, sections, order, pages and style.
struct ViewOptions: ParsableArguments {
    @OptionGroup var selection: SelectionOptions

    @Option(help: ArgumentHelp("Leave out these fields (comma-separated names or globs, e.g. 'note,raw_*'); repeatable.",
                               valueName: "fields"))
    var exclude: [String] = []

    @Option(name: .customLong("sort-groups"),
            help: ArgumentHelp("Section order: first (appearance), key or count, with :asc or :desc. Default: first; count sorts largest first.",
                               valueName: "order"))
    var sortGroups: String?

    @Option(help: ArgumentHelp("Sort rows by this field, numbers as numbers, nulls last; repeatable, stable.",
                               valueName: "field[:desc]"))
    var sort: [String] = []

    @Option(name: .customLong("page-size"), parsing: .unconditional, help: ArgumentHelp("Rows per page; shows one page with a footer.", valueName: "n"))
    var pageSize: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("The page to show, from 1 (needs --page-size).", valueName: "k"))
    var page: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Show at most this many rows.", valueName: "n"))
    var limit: Int?

    @OptionGroup var look: LookOptions<ListStyles>

    @Option(help: ArgumentHelp("A line per record: 'text {field} {other:<12} {n:>6}' ({{ and }} for braces). With --kind-field, KIND=TEMPLATE gives records of that kind their own line; repeatable.",
                               valueName: "template"))
    var template: [String] = []

    @Option(name: .customLong("kind-field"), help: ArgumentHelp("The field whose value picks each record's --kind KIND=… (or --template KIND=…).", valueName: "field"))
    var kindField: String?

    @Option(help: ArgumentHelp("With --kind-field, how records of one kind are drawn: KIND=TEMPLATE, KIND=card:title=F,subtitle=G,detail=H|I, or KIND=table:fields=A|B|C (a block with its own header); repeatable.",
                               valueName: "kind=format"))
    var kind: [String] = []

    @Option(help: ArgumentHelp("list style: the field shown as each card's title (default: the first field).", valueName: "field"))
    var title: String?

    @Option(help: ArgumentHelp("list style: the field shown under the title.", valueName: "field"))
    var subtitle: String?

    @Option(help: ArgumentHelp("list style: the fields shown as 'key: value' details (default: all others).", valueName: "fields"))
    var detail: String?

    @Option(help: ArgumentHelp("A summary under each section and for the whole list: count, sum:F, min:F, max:F, mean:F, comma-separated.",
                               valueName: "aggregates"))
    var footer: String?

    @Flag(help: "Print only each section's header and record count (with --group-by), or the total.")
    var counts = false

    @Option(help: ArgumentHelp("Count FIELD's numbers (or ISO dates) in BINS equal bins (default 10) and draw each bin's count as a bar, per section with --group-by; ':log' draws the bars on a log scale. Machine styles write a record per bin (from, to, count).",
                               valueName: "field[:bins][:log]"))
    var histogram: String?

    @Flag(help: "With --counts (or diff --stat): draw each count as a bar scaled to the terminal, nested groups indented; with --style markdown, a Mermaid bar chart that GitHub draws.")
    var chart = false

    @Flag(help: "Describe each column instead of listing records: types, count, nulls, distinct values, min, max, mean and the most common values (per section with --group-by).")
    var summary = false

    @Flag(name: .customLong("fail-if-empty"), help: "Exit with status 1 when no record matches.")
    var failIfEmpty = false

    @OptionGroup var spill: SpillOptions

    func validate() throws {
        if let pageSize, pageSize < 1 { throw ValidationError("--page-size must be at least 1, not \(pageSize)") }
        if let page {
            guard pageSize != nil else { throw ValidationError("--page needs --page-size, e.g. --page-size 20 --page \(page)") }
            if page < 1 { throw ValidationError("--page must be at least 1, not \(page)") }
        }
        if let limit, limit < 0 { throw ValidationError("--limit must not be negative, not \(limit)") }
        if summary && counts { throw ValidationError("--summary and --counts each replace the records: give one of them") }
        if chart && !counts && histogram == nil {
            throw ValidationError("--chart draws the counts of --counts as bars: add --counts (with --group-by)")
        }
        if let histogram, summary || counts {
            throw ValidationError("--histogram \(histogram) replaces the records with its bins: leave out \(summary ? "--summary" : "--counts")")
        }
        if let replaced = Self.replaced(summarising: summary || histogram != nil, counting: counts) {
            let replacing = summary ? "--summary describes the columns" : counts ? "--counts shows only each section's count"
                : "--histogram describes one field"
            // Options about the records a summary or counts replace would be ignored: refuse them instead.
            let given: [String: Bool] = ["sort": !sort.isEmpty, "page-size": pageSize != nil, "footer": footer != nil,
                                         "template": !template.isEmpty, "kind-field": kindField != nil, "kind": !kind.isEmpty,
                                         "title": title != nil, "subtitle": subtitle != nil, "detail": detail != nil]
            if let option = replaced.first(where: { given[$0] == true }).map({ "--" + $0 }) {
                throw ValidationError("\(replacing), so \(option) has no records to apply to")
            }
        }
    }

    /// The options about records that `--summary` replaces, by long name: given with it on the
    /// command line or in a view they are refused; from `[defaults]` they are left out for it.
    static let replacedBySummary = ["sort", "page-size", "footer", "template", "kind-field", "kind", "title", "subtitle", "detail"]
    /// Those `--counts` replaces: all but `--sort`, which orders its sections as the list's.
    static let replacedByCounts = replacedBySummary.filter { $0 != "sort" }

    /// The options about records a run replaces: a summary's (`--summary`, `--histogram`), else
    /// `--counts`'s; nil when it lists the records.
    static func replaced(summarising: Bool, counting: Bool) -> [String]? {
        summarising ? replacedBySummary : counting ? replacedByCounts : nil
    }

    func apply(to request: inout ListRequest) throws {
        try selection.apply(to: &request)
        try look.apply(to: &request)
        request.look.excluded = FieldExclusion(exclude.flatMap(FieldList.parse).map { FieldPattern($0.text) })
        request.look.countsOnly = counts
        request.look.summary = summary
        request.look.chart = chart
        if let histogram {
            do {
                let spec = try HistogramSpec(parsing: histogram)
                if request.look.fields != nil { throw ListviewError.usage("--histogram counts the one field it names: leave out --fields") }
                request.look.histogram = spec
                request.look.summary = true
                request.look.fields = [spec.field]
            } catch let error as ListviewError {
                throw ValidationError(error.description)
            }
        }
        if chart && request.look.style.isMachineReadable {
            throw ValidationError("--chart draws bars for people; --style \(request.look.style.rawValue) writes the counts as records: leave --chart out")
        }
        do {
            request.arrangement.sort = try sort.map(SortSpec.init(parsing:))
            request.arrangement.footer = try footer.map(Aggregates.init(parsing:))
            if let sortGroups { request.arrangement.groupOrder = try GroupOrder(parsing: sortGroups) }
        } catch let error as ListviewError {
            throw ValidationError(error.description)
        }
        request.arrangement.pageSize = pageSize
        request.arrangement.page = page
        request.arrangement.limit = limit
        try spill.apply(to: &request)
        do {
            try applyViewModels(to: &request)
        } catch let error as ListviewError {
            throw ValidationError(error.description)
        }
    }
}

extension ViewOptions {
    /// Templates, kinds and cards; the style follows from them when not given.
    func applyViewModels(to request: inout ListRequest) throws {
        for text in template {
            if kindField != nil, let equals = text.firstIndex(of: "="),
               !text[..<equals].contains("{"), !text[..<equals].contains(" "), !text[..<equals].isEmpty {
                request.look.kindFormats.append((String(text[..<equals]), .template(try Template(parsing: String(text[text.index(after: equals)...])))))
            } else {
                guard request.look.template == nil else {
                    throw ListviewError.usage("--template is given twice without KIND= (use --kind-field F and --template KIND=…)")
                }
                request.look.template = try Template(parsing: text)
            }
        }
        for text in kind {
            guard kindField != nil else { throw ListviewError.usage("--kind needs --kind-field F: the field whose value is each record's kind") }
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw ListviewError.usage("--kind '\(text)': write KIND=FORMAT, e.g. error=card:title=code or login='{user} logged in'")
            }
            request.look.kindFormats.append((String(text[..<equals]), try KindFormat(parsing: String(text[text.index(after: equals)...]))))
        }
        request.look.kindField = kindField.map(FieldPath.init)
        request.look.card = CardSpec(title: title.map(FieldPath.init), subtitle: subtitle.map(FieldPath.init),
                                details: detail.map(FieldList.parse), excluding: request.look.excluded)
        if let style = look.style {
            request.look.style = style
        } else if request.look.template != nil {
            request.look.style = .line
        } else if title != nil || subtitle != nil || detail != nil {
            request.look.style = .list
        }
    }
}

/// `a,b.c, d` → the paths `a`, `b.c`, `d`.
enum FieldList {
    static func parse(_ text: String) -> [FieldPath] {
        text.split(separator: ",").map { $0.trimmingWhitespace }.filter { !$0.isEmpty }.map(FieldPath.init)
    }
}

/// `--color auto|always|never`.
enum ColorChoice: String, CaseIterable, ExpressibleByArgument {
    case auto, always, never

    var isOn: Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            let noColor = ProcessEnvironment.value("NO_COLOR").map { !$0.isEmpty } ?? false
            return Terminal.stdoutIsTerminal && ProcessEnvironment.value("TERM") != "dumb" && !noColor
        }
    }
}
