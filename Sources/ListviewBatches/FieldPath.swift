import ListviewValues

/// A field named on the command line: `status`, `customer.name`, `tags.0`, `items[0].sku`.
///
/// A name that is itself a top-level key (a CSV header `a.b`) is that key;
/// otherwise dots step into nested objects (by key) and arrays (by index) from the top-level
/// key it starts with (`start(in:)`: `items.o` of `items.o.p` when `items` is none), and `[N]` after
/// a name is its element N (`items[0]` is `items.0`). `[]` after a name steps into every
/// element of the array (`items[].sku`): such a path reaches several values, which a
/// condition (`--where`) holds for when it holds for one of them (`values(in:)`).
public struct FieldPath: Hashable, Sendable, CustomStringConvertible {
    /// The text as written.
    public let text: String
    /// The dot-separated components.
    public let components: [String]

    public init(_ text: String) {
        self.text = text
        self.components = text.split(separator: ".", omittingEmptySubsequences: false).flatMap(Self.steps(of:))
    }

    public var description: String { text }

    /// The step into every element of an array: `[]` after a name.
    public static let everyElement = "[]"

    /// True when the path steps into every element of an array (`items[].sku`).
    public var reachesEveryElement: Bool { components.contains(Self.everyElement) }

    /// Where this path starts among top-level names (`lookup` finds what a name is, or nil when
    /// there is none): the name that is the whole path (a CSV header `a.b`); else its first step
    /// (`customer` of `customer.name`), or failing that the shortest run of its first steps
    /// joined with dots that is a name (an exploded element's field `items.o` of `items.o.p`),
    /// with the steps after it. Records and tables resolve paths alike through it.
    @inline(__always)
    public func start<Found>(in lookup: (String) -> Found?) -> (found: Found, steps: ArraySlice<String>)? {
        if let whole = lookup(text) { return (whole, components[components.endIndex...]) }
        return outerStart(in: lookup)
    }

    /// `start(in:)` short of the whole path: the name it steps into a nested value from, and the steps.
    @inline(__always)
    public func outerStart<Found>(in lookup: (String) -> Found?) -> (found: Found, steps: ArraySlice<String>)? {
        guard components.count > 1 else { return nil }
        if let first = lookup(components[0]) { return (first, components.dropFirst()) }
        var name = components[0]
        for end in 2..<components.count {
            name += "." + components[end - 1]
            if let found = lookup(name) { return (found, components[end...]) }
        }
        return nil
    }

    /// Whether the path starts from one of the top-level names `isName` takes (`start(in:)`):
    /// is one of them, or, with `nested` alone, steps into a value from one (`outerStart`).
    public func starts(among isName: (String) -> Bool, nested: Bool = false) -> Bool {
        let lookup = { (name: String) in isName(name) ? () : nil }
        return (nested ? outerStart(in: lookup) : start(in: lookup)) != nil
    }

    /// Every value at this path in `record`: one or none, or, through `[]` steps, each element's.
    public func values(in record: Record) -> [Value] {
        guard reachesEveryElement else { return value(in: record).map { [$0] } ?? [] }
        guard let (first, steps) = start(in: { record[$0] }) else { return [] }
        return Self.values(in: first, along: steps)
    }

    /// Every value at `steps` inside `value` (`[]` steps into each element of an array).
    public static func values(in value: Value, along steps: ArraySlice<String>) -> [Value] {
        guard let step = steps.first else { return [value] }
        let rest = steps.dropFirst()
        if step == everyElement {
            guard case .array(let elements) = value else { return [] }
            return elements.flatMap { values(in: $0, along: rest) }
        }
        return value.child(step).map { values(in: $0, along: rest) } ?? []
    }

    /// A dot-separated part as its steps: `items[0][1]` is `items`, `0`, `1`; a part whose
    /// brackets hold anything but a number (or that has no name before them) stays as it is.
    private static func steps(of part: Substring) -> [String] {
        guard part.last == "]", let open = part.firstIndex(of: "["), open != part.startIndex else { return [String(part)] }
        var steps = [String(part[..<open])]
        var rest = part[open...]
        while let first = rest.first, first == "[", let close = rest.firstIndex(of: "]") {
            let index = rest[rest.index(after: rest.startIndex)..<close]
            guard index.allSatisfy({ $0.isASCII && $0.isNumber }) else { return [String(part)] }
            steps.append(index.isEmpty ? everyElement : String(index))
            rest = rest[rest.index(after: close)...]
        }
        return rest.isEmpty ? steps : [String(part)]
    }

    /// The value at this path in `record`, or nil when any step is missing.
    public func value(in record: Record) -> Value? {
        guard let (first, steps) = start(in: { record[$0] }) else { return nil }
        var current = first
        for component in steps {
            guard let next = current.child(component) else { return nil }
            current = next
        }
        return current
    }

    /// The value at this path inside `value` (the root stands for the record).
    public func value(in value: Value) -> Value? {
        var current = value
        for component in components {
            guard let next = current.child(component) else { return nil }
            current = next
        }
        return current
    }
}
