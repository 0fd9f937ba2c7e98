import ListviewBatches
import ListviewValues

/// Walks the compact JSON text of a nested cell without building values: an array's elements,
/// an object's members, each value as its bytes and the cell kind it is (`CompactJSONReader`'s
/// tokens). What `--explode` and `--flatten` need to turn nested values into cells at the speed
/// of copying them. Returns false for text that is not compact JSON of the expected shape; the
/// caller then decodes it (`JSONNestedValue`).
public enum CompactJSONScanner {
    /// A value's text: a string's bytes between its quotes (`escaped` when they hold a
    /// backslash), or the whole text of a number, `true`, `false`, `null`, object or array.
    public struct Span {
        public var text: UnsafeRawBufferPointer
        public var kind: CellKind
        public var escaped: Bool
    }

    /// Calls `element` with each element of the array `text`, and before an object element
    /// `member` with each of its members, in the one walk over the text; false when `text` is not
    /// an array.
    public static func forEachElement(of text: UnsafeRawBufferPointer, member: (Span, Span) -> Void,
                                      element: (Span) -> Void) -> Bool {
        var reader = CompactJSONReader(text)
        guard reader.skip(UInt8(ascii: "[")) else { return false }
        if reader.skip(UInt8(ascii: "]")) { return reader.index == text.count }
        while true {
            if reader.byte == UInt8(ascii: "{") {
                let start = reader.index
                guard object(&reader, member) else { return false }
                element(Span(text: UnsafeRawBufferPointer(rebasing: text[start..<reader.index]), kind: .nested, escaped: false))
            } else {
                guard let span = value(&reader) else { return false }
                element(span)
            }
            if reader.skip(UInt8(ascii: "]")) { return reader.index == text.count }
            guard reader.skip(UInt8(ascii: ",")) else { return false }
        }
    }

    /// Calls `element` with each element of `text` and its index, in order, when it is a compact
    /// JSON array of scalars alone (strings, numbers, `true`, `false`, `null`: the usual list of
    /// tags), and returns how many there are; nil, `element` perhaps called for the first few,
    /// when it holds an object or array (even an empty one) or is not compact JSON. What `walk`
    /// tells of such an array, read without a visitor: element `i` is a value (`Visitor.value`)
    /// after `next(key: nil, index: i, nonEmptyContainer: false)`.
    public static func forEachScalarElement(of text: UnsafeRawBufferPointer, _ element: (Int, Span) -> Void) -> Int? {
        var reader = CompactJSONReader(text)
        guard reader.skip(UInt8(ascii: "[")) else { return nil }
        if reader.skip(UInt8(ascii: "]")) { return reader.index == text.count ? 0 : nil }
        var index = 0
        while true {
            switch reader.byte {
            case UInt8(ascii: "\""):
                guard let (string, escaped) = reader.stringBytes() else { return nil }
                element(index, Span(text: string, kind: .string, escaped: escaped))
            case UInt8(ascii: "{"), UInt8(ascii: "["), nil:
                return nil
            default:
                guard let span = value(&reader) else { return nil }
                element(index, span)
            }
            index += 1
            if reader.skip(UInt8(ascii: "]")) { return reader.index == text.count ? index : nil }
            guard reader.skip(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// What `walk(_:_:)` tells of a container as it reads it, member by member.
    public protocol Visitor {
        /// The next member (its `key`) or element (`key` nil; its `index`) of the container being
        /// read, before its value: true to read the value, when it is a non-empty container, member
        /// by member in turn (then `leave()` after it), false to have it whole (`value(_:)`).
        mutating func next(key: Span?, index: Int, nonEmptyContainer: Bool) -> Bool
        /// The value of the member or element just met, when it is not read member by member.
        mutating func value(_ span: Span)
        /// The end of a container read member by member.
        mutating func leave()
    }

    /// Reads the object or array `text` member by member, and the containers in it that `visitor`
    /// chooses, in one pass: text nested n levels deep is read once, not once per level as taking
    /// each container whole and then walking it would. False when `text` is not compact JSON.
    public static func walk(_ text: UnsafeRawBufferPointer, _ visitor: inout some Visitor) -> Bool {
        var reader = CompactJSONReader(text)
        return container(&reader, &visitor) && reader.index == text.count
    }

    private static func container(_ reader: inout CompactJSONReader, _ visitor: inout some Visitor) -> Bool {
        let isObject = reader.skip(UInt8(ascii: "{"))
        guard isObject || reader.skip(UInt8(ascii: "[")) else { return false }
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if reader.skip(close) { return true }
        var index = 0
        while true {
            var key: Span?
            if isObject {
                guard let (text, escaped) = reader.stringBytes(), reader.skip(UInt8(ascii: ":")) else { return false }
                key = Span(text: text, kind: .string, escaped: escaped)
            }
            let opening = reader.byte
            // Compact JSON has no spaces: `{}` and `[]` are its only empty containers.
            let nonEmpty = reader.index + 1 < reader.bytes.count
                && (opening == UInt8(ascii: "{") && reader.bytes[reader.index + 1] != UInt8(ascii: "}")
                    || opening == UInt8(ascii: "[") && reader.bytes[reader.index + 1] != UInt8(ascii: "]"))
            if visitor.next(key: key, index: index, nonEmptyContainer: nonEmpty) && nonEmpty {
                guard container(&reader, &visitor) else { return false }
                visitor.leave()
            } else {
                guard let span = value(&reader) else { return false }
                visitor.value(span)
            }
            index += 1
            if reader.skip(close) { return true }
            guard reader.skip(UInt8(ascii: ",")) else { return false }
        }
    }

    /// A scanned string's text, its escapes read (nil for an escape JSON does not have).
    public static func text(of span: Span) -> String? {
        span.escaped ? CompactJSONReader.unescaped(span.text) : String(decoding: span.text, as: UTF8.self)
    }

    /// Reads the object at the reader's position, calling `body` with each member; false when the
    /// text there is not one.
    private static func object(_ reader: inout CompactJSONReader, _ body: (Span, Span) -> Void) -> Bool {
        guard reader.skip(UInt8(ascii: "{")) else { return false }
        if reader.skip(UInt8(ascii: "}")) { return true }
        while true {
            guard let (key, escaped) = reader.stringBytes(), reader.skip(UInt8(ascii: ":")), let member = value(&reader) else { return false }
            body(Span(text: key, kind: .string, escaped: escaped), member)
            if reader.skip(UInt8(ascii: "}")) { return true }
            guard reader.skip(UInt8(ascii: ",")) else { return false }
        }
    }

    /// The value at the reader's position, moving past it.
    private static func value(_ reader: inout CompactJSONReader) -> Span? {
        switch reader.byte {
        case UInt8(ascii: "\"")?:
            return reader.stringBytes().map { Span(text: $0.text, kind: .string, escaped: $0.escaped) }
        case UInt8(ascii: "{")?, UInt8(ascii: "[")?:
            return reader.containerBytes().map { Span(text: $0, kind: .nested, escaped: false) }
        case UInt8(ascii: "t")?, UInt8(ascii: "f")?, UInt8(ascii: "n")?:
            let start = reader.index
            guard reader.literal("true") || reader.literal("false") || reader.literal("null") else { return nil }
            let word = UnsafeRawBufferPointer(rebasing: reader.bytes[start..<reader.index])
            return Span(text: word, kind: word.first == UInt8(ascii: "n") ? .null : .bool, escaped: false)
        case nil:
            return nil
        default:
            return reader.numberBytes().map { Span(text: $0, kind: .number, escaped: false) }
        }
    }
}
