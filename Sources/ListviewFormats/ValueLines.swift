import ListviewInput
import ListviewJSON
import ListviewValues

/// The line each wanted value of a JSON document begins on, found by reading the file once more:
/// where a `--style github` annotation of a one-document diff points. A member's line is its
/// name's; an element's, its first byte's. Lines end at LF, CRLF or a lone CR, as in error
/// positions (`TextPosition`); the text was read whole before (it is valid JSON).
public struct ValueLines {
    /// The line of each wanted location that the document has.
    public private(set) var lines: [ValueLocation: Int] = [:]

    /// Scans the JSON document at `path` for the lines of the `wanted` locations; nil for
    /// standard input (which cannot be read again) or a file that cannot be read.
    public static func find(in path: String, wanted: Set<ValueLocation>) -> ValueLines? {
        guard path != "-", let input = try? ByteInput(path: path) else { return nil }
        var scanner = Scanner(wanted: wanted)
        do {
            while try input.withNextChunk({ scanner.scan($0) }) {}
        } catch {
            return nil
        }
        return ValueLines(lines: scanner.found)
    }

    /// Walks the text byte by byte, keeping where it stands (`trail`) and the line.
    private struct Scanner {
        /// One open container: an object's member name last read, or an array's elements so far.
        struct Frame {
            var isObject: Bool
            var elements = 0
        }

        let wanted: Set<ValueLocation>
        var found: [ValueLocation: Int] = [:]
        var frames: [Frame] = []
        /// The location of the value being read, or about to be (a member's name read).
        var trail = ValueLocation()
        var line = 1
        var afterCR = false
        var inString = false
        var escaped = false
        var inScalar = false
        /// A member's name being read (its bytes, and the line it began on), before its colon.
        var key: [UInt8]?
        var keyLine = 1
        var keyEscaped = false

        init(wanted: Set<ValueLocation>) { self.wanted = wanted }

        /// Whether a string beginning now is a member's name: in an object, before the colon.
        var expectsKey = false

        mutating func scan(_ bytes: UnsafeRawBufferPointer) {
            for byte in bytes {
                if byte == 0x0A && afterCR {
                    afterCR = false
                    continue
                }
                afterCR = byte == 0x0D
                step(byte)
                if byte == 0x0A || byte == 0x0D { line += 1 }
            }
        }

        private mutating func step(_ byte: UInt8) {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                    keyEscaped = key != nil
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if key != nil { endKey() }
                    return
                }
                key?.append(byte)
                return
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                inScalar = false
            case UInt8(ascii: ","):
                inScalar = false
                endValue()
                if frames.last?.isObject == true { expectsKey = true }
            case UInt8(ascii: ":"):
                inScalar = false
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                inScalar = false
                endValue()  // the last member or element, if the container has one
                // A file changed since it was read may close more than it opened: nothing to end then.
                if !frames.isEmpty { frames.removeLast() }
                expectsKey = false
            case UInt8(ascii: "\""):
                if expectsKey {
                    key = []
                    keyLine = line
                    keyEscaped = false
                    expectsKey = false
                } else {
                    beginValue()
                }
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                beginValue()
                frames.append(Frame(isObject: byte == UInt8(ascii: "{")))
                expectsKey = byte == UInt8(ascii: "{")
            default:
                if !inScalar { beginValue() }
                inScalar = true
            }
        }

        /// A value begins: an array's next element gets its place (a member's came with its name).
        private mutating func beginValue() {
            guard let last = frames.last, !last.isObject else { return }
            trail.steps.append(.index(last.elements))
            frames[frames.count - 1].elements += 1
            if wanted.contains(trail) { found[trail] = line }
        }

        /// A member's name ended: the member's place, at the line its name began on.
        private mutating func endKey() {
            guard let bytes = key else { return }
            key = nil
            var name = String(decoding: bytes, as: UTF8.self)
            if keyEscaped, case .string(let decoded)? = ("\"" + name + "\"").utf8CString.withUnsafeBytes({ text in
                JSONNestedValue.decode(UnsafeRawBufferPointer(rebasing: text.dropLast()))
            }) {
                name = decoded
            }
            trail.steps.append(.member(name))
            if wanted.contains(trail) { found[trail] = keyLine }
        }

        /// The value at the end of the trail ended (before a comma or its container's end).
        private mutating func endValue() {
            if trail.steps.count == frames.count { trail.steps.removeLast() }
        }
    }
}
