import ListviewBatches
import ListviewQuery

/// Everything one `listview diff` run is asked to do, independent of how it was asked.
public struct DiffRequest: Sendable {
    /// The two inputs (`-` is standard input, for one of them).
    public var old: String
    public var new: String
    /// `--key`: the fields that name a record on both sides; empty compares whole records.
    public var key: [FieldPath] = []
    /// `--exact`: compare type and text as written instead of by meaning (`ValueEquality`).
    public var exact = false
    /// The options a diff shares with listing: its `read` (each side read with its own input),
    /// its arrangement's `filter` and `groupBy` (sections inside each change kind), `fields`,
    /// `style` and its look, `countsOnly`. Its `excluded` holds the `--ignore` patterns: fields
    /// neither compared nor shown.
    public var list = ListRequest()

    public init(old: String, new: String) {
        self.old = old
        self.new = new
    }
}
