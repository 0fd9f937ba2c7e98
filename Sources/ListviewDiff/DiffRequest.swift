import ListviewBatches
import ListviewKit
import ListviewQuery
import ListviewRequest
import ListviewSpilling

/// Everything one `listview diff` run is asked to do, independent of how it was asked.
public struct DiffRequest: Sendable {
    /// The two inputs (`-` is standard input, for one of them).
    public var old: String
    public var new: String
    /// `--key`: the fields that name a record on both sides; empty compares whole records.
    public var key: [FieldPath] = []
    /// `--exact`: compare type and text as written instead of by meaning (`ValueEquality`).
    public var exact = false
    /// `--stat`: how many records changed each field, after the differences.
    public var stat = false
    /// `--chart`: the `--stat` counts drawn as bars (`CountChart`), or a Mermaid chart in Markdown.
    public var chart = false
    /// `--max-changes`: the records of each kind shown to people (the rest counted in one line).
    public var maxChanges: Int?
    /// `--tolerance`: how far apart the numbers of a compared field may be and still be equal.
    public var tolerance = NumericTolerance()
    /// `--array-key`, `--unordered`, `--scrub` and the `--ignore` paths below a field.
    public var rules = NestedDiffRules()
    /// `-i`: the differences are written as the review screen's rows (`DiffReviewRows`), one JSON
    /// object a line, for the browser to open, instead of in `--style`.
    public var review = false
    /// The options a diff shares with listing: its `read` (each side read with its own input),
    /// its arrangement's `filter` and `groupBy` (sections inside each change kind), `fields`,
    /// `style` and its look, `countsOnly`. Its `excluded` holds the `--ignore` patterns: fields
    /// neither compared nor shown.
    public var list = ListRequest()
    /// Whether a keyed diff's new lines that are old records byte for byte are passed over
    /// unparsed (`UnchangedLines`): always, but for the tests that show it changes nothing.
    var passesOverUnchangedLines = true
    /// Each side read in parts whatever its size (`BatchStream.readInParts`), where only files of
    /// several megabytes are: streamed in parts of about this many bytes, or read whole in two
    /// halves (the old side of a diff in memory). For the tests that show parts change nothing.
    var partSize: Int?

    public init(old: String, new: String) {
        self.old = old
        self.new = new
    }

    /// When two values are the same: by meaning or as written, within the tolerance.
    public var equality: ValueEquality { ValueEquality(exact: exact, inferTypes: list.read.csv.inferTypes, tolerance: tolerance, rules: rules) }

    /// Whether the old side's index is held in memory or the diff partitions both sides on disk:
    /// the `MemoryPlan` of the old side, as a list's is of its inputs.
    public var memory: MemoryPlan {
        MemoryPlan(reading: list.read.reading([old]), budget: list.arrangement.memory)
    }
}
