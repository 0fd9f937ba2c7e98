import ListviewBatches
import ListviewValues

extension ValueEquality {
    /// The paths at which `old` and `new` (the values at `path`) differ, each with its two values:
    /// objects stepped into member by member, arrays by position, by key (`--array-key`) or as
    /// multisets (`--unordered`); paths `--ignore`d passed over; strings `--scrub`bed (a change
    /// shows the scrubbed text); numbers within their `--tolerance` equal. Empty when the values
    /// are the same: `same` is this walk stopped at its first change, so whether a record changed
    /// and what its change lines say never disagree. `decode` reads a nested value's JSON text in
    /// a CSV cell.
    public func changes(_ old: Value?, _ new: Value?, at path: DiffPath, decode: NestedValueDecoder?) -> [ChangedRecord.Change] {
        var walk = ChangeWalk(equality: self, decode: decode, appliesRules: true, firstOnly: false)
        walk.compare(old, new, at: path)
        return walk.found
    }

    /// True when `changes` finds nothing.
    public func same(_ old: Value?, _ new: Value?, at path: DiffPath, decode: NestedValueDecoder?) -> Bool {
        var walk = ChangeWalk(equality: self, decode: decode, appliesRules: true, firstOnly: true)
        walk.compare(old, new, at: path)
        return walk.found.isEmpty
    }

    /// Whether two values mean the same with no rule or tolerance applied (keys compare so).
    func sameWithoutRules(_ old: Value?, _ new: Value?) -> Bool {
        var walk = ChangeWalk(equality: self, decode: nil, appliesRules: false, firstOnly: true)
        walk.compare(old, new, at: DiffPath())
        return walk.found.isEmpty
    }

    /// The bound `--tolerance` sets for the number at `path`: a field's own, a path's (the first
    /// pattern in the order of their text that matches), or the bound of every field.
    func bound(at path: DiffPath) -> NumericTolerance.Bound? {
        if path.steps.count == 1, case .member(let name) = path.steps[0] { return tolerance.bound(for: name) }
        if let bound = tolerance.fields[path.description] { return bound }
        return tolerancePaths.first { $0.pattern.matches(path) }?.bound ?? tolerance.all
    }
}

/// One walk of two values for `ValueEquality.changes` and `same`.
private struct ChangeWalk {
    let equality: ValueEquality
    let decode: NestedValueDecoder?
    /// False for a key's comparison: by meaning only.
    let appliesRules: Bool
    let firstOnly: Bool
    var found: [ChangedRecord.Change] = []

    private var rules: NestedDiffRules { equality.rules }
    private var done: Bool { firstOnly && !found.isEmpty }

    /// The most pairs of unmatched elements of two multisets compared one by one for a tolerance.
    private static let pairingLimit = 1_000_000

    mutating func compare(_ old: Value?, _ new: Value?, at path: DiffPath) {
        if done || appliesRules && rules.ignores(path) { return }
        let (old, new) = readingJSONText(old, new)
        switch (old, new) {
        case (.object(let left), .object(let right)):
            for (key, value) in left.members {
                compare(value, right[key], at: path.appending(.member(key)))
                if done { return }
            }
            for (key, value) in right.members where left[key] == nil {
                compare(nil, value, at: path.appending(.member(key)))
                if done { return }
            }
        case (.array(let left), .array(let right)):
            switch appliesRules ? rules.arrayMatching(at: path) : .byPosition {
            case .byKey(let fields): compareByKey(left, right, fields: fields, at: path)
            case .asMultiset: compareAsMultisets(left, right, at: path)
            case .byPosition:
                guard left.count == right.count else {
                    if !sameScalars(old, new, at: path) { found.append(.init(path: path.description, old: old, new: new)) }
                    return
                }
                for index in left.indices {
                    compare(left[index], right[index], at: path.appending(.index(index)))
                    if done { return }
                }
            }
        default:
            let (shownOld, shownNew) = (scrubbed(old), scrubbed(new))
            if !sameScalars(shownOld, shownNew, at: path) { found.append(.init(path: path.description, old: shownOld, new: shownNew)) }
        }
    }

    /// A container against a string: the string read as JSON (a CSV cell holding an object or
    /// array, as listview and most tools write one), when it is a container's text.
    private func readingJSONText(_ old: Value?, _ new: Value?) -> (Value?, Value?) {
        guard let decode, old?.isContainer != new?.isContainer else { return (old, new) }
        func read(_ value: Value?) -> Value? {
            guard case .string(var text) = value, let first = text.utf8.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return value }
            return text.withUTF8 { decode(UnsafeRawBufferPointer($0)) } ?? value
        }
        return (read(old), read(new))
    }

    /// A string with `--scrub` applied.
    private func scrubbed(_ value: Value?) -> Value? {
        guard appliesRules, case .string(let text) = value, let scrubbed = rules.scrubbed(text) else { return value }
        return .string(scrubbed)
    }

    /// Two values that are not both objects or both arrays compared: as cells, then by the tolerance of `path`.
    private func sameScalars(_ old: Value?, _ new: Value?, at path: DiffPath) -> Bool {
        CellKind.withCell(of: old) { oldKind, oldText in
            CellKind.withCell(of: new) { newKind, newText in
                let (left, right) = ((oldKind, oldText), (newKind, newText))
                if equality.equal(left, right, decode: nil) { return true }
                guard appliesRules, let bound = equality.bound(at: path) else { return false }
                return ValueEquality.withinBound(bound, left, right)
            }
        }
    }

    // MARK: Arrays by key

    /// Elements matched by the values at `fields` (the n-th element of a key with the n-th of
    /// the same key on the other side): a matched pair compared at `[sku=A]`, an element only one
    /// side has removed or added whole.
    private mutating func compareByKey(_ left: [Value], _ right: [Value], fields: [FieldPath], at path: DiffPath) {
        let (oldKeys, newKeys) = (keys(of: left, fields: fields), keys(of: right, fields: fields))
        var newByKey: [String: Int] = [:]
        for (index, key) in newKeys.enumerated() { newByKey[key.match] = index }
        var matched = Set<Int>()
        for (index, key) in oldKeys.enumerated() {
            let step = DiffPath.Step.keyed(key.shown)
            guard let partner = newByKey[key.match] else {
                found.append(.init(path: path.appending(step).description, old: left[index], new: nil, isElement: true))
                if done { return } else { continue }
            }
            matched.insert(partner)
            compare(left[index], right[partner], at: path.appending(step))
            if done { return }
        }
        for (index, key) in newKeys.enumerated() where !matched.contains(index) {
            found.append(.init(path: path.appending(.keyed(key.shown)).description, old: nil, new: right[index], isElement: true))
            if done { return }
        }
    }

    /// Each element's key: as matched (numbers by value) and as shown (`sku=A`), a repeated key
    /// numbered from its second time (`sku=A#2`).
    private func keys(of elements: [Value], fields: [FieldPath]) -> [(match: String, shown: String)] {
        var seen: [String: Int] = [:]
        return elements.map { element in
            let values = fields.map { $0.value(in: element) }
            var match = values.map { canonical($0, at: nil) }.joined(separator: "\u{1F}")
            var shown = zip(fields, values).map { "\($0.text)=\(ChangedRecord.text($1))" }.joined(separator: ",")
            let count = seen[match, default: 0] + 1
            seen[match] = count
            if count > 1 {
                match += "\u{1E}\(count)"
                shown += "#\(count)"
            }
            return (match, shown)
        }
    }

    // MARK: Arrays as multisets

    /// Elements paired with equal elements of the other side, whatever their order; the rest
    /// removed and added at `[]`. Equal under the rules means the same canonical text (ignored
    /// paths left out, scrubbed strings, numbers by value); with a tolerance, what is left is
    /// paired one by one.
    private mutating func compareAsMultisets(_ left: [Value], _ right: [Value], at path: DiffPath) {
        let elementPath = path.appending(.element)
        var oldByText: [String: [Int]] = [:]
        for (index, element) in left.enumerated().reversed() { oldByText[canonical(element, at: elementPath), default: []].append(index) }
        var unmatchedNew: [Int] = []
        for (index, element) in right.enumerated() {
            let text = canonical(element, at: elementPath)
            if oldByText[text]?.popLast() == nil { unmatchedNew.append(index) }
        }
        var unmatchedOld = oldByText.values.flatMap { $0 }.sorted()
        if !equality.tolerance.isEmpty, unmatchedOld.count * unmatchedNew.count <= Self.pairingLimit {
            unmatchedNew = unmatchedNew.filter { newIndex in
                guard let place = unmatchedOld.firstIndex(where: { equality.same(left[$0], right[newIndex], at: elementPath, decode: decode) }) else { return true }
                unmatchedOld.remove(at: place)
                return false
            }
        }
        for index in unmatchedOld {
            found.append(.init(path: elementPath.description, old: left[index], new: nil, isElement: true))
            if done { return }
        }
        for index in unmatchedNew {
            found.append(.init(path: elementPath.description, old: nil, new: right[index], isElement: true))
            if done { return }
        }
    }

    /// A text that two values share exactly when they are the same under the rules at `path`
    /// (nil: by meaning alone), tolerance apart: objects with their members in key order and those
    /// with no value or ignored left out, arrays as they are matched, strings scrubbed, numbers
    /// (and text that reads as one) by value.
    private func canonical(_ value: Value?, at path: DiffPath?) -> String {
        var text = ""
        appendCanonical(value, at: path, to: &text)
        return text
    }

    private func appendCanonical(_ value: Value?, at path: DiffPath?, to text: inout String) {
        let applies = appliesRules && path != nil
        switch value {
        case .object(let object)?:
            text += "{"
            for (key, member) in object.members.sorted(by: { $0.0 < $1.0 }) {
                let memberPath = path?.appending(.member(key))
                if applies, let memberPath, rules.ignores(memberPath) { continue }
                if !equality.exact, ValueEquality.isNoValue(member) { continue }
                text += Value.string(key).compactJSON + ":"
                appendCanonical(member, at: memberPath, to: &text)
                text += ","
            }
            text += "}"
        case .array(let elements)?:
            let matching = applies ? path.map(rules.arrayMatching(at:)) ?? .byPosition : .byPosition
            let elementPath = path?.appending(.element)
            var parts = elements.map { canonical($0, at: elementPath) }
            if case .byPosition = matching {} else { parts.sort() }
            text += "[" + parts.joined(separator: ",") + "]"
        default:
            let shown = applies ? scrubbed(value) : value
            CellKind.withCell(of: shown) { kind, bytes in
                let cell = (kind, bytes)
                if !equality.exact && ValueEquality.isNoValue(cell) {
                    text += "0"
                    return
                }
                if equality.exact {
                    text += String(ValueEquality.exactKind(cell).rawValue) + ":" + String(decoding: bytes, as: UTF8.self)
                    return
                }
                var number: [UInt8] = []
                if NumberText.forEachCanonicalByte(of: bytes, { number.append($0) }) {
                    text += "n" + String(decoding: number, as: UTF8.self)
                } else {
                    text += "s" + Value.string(String(decoding: bytes, as: UTF8.self)).compactJSON
                }
            }
        }
    }
}

extension ValueEquality {
    /// Null, missing and empty text: no value.
    static func isNoValue(_ value: Value?) -> Bool {
        switch value {
        case nil, .null?: return true
        case .string(let text)?: return text.isEmpty
        default: return false
        }
    }
}
