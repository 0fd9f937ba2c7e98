import ListviewBatches
import ListviewValues

/// The formats listview reads, by name (`--input`). Each is registered with its descriptor in
/// `ListviewFormats` (`InputFormat.descriptor`): its names, reader, line layout and own style.
public enum InputFormat: String, CaseIterable, Sendable {
    case json
    case jsonl
    case csv
    case tsv

    /// Guesses the format from the input's first bytes, which are all there is (`sniff(_:atEnd:)`
    /// with the end of the input reached).
    public static func sniff(_ prefix: [UInt8]) -> InputFormat {
        FormatSniff.decide(prefix[...], atEnd: true) ?? .json
    }
}
