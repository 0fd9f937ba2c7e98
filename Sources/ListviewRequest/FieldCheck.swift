import ListviewBatches
import ListviewPresentation
import ListviewQuery
import ListviewShaping
import ListviewValues

/// Every field name an option gives, checked against the fields the input has: a name that no
/// record has is a usage error naming the closest field there is, so a typo fails loudly
/// instead of printing an empty column, one null section or zero rows with status 0.
///
/// A name is there when it is a top-level field of some record (a CSV header column
/// counts even without rows), or, for a dotted path, when some row has a value at the
/// path. A field whose every value is null is there. Nothing is checked when the input has
/// no field at all (an empty input lists its empty state).
public struct FieldCheck {
    /// One field name and the option that gave it.
    public struct NamedField: Equatable, Sendable {
        public var option: String
        public var path: FieldPath

        public init(option: String, path: FieldPath) {
            self.option = option
            self.path = path
        }
    }

    /// One glob (`bill_*`) and the option that gave it.
    public struct NamedPattern: Equatable, Sendable {
        public var option: String
        public var pattern: FieldPattern

        public init(option: String, pattern: FieldPattern) {
            self.option = option
            self.pattern = pattern
        }
    }

    /// The names `request` gives, in the order of its options (patterns apart).
    public static func names(in request: ListRequest) -> [NamedField] {
        var names: [NamedField] = []
        func add(_ option: String, _ paths: [FieldPath]) { names += paths.map { NamedField(option: option, path: $0) } }
        add(request.look.histogram == nil ? "--fields" : "--histogram", (request.look.fields ?? []).filter { !FieldPattern.isPattern($0.text) })
        add("--exclude", checkedExclusions(in: request).filter { !FieldPattern.isPattern($0.text) }.map { FieldPath($0.text) })
        add("--group-by", request.arrangement.groupBy)
        add("--sort", request.arrangement.sort.map(\.path))
        add("--where", request.arrangement.filter.predicates.map(\.path))
        add("--footer", request.arrangement.footer?.terms.compactMap(\.field) ?? [])
        add("--title", request.look.card.title.map { [$0] } ?? [])
        add("--subtitle", request.look.card.subtitle.map { [$0] } ?? [])
        add("--detail", request.look.card.details ?? [])
        add("--kind-field", request.look.kindField.map { [$0] } ?? [])
        add("--section-layout", request.look.layout.sections.map(\.field))
        for template in request.look.template.map({ [$0] }) ?? [] { add("--template", template.fields) }
        for (_, format) in request.look.kindFormats {
            switch format {
            case .template(let template): add("--kind", template.fields)
            case .card(let card): add("--kind", [card.title, card.subtitle].compactMap { $0 } + (card.details ?? []))
            case .table(let fields): add("--kind", fields)
            }
        }
        return names
    }

    /// Throws a usage error for a path through every element of an array (`items[].sku`) that an
    /// option other than `--where` gives: it holds several values, and those options need one per
    /// record. Checked before anything is read.
    public static func checkOneValuePaths(_ request: ListRequest, renaming rename: (String) -> String = { $0 }) throws {
        for named in names(in: request) where named.path.reachesEveryElement && named.option != "--where" {
            let option = rename(named.option)
            let one = named.path.text.replacing("[]", with: "[0]")
            throw ListviewError.usage("\(option) '\(named.path.text)': '[]' names every element of an array, and \(option) needs one value per record; name one element, such as '\(one)' (--where takes every element)")
        }
    }

    /// The wildcard patterns of `--fields` and `--exclude`, with their options.
    public static func patterns(in request: ListRequest) -> [NamedPattern] {
        let fields = (request.look.fields ?? []).filter { FieldPattern.isPattern($0.text) }.map { NamedPattern(option: "--fields", pattern: FieldPattern($0.text)) }
        return fields + checkedExclusions(in: request).filter { FieldPattern.isPattern($0.text) }.map { NamedPattern(option: "--exclude", pattern: $0) }
    }

    /// The `--exclude` patterns checked against the records as reshaped: all but those of members
    /// left out of objects as they are read (`RecordShaping.pruned`), which are no longer there to
    /// find and are checked as read (`checkPruned`).
    private static func checkedExclusions(in request: ListRequest) -> [FieldPattern] {
        let pruned = Set(request.read.shaping.pruned)
        return request.look.excluded.patterns.filter { !pruned.contains($0) }
    }

    /// `request` ready to run over `columns`: its `--fields` patterns expanded to the columns they
    /// match, in column order, and `--exclude` applied to them. Its names are checked apart, against
    /// every batch the run reads (`UnfoundFields`, held by `BatchStream`); a diff checks its own.
    /// `checking`: `--exclude` must leave a field to show (a diff's `--ignore` need not).
    public static func prepared(_ request: ListRequest, columns: [String], table: CellTable?, checking: Bool = true) throws -> ListRequest {
        if checking { try checkSomethingLeft(request, columns: columns, input: inputName(request)) }
        guard !columns.isEmpty, var fields = request.look.fields else { return request }
        if fields.contains(where: { FieldPattern.isPattern($0.text) }) {
            var expanded: [FieldPath] = []
            var listed: Set<String> = []
            // A pattern reaches into objects too, a step at a time: `customer.*` is each member of `customer`.
            let nested = NestedPaths.of(table).filter { !columns.contains($0) }
            for path in fields {
                let pattern = FieldPattern(path.text)
                let matching = FieldPattern.isPattern(path.text)
                    ? (columns.filter(pattern.matches) + nested.filter { pattern.matches(path: $0) }).map(FieldPath.init) : [path]
                for match in matching where listed.insert(match.text).inserted { expanded.append(match) }
            }
            fields = expanded
        }
        fields = shown(fields, of: request)
        guard !fields.isEmpty else { throw ListviewError.usage("--exclude leaves none of the --fields to show") }
        var prepared = request
        prepared.look.fields = fields
        return prepared
    }

    /// `fields` less those `request`'s `--exclude` leaves out: the one rule of which fields named
    /// are shown, once any pattern among them is expanded.
    static func shown(_ fields: [FieldPath], of request: ListRequest) -> [FieldPath] {
        fields.filter { !request.look.excluded.excludes($0.text) }
    }

    /// The fields `request` shows as known before any row is read: its `--fields` less those
    /// `--exclude` leaves out; nil for every column (no `--fields`) and when a pattern among them
    /// waits for the rows to name them.
    public static func fieldsShownBeforeReading(_ request: ListRequest) -> [FieldPath]? {
        guard let fields = request.look.fields, !fieldsWaitForRows(request) else { return nil }
        return shown(fields, of: request)
    }

    /// Whether a pattern among `request`'s `--fields` waits for the rows to name the fields it
    /// shows: every field of the input it matches, and the paths into objects its first rows have.
    public static func fieldsWaitForRows(_ request: ListRequest) -> Bool {
        request.look.fields?.contains { FieldPattern.isPattern($0.text) } == true
    }

    /// Throws a usage error for the first name of `request` that no field of the input has:
    /// the top-level `columns` (the schema's, or a CSV header's), and for dotted paths the rows
    /// of `table`. `input` names the input in the message.
    static func check(_ request: ListRequest, columns: [String], table: CellTable?, input: String) throws {
        try check(names(in: request), patterns: patterns(in: request), of: request, columns: columns, table: table, input: input)
        try checkSomethingLeft(request, columns: columns, input: input)
    }

    /// Throws a usage error when `--exclude` (without `--fields`) leaves none of `columns`.
    static func checkSomethingLeft(_ request: ListRequest, columns: [String], input: String) throws {
        if request.look.fields == nil, !request.look.excluded.isEmpty, columns.allSatisfy(request.look.excluded.excludes) {
            throw ListviewError.usage("--exclude leaves no field of \(input) to show")
        }
    }

    /// Throws a usage error for the first of `names` that no field of the input has, or the first
    /// of `patterns` that matches no column (`request` gives the CSV options the message mentions).
    /// An input with no columns is not checked unless `recordsRead`: records without fields (`{}`,
    /// or a count's records none of whose fields it reads) have none of the names.
    public static func check(_ names: [NamedField], patterns: [NamedPattern], of request: ListRequest,
                      columns: [String], table: CellTable?, input: String, recordsRead: Bool = false) throws {
        guard !columns.isEmpty || recordsRead else { return }
        let known = Set(columns)
        for named in names where !exists(named.path, known: known, table: table) {
            throw ListviewError.usage(message(for: named, in: request, columns: columns, known: known, table: table, input: input))
        }
        let nested = patterns.isEmpty ? [] : NestedPaths.of(table)
        for named in patterns where !named.pattern.matches(anyOf: columns, orPathIn: nested) {
            let fields = columns.isEmpty ? "its records have no fields" : "fields are: \(listed(columns))"
            throw ListviewError.usage("\(named.option): no field matches '\(named.pattern.text)' in \(input); \(fields)")
        }
    }

    /// The names of the reshaping that are looked for in batches as read, before they are
    /// reshaped: `--explode F`, whose `F` becomes `F.x` columns, and an `--exclude` of a member
    /// (`customer.email`, left out of its objects as records are read: `RecordShaping.pruned`).
    /// Once reshaped, they are no longer there for `check` to find.
    static func asReadNames(_ shaping: RecordShaping) -> (names: [NamedField], patterns: [NamedPattern]) {
        let pruned = shaping.pruned
        let exploded = shaping.explode.map { [NamedField(option: "--explode", path: $0.field)] } ?? []
        let names = exploded + pruned.filter { !FieldPattern.isPattern($0.text) }.map { NamedField(option: "--exclude", path: FieldPath($0.text)) }
        let patterns = pruned.filter { FieldPattern.isPattern($0.text) }.map { NamedPattern(option: "--exclude", pattern: $0) }
        return (names, patterns)
    }

    /// Why `path`, given by `option`, names no field of `tables` (rows loaded so far, as the
    /// browser's `&` filters them): the message the command line's check gives, or nil when a
    /// row has it (or no table has a column yet).
    public static func problem(with path: FieldPath, option: String, in tables: [CellTable], input: String) -> String? {
        var columns: [String] = []
        var seen: Set<String> = []
        for table in tables {
            for column in table.columns where seen.insert(column).inserted { columns.append(column) }
        }
        guard !columns.isEmpty, !tables.contains(where: { exists(path, known: Set($0.columns), table: $0) }) else { return nil }
        return message(for: NamedField(option: option, path: path), in: ListRequest(), columns: columns, known: seen, table: tables.first,
                       input: input)
    }

    /// How `check` names the inputs of `request` in a message.
    static func inputName(_ request: ListRequest) -> String {
        request.read.inputsName
    }

    /// True when `path` is a top-level field, or steps from one into a value some row has.
    static func exists(_ path: FieldPath, known: Set<String>, table: CellTable?) -> Bool {
        if known.contains(path.text) { return true }
        guard path.starts(among: known.contains, nested: true), let table else { return false }
        let field = TableField(path, columns: table.columns)
        if path.reachesEveryElement { return table.withCells { cells in (0..<table.rowCount).contains { !field.values(row: $0, in: cells).isEmpty } } }
        return table.withCells { cells in (0..<table.rowCount).contains { field.value(row: $0, in: cells) != nil } }
    }

    private static func message(for named: NamedField, in request: ListRequest, columns: [String], known: Set<String>, table: CellTable?,
                                input: String) -> String {
        let path = named.path
        let head = "\(named.option): no field '\(path.text)' in \(input)"
        guard !columns.isEmpty else { return "\(head); its records have no fields" }
        // `--sort F:up`: a field that is there, with a direction that is not.
        if named.option == "--sort", let colon = path.text.lastIndex(of: ":"), known.contains(String(path.text[..<colon])) {
            return "--sort '\(path.text)': '\(path.text[path.text.index(after: colon)...])' is not a direction; use :asc or :desc"
        }
        var candidates = columns
        if path.reachesEveryElement, path.starts(among: known.contains, nested: true), let table {
            candidates = NestedPaths.of(table, throughElements: true)
        } else if path.starts(among: known.contains, nested: true), let table {
            let parent = FieldPath(path.components.dropLast().joined(separator: "."))
            candidates = keys(under: parent, in: table).map { parent.text + "." + $0 }
            // A mistyped step in between (`customer.adress.zip`): every path into the objects.
            if candidates.isEmpty { candidates = NestedPaths.of(table) }
        } else if path.components.count > 1, let closest = ClosestName.find(path.text, among: columns) {
            // Flattened columns (`user.name`) are paths themselves: the closest as a whole.
            return "\(head); did you mean '\(closest)'?"
        } else if path.components.count > 1, let closest = ClosestName.find(path.components[0], among: columns) {
            // A mistyped first step (`custmer.name`): the rest as given.
            return "\(head); did you mean '\(([closest] + path.components.dropFirst()).joined(separator: "."))'?"
        }
        if let closest = ClosestName.find(path.text, among: candidates) { return "\(head); did you mean '\(closest)'?" }
        // Without a header row the columns are numbers.
        let numbered = !request.read.csv.hasHeader && columns.first == "1" ? " (--no-header names the columns 1, 2, 3, …)" : ""
        return "\(head); fields are: \(listed(candidates.isEmpty ? columns : candidates))\(numbered)"
    }

    /// The keys of the objects at `parent` in the first rows of `table`, in first-seen order.
    private static func keys(under parent: FieldPath, in table: CellTable) -> [String] {
        let field = TableField(parent, columns: table.columns)
        var seen: Set<String> = []
        var keys: [String] = []
        table.withCells { cells in
            for row in 0..<min(table.rowCount, 10_000) {
                guard case .object(let object)? = field.value(row: row, in: cells) else { continue }
                for key in object.keys where seen.insert(key).inserted { keys.append(key) }
            }
        }
        return keys
    }

    /// At most twelve names, then how many more.
    static func listed(_ names: [String]) -> String {
        let shown = names.prefix(12).joined(separator: ", ")
        return names.count > 12 ? "\(shown), … \(names.count - 12) more" : shown
    }
}
