import Glibc
import ListviewDataSource
import ListviewValues

/// Counts drawn as bars (`--counts --chart`, `--histogram`, `diff --stat --chart`): a line per
/// entry with its label, its count and a bar scaled to the widest line the width allows, in
/// eighths of a cell; or, for Markdown, a Mermaid `xychart-beta` bar chart that GitHub draws.
public enum CountChart {
    /// One bar: its label, indented `level` steps (nested groups), and its count. Bars are scaled
    /// against the largest count of their level.
    public struct Entry: Equatable, Sendable {
        public var label: String
        public var count: Int
        public var level: Int

        public init(label: String, count: Int, level: Int = 0) {
            self.label = label
            self.count = count
            self.level = level
        }
    }

    /// The width a chart takes when the output's width is not known (a pipe).
    public static let defaultWidth = 80

    /// The lines of `entries` within `width` cells (nil: `defaultWidth`); `logScale` draws
    /// `log(1 + count)` instead of the count.
    public static func lines(_ entries: [Entry], width: Int?, logScale: Bool = false) -> [String] {
        guard !entries.isEmpty else { return [] }
        let labels = entries.map { String(repeating: "  ", count: $0.level) + TerminalEscaping.escaped($0.label) }
        let labelWidth = labels.map(DisplayWidth.of).max() ?? 0
        let counts = entries.map { RecordCount.grouped($0.count) }
        let countWidth = counts.map(\.count).max() ?? 0
        let room = max(10, (width ?? defaultWidth) - labelWidth - countWidth - 4)
        func measure(_ count: Int) -> Double { logScale ? log1p(Double(max(0, count))) : Double(max(0, count)) }
        var largest: [Int: Double] = [:]
        for entry in entries { largest[entry.level] = max(largest[entry.level] ?? 0, measure(entry.count)) }
        return zip(zip(labels, counts), entries).map { texts, entry in
            let (label, count) = texts
            let most = largest[entry.level] ?? 0
            let bar = most > 0 ? BarText.cells(measure(entry.count) / most * Double(room)) : ""
            let padded = label + String(repeating: " ", count: labelWidth - DisplayWidth.of(label))
            let line = padded + "  " + String(repeating: " ", count: countWidth - count.count) + count + "  " + bar
            return bar.isEmpty ? String(line.reversed().drop { $0 == " " }.reversed()) : line
        }
    }

    /// A Mermaid bar chart of `entries` (one bar each, in order) in a fenced block, titled `title`,
    /// the y axis named `axis`.
    public static func mermaid(_ entries: [Entry], title: String, axis: String) -> String {
        func quoted(_ text: String) -> String { "\"" + text.replacing("\"", with: "'") + "\"" }
        let top = entries.map(\.count).max() ?? 0
        return """
            ```mermaid
            xychart-beta
                title \(quoted(title))
                x-axis [\(entries.map { quoted($0.label) }.joined(separator: ", "))]
                y-axis \(quoted(axis)) 0 --> \(max(1, top))
                bar [\(entries.map { String($0.count) }.joined(separator: ", "))]
            ```
            """
    }

    /// The entries of grouped `sections`: each enclosing level's key once, with its count, the
    /// sections' own keys indented under it (`status: shipped`, then `  express: true`).
    public static func entries<Item>(of sections: [Section<Item>]) -> [Entry] {
        var entries: [Entry] = []
        var previous: [SectionKey] = []
        for section in sections {
            let keys = section.keys
            guard !keys.isEmpty else {
                entries.append(Entry(label: RecordCount.text(section.info.count, noun: "record"), count: section.info.count))
                continue
            }
            for level in keys.indices {
                let last = level == keys.count - 1
                if !last && previous.count > level && Array(previous[...level]) == Array(keys[...level]) { continue }
                let count = last ? section.info.count : (level < section.info.levelCounts.count ? section.info.levelCounts[level] : section.info.count)
                entries.append(Entry(label: SectionTitle.text(for: keys[level]), count: count, level: level))
            }
            previous = keys
        }
        return entries
    }
}
