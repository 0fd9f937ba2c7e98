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

    /// `changes`, each with where its values are in `old` and in `new` (members by name, elements
    /// by position; the parent's place on a side that lacks the value): the lines an annotation
    /// points at.
    public func locatedChanges(_ old: Value?, _ new: Value?, decode: NestedValueDecoder?)
        -> [(change: ChangedRecord.Change, old: ValueLocation, new: ValueLocation)] {
        var walk = ChangeWalk(equality: self, decode: decode, appliesRules: true, firstOnly: false, locates: true)
        walk.compare(old, new, at: DiffPath())
        return zip(walk.found, walk.locations).map { ($0, $1.old, $1.new) }
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
    /// Whether each change's places in the two values are noted (`locations`, one per change).
    var locates = false
    var found: [ChangedRecord.Change] = []
    var locations: [(old: ValueLocation, new: ValueLocation)] = []
    /// Where the walk stands in each value, while it `locates`.
    private var oldTrail = ValueLocation(), newTrail = ValueLocation()

    init(equality: ValueEquality, decode: NestedValueDecoder?, appliesRules: Bool, firstOnly: Bool, locates: Bool = false) {
        (self.equality, self.decode, self.appliesRules, self.firstOnly, self.locates) = (equality, decode, appliesRules, firstOnly, locates)
    }

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
                let partner = right[key]
                compareChildren(value, partner, at: path.appending(.member(key)), .member(key), partner == nil ? nil : .member(key))
                if done { return }
            }
            for (key, value) in right.members where left[key] == nil {
                compareChildren(nil, value, at: path.appending(.member(key)), nil, .member(key))
                if done { return }
            }
        case (.array(let left), .array(let right)):
            switch appliesRules ? rules.arrayMatching(at: path) : .byPosition {
            case .byKey(let fields): compareByKey(left, right, fields: fields, at: path)
            case .asMultiset: compareAsMultisets(left, right, at: path)
            case .byPosition:
                guard left.count == right.count else {
                    if !sameScalars(old, new, at: path) { note(.init(path: path.description, old: old, new: new)) }
                    return
                }
                for index in left.indices {
                    compareChildren(left[index], right[index], at: path.appending(.index(index)), .index(index), .index(index))
                    if done { return }
                }
            }
        default:
            let (shownOld, shownNew) = (scrubbed(old), scrubbed(new))
            if !sameScalars(shownOld, shownNew, at: path) { note(.init(path: path.description, old: shownOld, new: shownNew)) }
        }
    }

    /// Compares two children, the trails one step down on the sides that have them.
    private mutating func compareChildren(_ old: Value?, _ new: Value?, at path: DiffPath, _ oldStep: ValueLocation.Step?,
                                          _ newStep: ValueLocation.Step?) {
        guard locates else { return compare(old, new, at: path) }
        if let oldStep { oldTrail.steps.append(oldStep) }
        if let newStep { newTrail.steps.append(newStep) }
        compare(old, new, at: path)
        if oldStep != nil { oldTrail.steps.removeLast() }
        if newStep != nil { newTrail.steps.removeLast() }
    }

    /// A change found, at the trails' places (one step further on a side, for an element).
    private mutating func note(_ change: ChangedRecord.Change, oldStep: ValueLocation.Step? = nil, newStep: ValueLocation.Step? = nil) {
        found.append(change)
        guard locates else { return }
        var (old, new) = (oldTrail, newTrail)
        if let oldStep { old.steps.append(oldStep) }
        if let newStep { new.steps.append(newStep) }
        locations.append((old, new))
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
        guard appliesRules, case .string(let text) = value, let scrubbed = equality.scrubbed(text) else { return value }
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
        let (oldKeys, newKeys) = (Self.keys(of: left, fields: fields, equality: equality), Self.keys(of: right, fields: fields, equality: equality))
        var newByKey: [String: Int] = Dictionary(minimumCapacity: newKeys.count)
        for (index, key) in newKeys.enumerated() { newByKey[key] = index }
        var matched = [Bool](repeating: false, count: right.count)
        // The walk that only asks whether the arrays are the same names no path: the keys are shown only in changes.
        let (oldShown, newShown) = firstOnly ? ([], []) : (Self.shownKeys(of: left, matched: oldKeys, fields: fields),
                                                           Self.shownKeys(of: right, matched: newKeys, fields: fields))
        func step(old: Bool, _ index: Int) -> DiffPath.Step {
            let shown = old ? oldShown : newShown
            return .keyed(shown.indices.contains(index) ? shown[index] : "")
        }
        for (index, key) in oldKeys.enumerated() {
            guard let partner = newByKey[key] else {
                note(.init(path: path.appending(step(old: true, index)).description, old: left[index], new: nil, isElement: true), oldStep: .index(index))
                if done { return } else { continue }
            }
            matched[partner] = true
            // The same element as written is the same under every rule.
            if left[index] == right[partner] { continue }
            compareChildren(left[index], right[partner], at: path.appending(step(old: true, index)), .index(index), .index(partner))
            if done { return }
        }
        for (index, wasMatched) in matched.enumerated() where !wasMatched {
            note(.init(path: path.appending(step(old: false, index)).description, old: nil, new: right[index], isElement: true), newStep: .index(index))
            if done { return }
        }
    }

    /// Each element's key as matched: its key fields' values by meaning (numbers by value), the
    /// n-th time a key comes in the array marked with n from its second time.
    private static func keys(of elements: [Value], fields: [FieldPath], equality: ValueEquality) -> [String] {
        var seen: [String: Int] = [:]
        return elements.map { element in
            var key = fields.count == 1 ? matchText(fields[0].value(in: element), equality: equality)
                : fields.map { Value.string(matchText($0.value(in: element), equality: equality)).compactJSON }.joined(separator: ",")
            let count = (seen[key] ?? 0) + 1
            seen[key] = count
            if count > 1 { key += "\u{1E}\(count)" }
            return key
        }
    }

    /// A key field's value as matched: a number (or text that reads as one) by its one spelling of
    /// its value, other text as it is, with a letter for its kind; no value alike for null, missing and "".
    private static func matchText(_ value: Value?, equality: ValueEquality) -> String {
        switch value {
        case .string(let text)? where !equality.exact && !NumberText.isNumber(text):
            return text.isEmpty ? Self.noValue : "s" + text
        case .bool(let flag)? where !equality.exact:
            return flag ? "strue" : "sfalse"  // as the text `true` is: equal by meaning
        default:
            var text = ""
            ChangeWalk.appendScalarCanonical(value, exact: equality.exact, to: &text)
            return text
        }
    }

    /// Each element's key as a change shows it: `sku=A`, `sku=A,site=2`; `#2` and on when the key
    /// came before in the array (`matched`, the keys as `keys` gives them, says which time it is).
    private static func shownKeys(of elements: [Value], matched: [String], fields: [FieldPath]) -> [String] {
        zip(elements, matched).map { element, key in
            let shown = fields.map { "\($0.text)=\(ChangedRecord.text($0.value(in: element)))" }.joined(separator: ",")
            guard let mark = key.lastIndex(of: "\u{1E}") else { return shown }
            return shown + "#" + key[key.index(after: mark)...]
        }
    }

    // MARK: Arrays as multisets

    /// Elements paired with equal elements of the other side, whatever their order; the rest
    /// removed and added at `[]`. Equal under the rules means the same canonical text (ignored
    /// paths left out, scrubbed strings, numbers by value); with a tolerance, what is left is
    /// paired one by one.
    private mutating func compareAsMultisets(_ left: [Value], _ right: [Value], at path: DiffPath) {
        let elementPath = path.appending(.element)
        // Elements the same as written pair first (the same under every rule); the rest by canonical text.
        var oldByValue: [Value: [Int]] = [:]
        for (index, element) in left.enumerated().reversed() { oldByValue[element, default: []].append(index) }
        var pendingNew: [Int] = []
        for (index, element) in right.enumerated() where oldByValue[element]?.popLast() == nil { pendingNew.append(index) }
        var oldByText: [String: [Int]] = [:]
        for index in oldByValue.values.flatMap({ $0 }).sorted().reversed() { oldByText[canonical(left[index], at: elementPath), default: []].append(index) }
        var unmatchedNew: [Int] = []
        for index in pendingNew where oldByText[canonical(right[index], at: elementPath)]?.popLast() == nil { unmatchedNew.append(index) }
        var unmatchedOld = oldByText.values.flatMap { $0 }.sorted()
        if !equality.tolerance.isEmpty, unmatchedOld.count * unmatchedNew.count <= Self.pairingLimit {
            unmatchedNew = unmatchedNew.filter { newIndex in
                guard let place = unmatchedOld.firstIndex(where: { equality.same(left[$0], right[newIndex], at: elementPath, decode: decode) }) else { return true }
                unmatchedOld.remove(at: place)
                return false
            }
        }
        for index in unmatchedOld {
            note(.init(path: elementPath.description, old: left[index], new: nil, isElement: true), oldStep: .index(index))
            if done { return }
        }
        for index in unmatchedNew {
            note(.init(path: elementPath.description, old: nil, new: right[index], isElement: true), newStep: .index(index))
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
                var value = ""
                appendCanonical(member, at: memberPath, to: &value)
                // A member with no value is the member missing (by meaning).
                if !equality.exact && value == Self.noValue { continue }
                text += Value.string(key).compactJSON + ":" + value + ","
            }
            text += "}"
        case .array(let elements)?:
            let matching = applies ? path.map(rules.arrayMatching(at:)) ?? .byPosition : .byPosition
            let elementPath = path?.appending(.element)
            var parts = elements.map { canonical($0, at: elementPath) }
            if case .byPosition = matching {} else { parts.sort() }
            text += "[" + parts.joined(separator: ",") + "]"
        default:
            ChangeWalk.appendScalarCanonical(applies ? scrubbed(value) : value, exact: equality.exact, to: &text)
        }
    }

    /// The canonical text of null, a missing value and empty text.
    static let noValue = "0"

    /// A scalar's canonical text (`canonical`): no value as `0`, a number by its value, text quoted;
    /// under `exact`, its kind and text as written.
    static func appendScalarCanonical(_ value: Value?, exact: Bool, to text: inout String) {
        CellKind.withCell(of: value) { kind, bytes in
            let cell = (kind, bytes)
            if !exact && ValueEquality.isNoValue(cell) {
                text += noValue
                return
            }
            if exact {
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
