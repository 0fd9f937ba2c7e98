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

    /// Calls `body` with each element of the array `text`; false when `text` is not one.
    public static func forEachElement(of text: UnsafeRawBufferPointer, _ body: (Span) -> Void) -> Bool {
        walkElements(of: text, readingObjects: false, member: { _, _ in }, element: body)
    }

    /// Calls `element` with each element of the array `text`, and before an object element
    /// `member` with each of its members, in the one walk over the text; false when `text` is not
    /// an array.
    public static func forEachElement(of text: UnsafeRawBufferPointer, member: (Span, Span) -> Void,
                                      element: (Span) -> Void) -> Bool {
        walkElements(of: text, readingObjects: true, member: member, element: element)
    }

    /// Calls `body` with each member of the object `text` (its key's bytes, escaped or not, and
    /// its value); false when `text` is not one.
    public static func forEachMember(of text: UnsafeRawBufferPointer, _ body: (Span, Span) -> Void) -> Bool {
        var reader = CompactJSONReader(text)
        return object(&reader, body) && reader.index == text.count
    }

    /// A scanned string's text, its escapes read (nil for an escape JSON does not have).
    public static func text(of span: Span) -> String? {
        span.escaped ? CompactJSONReader.unescaped(span.text) : String(decoding: span.text, as: UTF8.self)
    }

    @inline(__always)
    private static func walkElements(of text: UnsafeRawBufferPointer, readingObjects: Bool, member: (Span, Span) -> Void,
                                     element: (Span) -> Void) -> Bool {
        var reader = CompactJSONReader(text)
        guard reader.skip(UInt8(ascii: "[")) else { return false }
        if reader.skip(UInt8(ascii: "]")) { return reader.index == text.count }
        while true {
            if readingObjects, reader.byte == UInt8(ascii: "{") {
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
