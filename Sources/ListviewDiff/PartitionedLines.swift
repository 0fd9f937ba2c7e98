import ListviewBatches
import ListviewValues

/// Cuts the plain lines of a keyed diff's new side by their key's partition as the CSV reader
/// passes them over unparsed and keeps them (`RowRecognizer.keepsLines`): a diff past its memory
/// budget writes them to its partitions as they are (`DiffPartitions`), and compares each with
/// the old records of its partition as the diff in memory does (`UnchangedLines`), parsing only
/// those that are not one.
///
/// A line is taken when it has a field for each column of the header (the reader offers no line
/// with a quote, an escape or a line break, so each field is a `.text` cell of its bytes); its
/// key is hashed as the new side's cells would be (`LineKeys`), so it lands in the partition its
/// row would. Its tag names that partition and the delimiter (`Tag`). A longer or shorter line is
/// parsed as ever.
struct PartitionedLines: RowRecognizer {
    /// A line's tag: its partition, and the delimiter its fields lie apart at (which the batch
    /// does not keep, and its partition parses it with).
    struct Tag {
        let partition: Int
        let delimiter: UInt8

        init(partition: Int, delimiter: UInt8) {
            (self.partition, self.delimiter) = (partition, delimiter)
        }

        init(_ tag: Int) {
            (partition, delimiter) = (tag & 0xFFFF_FFFF, UInt8(truncatingIfNeeded: tag >> 32))
        }

        var value: Int { Int(delimiter) << 32 | partition }
    }

    let keys: LineKeys
    /// The header's columns: a line taken has as many fields.
    let fieldCount: Int
    /// The partitions the side is cut into.
    let partitionCount: Int

    var keepsLines: Bool { true }

    func recognize(_ lines: [Range<Int>], of text: UnsafeRawBufferPointer, delimiter: UInt8) -> [Int] {
        lines.map { range in
            let line = UnsafeRawBufferPointer(rebasing: text[range])
            guard ByteBlock.count(of: delimiter, in: line) == fieldCount - 1 else { return -1 }
            return Tag(partition: DiffPartitions.partition(of: keys.hash(line, delimiter: delimiter), count: partitionCount),
                       delimiter: delimiter).value
        }
    }
}
