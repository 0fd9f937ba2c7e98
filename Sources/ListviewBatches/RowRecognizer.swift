/// Recognises lines of delimited text that hold a record already known, so that a reader can
/// pass them over instead of parsing them into cells: a keyed diff's new lines that are, byte for
/// byte, an old record (`UnchangedLines`).
///
/// A reader offers only whole lines it would read as one row each: no quote, no line break, no
/// escape, read where its parser stands at a row start. A line recognised is left out of the
/// batch, which records it among its `CellTable.passedOver` rows; every other line is read as
/// ever. Recognising a line must be exact (no hash taken for the bytes), since the line is
/// never looked at again.
public protocol RowRecognizer: Sendable {
    /// For each of `lines` (ranges of `text`, each a line without its line break), the tag of the
    /// known record it is (a non-negative number the recognizer names it by), or -1.
    func recognize(_ lines: [Range<Int>], of text: UnsafeRawBufferPointer, delimiter: UInt8) -> [Int]

    /// Whether the batch keeps the lines passed over (`CellTable.passedOverLines`), for a caller
    /// that reads them later: a diff past its memory budget writes them to its partitions as they
    /// are, and parses only those that turn out changed. False by default.
    var keepsLines: Bool { get }
}

extension RowRecognizer {
    public var keepsLines: Bool { false }
}

/// A row of the input that a reader passed over (`RowRecognizer`): where it stood among the rows
/// of its batch, the tag its recognizer gave it, and where its line lies in the batch's
/// `CellTable.passedOverLines` when the recognizer keeps lines (empty else).
public struct PassedOverRow: Hashable, Sendable {
    /// The rows of the batch before it (the rows passed over before it not counted).
    public var position: Int
    /// The recognizer's name for the record (a diff's old row).
    public var tag: Int
    /// The line's bytes in `CellTable.passedOverLines`, without its line break.
    public var line: Range<Int>

    public init(position: Int, tag: Int, line: Range<Int> = 0..<0) {
        self.position = position
        self.tag = tag
        self.line = line
    }
}
