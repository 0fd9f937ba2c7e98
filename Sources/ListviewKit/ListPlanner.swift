import ListviewBatches
import ListviewDataSource
import ListviewFormats
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewValues

/// Every option a `ListRequest` holds, one case each, so that the planner's `switch` names
/// every option: a new option does not compile until it is placed (a test checks that each
/// stored property of `ListRequest` has its case).
public enum ListOption: String, CaseIterable, Sendable {
    case read, fields, excluded, filter, groupBy, freesRecords, explains, footer, countsOnly, summary, histogram, chart
    case groupOrder, sort, pageSize, page, limit, style, flattensOutput, template, kindFormats, kindField, width, wrap
    case maxColumnWidth, nullText, color, border, card, layout, memory, spillFolder
}

/// Decides a run's `ListPlan`: a pure function of the request and the formats of its inputs.
public enum ListPlanner {
    /// What one option, as set in a request, asks of the pipeline.
    enum Demand: Equatable {
        /// Nothing: the option is read by the readers, the filter or a formatter, whatever the plan.
        case none
        /// Only counts per group are written.
        case counts
        /// Each column is described instead of the rows.
        case summary
        /// Every row must be read before the first is written (an order, groups, wrapped pages).
        case wholeList(pagesByLines: Bool)
        /// One page of rows.
        case page(size: Int)
        /// The style can be written row by row as rows arrive.
        case streamableStyle
    }

    /// The plan for `request` over inputs of `formats`.
    public static func plan(for request: ListRequest, formats: [InputFormat]) -> ListPlan {
        let demands = ListOption.allCases.map { demand(of: $0, in: request, formats: formats) }
        if demands.contains(.summary) { return .summary }
        if demands.contains(.counts) { return .counts }
        // Pages are cut by lines when any option asks (wrapped rows), whichever option asked for
        // the whole list first: `--sort` with `--wrap --page-size` pages as `--wrap --page-size` does.
        let wholeList = demands.compactMap { demand -> Bool? in if case .wholeList(let pagesByLines) = demand { pagesByLines } else { nil } }
        if !wholeList.isEmpty { return .wholeList(pagesByLines: wholeList.contains(true)) }
        for case let .page(size) in demands { return .streamedPage(size: size) }
        if demands.contains(.streamableStyle) { return .streamedRows }
        return .wholeList(pagesByLines: false)
    }

    /// The only columns whose cells `request`'s plan looks at, when it is `.counts` (decided before
    /// the inputs are opened, from the request alone: `.summary` wins over counts): the columns of
    /// the fields it names (`FieldCheck.names`), each a top-level key or the first step of a
    /// path. nil, every column, for every other plan, and when counting looks at more: `--search`
    /// (every field), reshaped records, `--file-field`, field globs.
    public static func columnsRead(for request: ListRequest) -> Set<String>? {
        guard request.look.countsOnly, !request.look.summary, request.arrangement.filter.search == nil,
              request.read.shaping.isEmpty, request.read.fileField == nil, FieldCheck.patterns(in: request).isEmpty else { return nil }
        return Set(FieldCheck.names(in: request).flatMap { [$0.path.text] + $0.path.components.prefix(1) })
    }

    /// Whether the inputs' columns are named before their rows: one input of a format with a
    /// header (CSV, TSV).
    private static func oneHeaderDeclares(_ formats: [InputFormat]) -> Bool {
        formats.count == 1 && formats.allSatisfy(\.descriptor.declaresColumns)
    }

    /// What `option` asks of the pipeline as `request` sets it.
    static func demand(of option: ListOption, in request: ListRequest, formats: [InputFormat]) -> Demand {
        switch option {
        case .countsOnly:
            return request.look.countsOnly ? .counts : .none
        case .summary:
            return request.look.summary ? .summary : .none
        case .histogram:
            // A histogram is a summary of its field (`summary` is set with it), drawn as bins.
            return request.look.histogram != nil ? .summary : .none
        case .chart:
            return .none  // how counts and bins are drawn, whatever the plan
        case .sort:
            return request.arrangement.sort.isEmpty ? .none : .wholeList(pagesByLines: false)
        case .groupBy:
            return request.arrangement.groupBy.isEmpty ? .none : .wholeList(pagesByLines: false)
        case .pageSize:
            guard let size = request.arrangement.pageSize else { return .none }
            // Wrapped rows are cut into pages by lines, which needs every row's height.
            return request.look.wrap && request.look.style.descriptor.layout == .columns ? .wholeList(pagesByLines: true) : .page(size: size)
        case .style:
            // JSON needs no header; CSV and TSV need their columns before the first row: fixed by
            // the header of a single CSV or TSV input, or by --fields unless a field named may turn
            // out to hold an object, whose leaves CSV writes as columns of their own (`FlattenedOutput`).
            let style = request.look.style.descriptor
            switch style.layout {
            case .records:
                guard style.records?.streaming == .whenColumnsAreFixed else { return .streamableStyle }
                let columnsFixed = oneHeaderDeclares(formats) || (request.look.fields != nil && !request.look.flattensOutput)
                return columnsFixed ? .streamableStyle : .none
            case .lines:
                // A template's line depends on its record alone; without one, `key=value` pairs
                // take their columns from the whole list.
                // Cards and tables of a kind (`--kind`) are measured and set out over the whole list.
                let linesOnly = request.look.kindFormats.allSatisfy { if case .template = $0.format { true } else { false } }
                return request.look.template != nil && linesOnly ? .streamableStyle : .none
            case .columns, .cards, .markdownTable, .annotations: return .none
            }
        case .read, .freesRecords, .explains:
            return .none  // how the inputs are read, and what is said of the plan
        case .filter, .limit:
            return .none  // applied the same way in every plan
        case .memory, .spillFolder:
            return .none  // how a whole list holds its rows
        case .footer:
            // JSON writes the footers after each section's records, which it must hold to count them.
            return request.arrangement.footer != nil && request.look.style.descriptor.records?.footersFollowRecords == true ? .wholeList(pagesByLines: false) : .none
        case .flattensOutput:
            return .none  // how CSV and TSV write nested values (its plan is the style's)
        case .fields:
            // A pattern names every field it matches in the whole input (`FieldCheck.prepared`):
            // only one CSV or TSV header, read as it is, names them all before the first row.
            let declaredColumns = oneHeaderDeclares(formats) && request.read.shaping.isEmpty
            return FieldCheck.fieldsWaitForRows(request) && !declaredColumns ? .wholeList(pagesByLines: false) : .none
        case .excluded, .groupOrder, .page, .template, .kindFormats, .kindField, .width, .wrap,
             .maxColumnWidth, .nullText, .color, .border, .card, .layout:
            return .none  // how rows are shown
        }
    }
}
