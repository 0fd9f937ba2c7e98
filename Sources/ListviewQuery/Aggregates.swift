import Glibc
import ListviewBatches
import ListviewDataSource
import ListviewValues

/// `--footer count,sum:F,min:F,max:F,mean:F`: a summary line under each section and for the whole list.
///
/// Only numbers take part in sums, minimums, maximums and means; nulls,
/// missing fields and text are skipped. All follow the number rule (`NumberRule`):
/// sums are exact (`DecimalSum`) and keep as many decimals as the most precise
/// value; a mean is the exact sum over the count, rounded once (half to even) to
/// those decimals, at least 2; min and max compare exactly and show the value's
/// own text.
public struct Aggregates: Sendable, Equatable {
    public enum Kind: String, CaseIterable, Sendable {
        case count, sum, min, max, mean
    }

    public struct Term: Sendable, Equatable {
        public var kind: Kind
        public var field: FieldPath?
    }

    public var terms: [Term]

    /// Parses `count,sum:total,mean:total`.
    public init(parsing text: String) throws {
        var terms: [Term] = []
        for part in text.split(separator: ",").map(\.trimmingWhitespace) where !part.isEmpty {
            let pieces = part.split(separator: ":", maxSplits: 1).map(String.init)
            guard let kind = Kind(rawValue: pieces[0].lowercased()) else {
                throw ListviewError.usage("--footer '\(text)': '\(pieces[0])' is not one of count, sum, min, max, mean")
            }
            if kind == .count {
                terms.append(Term(kind: kind, field: nil))
            } else {
                guard pieces.count == 2, !pieces[1].isEmpty else {
                    throw ListviewError.usage("--footer '\(text)': \(kind.rawValue) needs a field, as in \(kind.rawValue):total")
                }
                terms.append(Term(kind: kind, field: FieldPath(pieces[1])))
            }
        }
        guard !terms.isEmpty else { throw ListviewError.usage("--footer needs at least one of count, sum:F, min:F, max:F, mean:F") }
        self.terms = terms
    }

    /// The summary of `records`: `count 8 · sum total 1,234.50 · …`.
    public func summary<Records: Collection>(of records: Records) -> String where Records.Element == Record {
        summary(of: records) { record, field in field.value(in: record) }
    }

    /// The summary of any items whose value at a field is `value(item, field)`: the one rule for
    /// records and for rows of a table alike.
    public func summary<Items: Collection>(of items: Items, value: (Items.Element, FieldPath) -> Value?) -> String {
        Self.text(values(of: items, value: value))
    }

    /// The footer line of `values`: `count 8 · sum total 1,234.50`, `–` for a term no number took part in.
    public static func text(_ values: [FooterValue]) -> String {
        values.map { $0.value == .null ? "\($0.label) –" : "\($0.label) \(CellText.unescapedText(for: $0.value))" }.joined(separator: " · ")
    }

    /// Each term's value over `items`, whose value at a field is `value(item, field)`.
    public func values<Items: Collection>(of items: Items, value: (Items.Element, FieldPath) -> Value?) -> [FooterValue] {
        var running = Running(self)
        for item in items { running.add { value(item, $0) } }
        return running.values
    }

    /// The terms added up item by item, in the order the list shows them: a list read in chunks
    /// (sorted on disk) gets the footer a list in memory gets.
    public struct Running: Sendable {
        /// One term's numbers so far.
        private struct Term: Sendable {
            var sum = DecimalSum()
            /// The least and the greatest number, each the first of its equals, as written.
            var least: (reading: NumberRule.Reading, text: String)?
            var greatest: (reading: NumberRule.Reading, text: String)?
        }

        private let aggregates: Aggregates
        private var items = 0
        private var terms: [Term]

        public init(_ aggregates: Aggregates) {
            self.aggregates = aggregates
            terms = Array(repeating: Term(), count: aggregates.terms.count)
        }

        /// Adds one item, whose value at a field is `value(field)`.
        public mutating func add(_ value: (FieldPath) -> Value?) {
            items += 1
            for (index, term) in aggregates.terms.enumerated() {
                guard let field = term.field, let value = value(field), case .number(let text) = value else { continue }
                switch term.kind {
                case .count: break
                case .sum, .mean: terms[index].sum.add(text)
                case .min, .max:
                    Self.withReading(text) { reading, bytes in
                        if term.kind == .min, terms[index].least.map({ Self.compare(reading, bytes, $0) < 0 }) ?? true {
                            terms[index].least = (reading, text)
                        }
                        if term.kind == .max, terms[index].greatest.map({ Self.compare(reading, bytes, $0) > 0 }) ?? true {
                            terms[index].greatest = (reading, text)
                        }
                    }
                }
            }
        }

        /// Calls `body` with the reading and the bytes of number `text`, unless it is not a number.
        @inline(__always)
        private static func withReading(_ text: String, _ body: (NumberRule.Reading, UnsafeRawBufferPointer) -> Void) {
            var text = text
            text.withUTF8 { utf8 in
                let bytes = UnsafeRawBufferPointer(utf8)
                if let reading = NumberRule.reading(bytes) { body(reading, bytes) }
            }
        }

        /// How a number orders against a kept one, by the number rule.
        @inline(__always)
        private static func compare(_ reading: NumberRule.Reading, _ bytes: UnsafeRawBufferPointer,
                                    _ kept: (reading: NumberRule.Reading, text: String)) -> Int {
            var keptText = kept.text
            return keptText.withUTF8 { NumberRule.compare(reading, bytes, kept.reading, UnsafeRawBufferPointer($0)) }
        }

        /// Each term's value over the items added.
        public var values: [FooterValue] {
            zip(aggregates.terms, terms).map { term, running in
                guard let field = term.field else { return FooterValue(name: "count", label: "count", value: .number(String(items))) }
                let (name, label) = ("\(term.kind.rawValue):\(field.text)", "\(term.kind.rawValue) \(field.text)")
                let text: String?
                switch term.kind {
                case .count: text = String(items)
                case .sum: text = running.sum.count > 0 ? running.sum.text : nil
                case .min: text = running.least?.text
                case .max: text = running.greatest?.text
                case .mean: text = running.sum.meanText
                }
                guard let text else { return FooterValue(name: name, label: label, value: .null) }
                return FooterValue(name: name, label: label, value: .number(text))
            }
        }
    }
}
