import ListviewBatches
import ListviewValues

/// `--histogram FIELD[:BINS][:log]`: a field's values counted in equal bins (`HistogramTable`),
/// 10 by default, the bars drawn on a log scale with `:log`.
public struct HistogramSpec: Equatable, Sendable {
    public var field: FieldPath
    public var bins: Int
    public var logScale: Bool

    /// The most bins asked for.
    public static let maxBins = 1_000

    public init(field: FieldPath, bins: Int = 10, logScale: Bool = false) {
        self.field = field
        self.bins = bins
        self.logScale = logScale
    }

    /// Reads `amount`, `amount:20`, `amount:log`, `amount:20:log`; a usage error for a count
    /// that is not 1 to `maxBins`.
    public init(parsing text: String) throws {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var logScale = false
        if parts.count > 1, parts.last == "log" {
            logScale = true
            parts.removeLast()
        }
        var bins = 10
        if parts.count > 1, let last = parts.last, last.allSatisfy(\.isNumber), !last.isEmpty {
            guard let count = Int(last), (1...Self.maxBins).contains(count) else {
                throw ListviewError.usage("--histogram takes 1 to \(Self.maxBins) bins, not \(last) (e.g. --histogram amount:20)")
            }
            bins = count
            parts.removeLast()
        }
        let name = parts.joined(separator: ":")
        guard !name.isEmpty else { throw ListviewError.usage("--histogram needs a field, e.g. --histogram amount or --histogram amount:20:log") }
        self.init(field: FieldPath(name), bins: bins, logScale: logScale)
    }
}
