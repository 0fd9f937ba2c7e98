import ListviewBatches
import ListviewValues

/// Where in a record a diff found a difference: the field, then each member and element on
/// the way down, written as a change line shows it: `customer.address.zip`, `tags.0`,
/// `items[sku=A].qty`, `tags[]`.
public struct DiffPath: Hashable, Sendable, CustomStringConvertible {
    /// One step down.
    public enum Step: Hashable, Sendable {
        /// An object's member (a record's field first).
        case member(String)
        /// An array's element by position (arrays compared in order).
        case index(Int)
        /// An array's element named by its key fields (`--array-key`): `sku=A`.
        case keyed(String)
        /// An element of an array compared as a multiset (`--unordered`), which has no name.
        case element

        /// True for the steps into an array.
        var isElement: Bool {
            if case .member = self { return false }
            return true
        }
    }

    public private(set) var steps: [Step]

    public init(_ steps: [Step] = []) { self.steps = steps }

    /// The path of a record's field.
    public init(field: String) { steps = [.member(field)] }

    /// The path of a field named on the command line (`customer.zip`), or of a column whose own
    /// name has dots (`a.b` in a CSV header) when `field` is one.
    public init(fieldPath: FieldPath) {
        steps = fieldPath.components.count == 1 ? [.member(fieldPath.text)] : fieldPath.components.map { .member($0) }
    }

    /// This path one step further down.
    public func appending(_ step: Step) -> DiffPath {
        var longer = self
        longer.steps.append(step)
        return longer
    }

    public var description: String {
        var text = ""
        for step in steps {
            switch step {
            case .member(let name): text += text.isEmpty ? name : "." + name
            case .index(let index): text += text.isEmpty ? String(index) : "." + String(index)
            case .keyed(let key): text += "[" + key + "]"
            case .element: text += "[]"
            }
        }
        return text
    }
}

/// A path with wildcards, as `--ignore`, `--tolerance`, `--array-key` and `--unordered` take
/// them: `customer.address.zip`, `items[].updated_at` (any element), `items.*.updated_at` (any
/// one member or element), `**.etag` (at any depth), globs in names (`updated_*`).
///
/// A member name steps over an array it meets without naming an element: `items.qty` is
/// `items[].qty`, so a path reads the same whether or not the arrays on the way are spelt out.
/// `tags.0` and `tags[0]` name an element by position.
public struct DiffPathPattern: Hashable, Sendable, CustomStringConvertible {
    enum Component: Hashable, Sendable {
        /// A member whose name matches (a glob, or digits that also name an element by position).
        case member(FieldPattern)
        /// `*`: any one member or element.
        case anyStep
        /// `[]` or `[*]`: any one element.
        case anyElement
        /// `[N]`: the element at position N.
        case index(Int)
        /// `**`: any number of steps, none included.
        case anyDepth
    }

    /// The pattern as written.
    public let text: String
    let components: [Component]

    /// Parses `text`; nil when it names no step (empty, or an empty name between dots).
    public init?(_ text: String) {
        var components: [Component] = []
        var name = ""
        var brackets = 0
        func endName() -> Bool {
            defer { name = "" }
            switch name {
            case "": return false
            case "**": components.append(.anyDepth)
            case "*": components.append(.anyStep)
            default: components.append(.member(FieldPattern(name)))
            }
            return true
        }
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "[", brackets == 0, let close = text[index...].firstIndex(of: "]") {
                // `[]`, `[*]` and `[N]` step into an array; any other bracket is a glob's class (`[ab]*`).
                let inside = text[text.index(after: index)..<close]
                if inside.isEmpty || inside == "*" || inside.allSatisfy(\.isASCIIDigit) {
                    if !name.isEmpty, !endName() { return nil }
                    components.append(inside.isEmpty || inside == "*" ? .anyElement : .index(Int(inside) ?? -1))  // -1: past any array
                    index = text.index(after: close)
                    // After `]` comes a `.`, another `[`, or the end.
                    if index < text.endIndex {
                        if text[index] == "." { index = text.index(after: index) } else if text[index] != "[" { return nil }
                        if index == text.endIndex { return nil }
                    }
                    continue
                }
            }
            if character == "[" { brackets += 1 }
            if character == "]" { brackets = max(0, brackets - 1) }
            if character == ".", brackets == 0 {
                guard endName() else { return nil }
            } else {
                name.append(character)
            }
            index = text.index(after: index)
        }
        if !name.isEmpty {
            _ = endName()
        } else if text.last == "." || components.isEmpty {
            return nil
        }
        self.text = text
        self.components = components
    }

    public var description: String { text }

    /// True when the pattern is one field name or glob with no step below it: `--ignore` leaves
    /// such a field out of the comparison and the output whole (`FieldExclusion`).
    public var isTopLevel: Bool {
        guard components.count == 1, case .member = components[0] else { return false }
        return true
    }

    /// True when the pattern matches all of `path`.
    public func matches(_ path: DiffPath) -> Bool {
        matches(from: 0, path.steps[...])
    }

    /// True when the pattern matches `path` or a path above it (a value inside what it names).
    public func matches(pathOrAbove path: DiffPath) -> Bool {
        var steps = path.steps[...]
        while !steps.isEmpty {
            if matches(from: 0, steps) { return true }
            steps = steps.dropLast()
        }
        return false
    }

    private func matches(from first: Int, _ steps: ArraySlice<DiffPath.Step>) -> Bool {
        guard first < components.count else { return steps.isEmpty }
        let rest = first + 1
        if case .anyDepth = components[first] {
            var tail = steps
            while true {
                if matches(from: rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let step = steps.first else { return false }
        let below = steps.dropFirst()
        switch (components[first], step) {
        case (.anyStep, _):
            return matches(from: rest, below)
        case (.anyElement, let step):
            return step.isElement && matches(from: rest, below)
        case (.index(let wanted), .index(let index)):
            return wanted == index && matches(from: rest, below)
        case (.member(let pattern), .member(let name)):
            return pattern.matches(name) && matches(from: rest, below)
        case (.member(let pattern), .index(let index)):
            // `tags.0`: a number names an element by position, as `--fields` reads it.
            return pattern.text == String(index) && matches(from: rest, below) || matches(from: first, below)
        case (.member, _):
            // A member name steps over an element the pattern does not name.
            return matches(from: first, below)
        default:
            return false
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
