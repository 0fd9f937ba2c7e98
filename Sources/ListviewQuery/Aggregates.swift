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
        let records = items
        return terms.map { term in
            guard let field = term.field else { return FooterValue(name: "count", label: "count", value: .number(String(records.count))) }
            var numbers: [(value: Double, text: String)] = []
            for record in records {
                guard let value = value(record, field), case .number(let text) = value, let number = Double(text) else { continue }
                numbers.append((number, text))
            }
            let (name, label) = ("\(term.kind.rawValue):\(field.text)", "\(term.kind.rawValue) \(field.text)")
            guard !numbers.isEmpty else { return FooterValue(name: name, label: label, value: .null) }
            let decimals = numbers.map { Self.decimals(in: $0.text) }.max() ?? 0
            let text: String
            switch term.kind {
            case .count: text = String(records.count)
            case .sum: text = Self.format(numbers.reduce(0) { $0 + $1.value }, decimals: decimals)
            case .min: text = numbers.min { $0.value < $1.value }?.text ?? ""
            case .max: text = numbers.max { $0.value < $1.value }?.text ?? ""
            case .mean: text = Self.format(numbers.reduce(0) { $0 + $1.value } / Double(numbers.count), decimals: Swift.max(2, decimals))
            }
            return FooterValue(name: name, label: label, value: .number(text))
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
