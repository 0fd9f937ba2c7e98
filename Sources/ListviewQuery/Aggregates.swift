import Glibc
import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewValues

/// `--footer count,sum:F,min:F,max:F,mean:F`: a summary line under each section and for the whole list.
///
/// Only numbers take part in sums, minimums, maximums and means; nulls,
/// missing fields and text are skipped. Sums keep as many decimals as the
/// most precise value; min and max show the value's own text.
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
            var numbers = 0
            var sum = 0.0
            var decimals = 0
            /// The least and the greatest number, each the first of its equals, as written.
            var least: (value: Double, text: String)?
            var greatest: (value: Double, text: String)?
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
                guard let field = term.field, let value = value(field), case .number(let text) = value, let number = Double(text) else { continue }
                terms[index].numbers += 1
                terms[index].sum += number
                terms[index].decimals = Swift.max(terms[index].decimals, Aggregates.decimals(in: text))
                if terms[index].least.map({ number < $0.value }) ?? true { terms[index].least = (number, text) }
                if terms[index].greatest.map({ $0.value < number }) ?? true { terms[index].greatest = (number, text) }
            }
        }

        /// Each term's value over the items added.
        public var values: [FooterValue] {
            zip(aggregates.terms, terms).map { term, running in
                guard let field = term.field else { return FooterValue(name: "count", label: "count", value: .number(String(items))) }
                let (name, label) = ("\(term.kind.rawValue):\(field.text)", "\(term.kind.rawValue) \(field.text)")
                guard running.numbers > 0 else { return FooterValue(name: name, label: label, value: .null) }
                let text: String
                switch term.kind {
                case .count: text = String(items)
                case .sum: text = Aggregates.format(running.sum, decimals: running.decimals)
                case .min: text = running.least?.text ?? ""
                case .max: text = running.greatest?.text ?? ""
                case .mean: text = Aggregates.format(running.sum / Double(running.numbers), decimals: Swift.max(2, running.decimals))
                }
                return FooterValue(name: name, label: label, value: .number(text))
            }
        }
    }

    static func decimals(in text: String) -> Int {
        guard let dot = text.firstIndex(of: ".") else { return 0 }
        return text[text.index(after: dot)...].prefix { $0.isNumber }.count
    }

    static func format(_ value: Double, decimals: Int) -> String {
        // printf's %.*f: correctly rounded, as Foundation's String(format:) was.
        var digits = [CChar](repeating: 0, count: 352)
        let precision = Int32(Swift.min(decimals, 12))
        let count = withVaList([precision, value]) { vsnprintf(&digits, digits.count, "%.*f", $0) }
        guard count > 0 else { return "\(value)" }
        return String(decoding: digits.prefix(Swift.min(Int(count), digits.count - 1)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
