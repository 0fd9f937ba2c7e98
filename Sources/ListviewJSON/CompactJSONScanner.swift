import ListviewBatches
import ListviewValues

/// Walks the compact JSON text of a nested cell without building values: an array's elements,
/// an object's members, each value as its bytes and the cell kind it is. What `--explode` needs
/// to turn the elements of an array into cells at the speed of copying them. Returns false for
/// text that is not compact JSON of the expected shape; the caller then decodes it
/// (`JSONNestedValue`).
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
        var index = 0
        return object(in: text, at: &index, body) && index == text.count
    }

    @inline(__always)
    private static func walkElements(of text: UnsafeRawBufferPointer, readingObjects: Bool, member: (Span, Span) -> Void,
                                     element: (Span) -> Void) -> Bool {
        guard text.count >= 2, text[0] == UInt8(ascii: "["), text[text.count - 1] == UInt8(ascii: "]") else { return false }
        var index = 1
        if index == text.count - 1 { return true }
        while true {
            if readingObjects, text[index] == UInt8(ascii: "{") {
                let start = index
                guard object(in: text, at: &index, member) else { return false }
                element(Span(text: UnsafeRawBufferPointer(rebasing: text[start..<index]), kind: .nested, escaped: false))
            } else {
                guard let span = value(in: text, at: &index) else { return false }
                element(span)
            }
            guard index < text.count else { return false }
            if text[index] == UInt8(ascii: ",") {
                index += 1
            } else {
                return text[index] == UInt8(ascii: "]") && index == text.count - 1
            }
        }
    }

    /// Reads the object starting at `index`, calling `body` with each member, and moves `index`
    /// past it; false when the text there is not one.
    private static func object(in text: UnsafeRawBufferPointer, at index: inout Int, _ body: (Span, Span) -> Void) -> Bool {
        guard index + 1 < text.count, text[index] == UInt8(ascii: "{") else { return false }
        index += 1
        if text[index] == UInt8(ascii: "}") {
            index += 1
            return true
        }
        while true {
            guard index < text.count, text[index] == UInt8(ascii: "\""), let key = value(in: text, at: &index),
                  index < text.count, text[index] == UInt8(ascii: ":") else { return false }
            index += 1
            guard let member = value(in: text, at: &index) else { return false }
            body(key, member)
            guard index < text.count else { return false }
            index += 1
            if text[index - 1] == UInt8(ascii: "}") { return true }
            guard text[index - 1] == UInt8(ascii: ",") else { return false }
        }
    }

    /// The value starting at `index`, moving `index` past it.
    private static func value(in text: UnsafeRawBufferPointer, at index: inout Int) -> Span? {
        guard index < text.count else { return nil }
        let start = index
        switch text[index] {
        case UInt8(ascii: "\""):
            index += 1
            var escaped = false
            while index < text.count, text[index] != UInt8(ascii: "\"") {
                if text[index] == UInt8(ascii: "\\") {
                    escaped = true
                    index += 1
                }
                index += 1
            }
            guard index < text.count else { return nil }
            index += 1
            return Span(text: UnsafeRawBufferPointer(rebasing: text[(start + 1)..<(index - 1)]), kind: .string, escaped: escaped)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var inString = false
            while index < text.count {
                let byte = text[index]
                index += 1
                if inString {
                    if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return Span(text: UnsafeRawBufferPointer(rebasing: text[start..<index]), kind: .nested, escaped: false) }
                default: break
                }
            }
            return nil
        default:
            while index < text.count, text[index] != UInt8(ascii: ","), text[index] != UInt8(ascii: "]"), text[index] != UInt8(ascii: "}") {
                index += 1
            }
            let word = UnsafeRawBufferPointer(rebasing: text[start..<index])
            let kind: CellKind
            switch word.first {
            case UInt8(ascii: "t"), UInt8(ascii: "f"):
                guard word.elementsEqual("true".utf8) || word.elementsEqual("false".utf8) else { return nil }
                kind = .bool
            case UInt8(ascii: "n"):
                guard word.elementsEqual("null".utf8) else { return nil }
                kind = .null
            default:
                guard NumberText.isNumber(word), word.first != UInt8(ascii: "+") else { return nil }
                kind = .number
            }
            return Span(text: word, kind: kind, escaped: false)
        }
    }
}
