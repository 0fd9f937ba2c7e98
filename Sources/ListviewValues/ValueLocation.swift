/// Where a value is inside a document, as its text has it: members by name, elements by
/// position (a `DiffPath` names elements by key); an annotation finds its line from it.
public struct ValueLocation: Hashable, Sendable {
    public enum Step: Hashable, Sendable {
        case member(String)
        case index(Int)
    }

    public var steps: [Step] = []

    public init(_ steps: [Step] = []) { self.steps = steps }
}
