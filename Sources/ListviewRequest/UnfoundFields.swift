import ListviewBatches
import ListviewShaping
import ListviewValues

/// The field names a request's options give that no record read so far has: the rule of
/// `FieldCheck` ("a name is a field if any record the run reads has it") applied batch by batch,
/// so that a field that first appears late in a log is a field on every path.
///
/// `BatchStream` holds one for the run (`BatchStream.watch`): each batch read takes off the names
/// it has, a lookup of its column names (rows are looked at only for a dotted path or glob still
/// unfound), and at the end of what the run reads a name still here is the usage error
/// `FieldCheck` words, naming the closest field seen. Once every name is found, a batch costs
/// one test of `isEmpty`.
struct UnfoundFields: Sendable {
    /// Names not yet found, in the order of their options.
    private(set) var names: [FieldCheck.NamedField]
    /// Globs of `--fields` and `--exclude` that no column matched yet.
    private(set) var patterns: [FieldCheck.NamedPattern]
    /// The columns of the batches looked at while a name was unfound, in first-seen order: the
    /// names the error's closest name is chosen from (parts read on both cores name their columns
    /// in no schema).
    private(set) var columnsSeen: [String] = []
    private var seen: Set<String> = []
    /// True once a batch with rows was looked at while a name was unfound: an input of records
    /// is checked even when none has a field (`FieldCheck.check`'s `recordsRead`).
    private(set) var recordsSeen = false

    /// Every name and glob `request` gives, none found yet.
    init(_ request: ListRequest) {
        names = FieldCheck.names(in: request)
        patterns = FieldCheck.patterns(in: request)
    }

    /// The names and globs of a reshaping that are looked for in batches as read, before they are
    /// reshaped (`FieldCheck.asReadNames`), none found yet.
    init(asReadBy shaping: RecordShaping) {
        (names, patterns) = FieldCheck.asReadNames(shaping)
    }

    /// True when every name was found.
    var isEmpty: Bool { names.isEmpty && patterns.isEmpty }

    /// Takes off the names that `columns` (a batch's, or every column seen) or the rows of `table`
    /// have.
    mutating func remove(foundIn columns: [String], table: CellTable?) {
        guard !isEmpty else { return }
        if let table, table.rowCount > 0 { recordsSeen = true }
        guard !columns.isEmpty else { return }
        for column in columns where seen.insert(column).inserted { columnsSeen.append(column) }
        let known = Set(columns)
        names.removeAll { FieldCheck.exists($0.path, known: known, table: table) }
        guard !patterns.isEmpty else { return }
        let nested = NestedPaths.of(table)
        patterns.removeAll { $0.pattern.matches(anyOf: columns, orPathIn: nested) }
    }

    /// Keeps only the names that `other` (this set as a part read on another core left it) did not
    /// find either.
    mutating func keep(onlyUnfoundIn other: UnfoundFields) {
        names.removeAll { !other.names.contains($0) }
        patterns.removeAll { named in !other.patterns.contains { $0.pattern == named.pattern && $0.option == named.option } }
        for column in other.columnsSeen where seen.insert(column).inserted { columnsSeen.append(column) }
        recordsSeen = recordsSeen || other.recordsSeen
    }

    /// Throws the usage error for the first name still unfound once the run has read all it reads:
    /// `columns` are every field seen, `table` a batch read (for the members a dotted path could mean).
    func check(_ request: ListRequest, columns: [String], table: CellTable?, input: String) throws {
        try FieldCheck.check(names, patterns: patterns, of: request, columns: columns, table: table, input: input, recordsRead: recordsSeen)
    }
}
