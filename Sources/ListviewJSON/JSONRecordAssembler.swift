import ListviewBatches
import ListviewInput
import ListviewValues

/// Turns a stream of JSON parse events into records, as they complete.
///
/// It walks down to the selected value (`--path`), then lists it: an array's
/// elements, an object's members (with the member name in a `key` field), or a
/// lone scalar as one record with a `value` field. Values are built on an
/// explicit stack, never by recursion, so nesting depth cannot overflow the
/// stack; past `maxDepth` levels the parse is refused with an error.
final class JSONRecordAssembler: JSONEventHandler {
    /// The deepest nesting accepted.
    static let defaultMaxDepth = JSONRecordSource.defaultMaxDepth

    private enum Role {
        /// On the way to the selected value; `matched` path components so far.
        case navigating(matched: Int)
        /// Off the selected path: contents are ignored.
        case skipping
        /// The selected container: each child is a record.
        case listing
    }

    private struct Frame {
        var role: Role
        var isObject: Bool
        var index = 0
        var key = ""
    }

    /// A container being built inside a record.
    private struct Builder {
        var isObject: Bool
        var keys: [String] = []
        var values: [Value] = []
        var pendingKey = ""
        /// For the outermost container of a record listed from an object: the member name.
        var memberName: String?
    }

    private enum Slot {
        case target
        case record(memberName: String?)
        case navigate(matched: Int)
        case ignore
    }

    private let schema: RecordSchema
    private let path: [String]
    /// JSON Lines: each line's value is one record, and a selected object is a record, not a list of members.
    private let objectIsRecord: Bool
    private let maxDepth: Int
    private var frames: [Frame] = []
    private var builders: [Builder] = []
    private var depth = 0
    private var lastRecordWidth = 8
    /// Records completed and not yet handed out.
    private var completed = RecordQueue()
    /// True once the selected value has been seen.
    private(set) var foundTarget = false

    init(schema: RecordSchema, path: [String], objectIsRecord: Bool = false,
         maxDepth: Int = JSONRecordAssembler.defaultMaxDepth) {
        self.schema = schema
        self.path = path
        self.objectIsRecord = objectIsRecord
        self.maxDepth = maxDepth
    }

    // MARK: yajl's events, strings checked as UTF-8 and decoded here

    override func null() -> Bool { scalar(.null) }

    override func bool(_ flag: Bool) -> Bool { scalar(.bool(flag)) }

    override func number(_ text: UnsafeRawBufferPointer) -> Bool {
        scalar(.number(String(decoding: text, as: UTF8.self)))
    }

    override func string(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let text = Self.text(bytes) else { return refuse(Self.invalidUTF8) }
        return scalar(.string(text))
    }

    override func key(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let text = Self.text(bytes) else { return refuse(Self.invalidUTF8) }
        return key(text)
    }

    static let invalidUTF8 = "invalid UTF-8 in a string"

    /// The string yajl found, or nil when its bytes are not valid UTF-8 (never repaired silently).
    /// Checked first, then decoded: `String(validating:)` looked up generic metadata per string.
    @inline(__always)
    private static func text(_ bytes: UnsafeRawBufferPointer) -> String? {
        UTF8Check.isValid(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }

    // MARK: Handing out records

    var hasCompletedRecord: Bool { !completed.isEmpty }

    func nextCompleted() -> Record? { completed.next() }

    // MARK: Parse events; each returns false to stop the parse

    override var isInsideValue: Bool { depth > 0 }

    func scalar(_ value: Value) -> Bool {
        if depth == 0, !topLevelValueBegins() { return false }
        if !builders.isEmpty {
            appendToTopBuilder(value)
            return true
        }
        switch slot() {
        case .target:
            foundTarget = true
            emit(keys: ["value"], values: [value])
        case .record(let memberName):
            emit(keys: ["value"], values: [value], memberName: memberName)
        case .navigate, .ignore:
            break
        }
        advanceFrame()
        return true
    }

    func key(_ key: String) -> Bool {
        if builders.isEmpty {
            if !frames.isEmpty { frames[frames.count - 1].key = key }
        } else {
            builders[builders.count - 1].pendingKey = key
        }
        return true
    }

    override func startContainer(isObject: Bool) -> Bool {
        if depth == 0, !topLevelValueBegins() { return false }
        depth += 1
        if depth > maxDepth { return refuse("nesting deeper than \(maxDepth) levels") }
        if !builders.isEmpty {
            builders.append(Builder(isObject: isObject))
            return true
        }
        var slot = slot()
        if case .target = slot {
            foundTarget = true
            if isObject && objectIsRecord { slot = .record(memberName: nil) }
        }
        switch slot {
        case .target:
            frames.append(Frame(role: .listing, isObject: isObject))
        case .record(let memberName):
            var builder = Builder(isObject: isObject, memberName: memberName)
            builder.keys.reserveCapacity(lastRecordWidth)
            builder.values.reserveCapacity(lastRecordWidth)
            builders.append(builder)
        case .navigate(let matched):
            frames.append(Frame(role: .navigating(matched: matched), isObject: isObject))
        case .ignore:
            frames.append(Frame(role: .skipping, isObject: isObject))
        }
        return true
    }

    override func endContainer() -> Bool {
        depth -= 1
        if let builder = builders.popLast() {
            let value: Value = builder.isObject
                ? .object(ObjectValue(keys: builder.keys, values: builder.values))
                : .array(builder.values)
            if !builders.isEmpty {
                appendToTopBuilder(value)
                return true
            }
            if builder.isObject {
                lastRecordWidth = builder.keys.count
                emit(keys: builder.keys, values: builder.values, memberName: builder.memberName)
            } else {
                emit(keys: ["value"], values: [value], memberName: builder.memberName)
            }
            advanceFrame()
            return true
        }
        frames.removeLast()
        advanceFrame()
        return true
    }

    // MARK: Internals

    private func appendToTopBuilder(_ value: Value) {
        let top = builders.count - 1
        if builders[top].isObject {
            builders[top].keys.append(builders[top].pendingKey)
        }
        builders[top].values.append(value)
    }

    /// What a value starting now is, given where the parse stands.
    private func slot() -> Slot {
        guard let frame = frames.last else {
            if !path.isEmpty { return .navigate(matched: 0) }
            if objectIsRecord {
                foundTarget = true
                return .record(memberName: nil)
            }
            return .target
        }
        switch frame.role {
        case .skipping:
            return .ignore
        case .listing:
            return .record(memberName: frame.isObject ? frame.key : nil)
        case .navigating(let matched):
            let component = frame.isObject ? frame.key : String(frame.index)
            guard matched < path.count, component == path[matched] else { return .ignore }
            return matched + 1 == path.count ? .target : .navigate(matched: matched + 1)
        }
    }

    private func advanceFrame() {
        if !frames.isEmpty { frames[frames.count - 1].index += 1 }
    }

    /// Members of an object listed one record each, so far.
    private(set) var membersListed = 0
    /// Of those, the ones whose value is an array, with their element counts (an API envelope
    /// such as `{"total_count":3,"items":[…]}` has one).
    private(set) var arrayMembers: [(name: String, count: Int)] = []

    private func emit(keys: [String], values: [Value], memberName: String? = nil) {
        guard let memberName else {
            completed.append(schema.record(keys: keys, values: values))
            return
        }
        membersListed += 1
        if keys == ["value"], case .array(let elements)? = values.first { arrayMembers.append((memberName, elements.count)) }
        var keys = keys
        if let clash = keys.firstIndex(of: "key") {
            keys[clash] = ColumnNames.uniqueName("key", avoiding: Set(keys))
        }
        completed.append(schema.record(keys: ["key"] + keys, values: [.string(memberName)] + values))
    }
}

