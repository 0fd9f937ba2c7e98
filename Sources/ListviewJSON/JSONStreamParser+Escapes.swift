extension JSONStreamParser {
    /// A string's bytes with its escapes undone, as yajl 2.1's `yajl_string_decode` undoes them.
    ///
    /// The lexer has checked the string, so each escape is whole: a backslash and one of
    /// `"\/bfnrt`, or `\u` and four hex digits. A `\u` escape becomes the UTF-8 of its code
    /// point (`\u0000` a zero byte); a high surrogate followed by any `\u` escape is joined
    /// with it into one code point, without checking that the second is a low surrogate; a
    /// high surrogate followed by anything else becomes `?`, and the byte after it is
    /// dropped. `JSONTextCheck` stops the text before every escape that is not half of a
    /// proper pair, so only the first of those rules is met in practice; the rest are kept
    /// as yajl has them.
    enum Escapes {
        /// Writes the bytes of the string `text` (`count` bytes between its quotes), escapes
        /// undone, into `output`, which it empties first. They are never more than `count`.
        static func decode(_ text: UnsafePointer<UInt8>, count: Int, into output: inout Bytes) {
            output.removeAll()
            output.reserve(count)
            let out = output.base
            var written = 0
            var index = 0
            while index < count {
                let byte = text[index]
                guard byte == UInt8(ascii: "\\"), index + 1 < count else {
                    out[written] = byte
                    written += 1
                    index += 1
                    continue
                }
                let escaped = text[index + 1]
                index += 2
                switch escaped {
                case UInt8(ascii: "r"): out[written] = 0x0D
                case UInt8(ascii: "n"): out[written] = 0x0A
                case UInt8(ascii: "f"): out[written] = 0x0C
                case UInt8(ascii: "b"): out[written] = 0x08
                case UInt8(ascii: "t"): out[written] = 0x09
                case UInt8(ascii: "u"):
                    var code = hex(text, at: index, count: count)
                    index += 4
                    if code & 0xFC00 == 0xD800 {
                        guard index + 1 < count, text[index] == UInt8(ascii: "\\"), text[index + 1] == UInt8(ascii: "u") else {
                            // yajl writes `?` and skips the byte after the escape.
                            out[written] = UInt8(ascii: "?")
                            written += 1
                            index += 1
                            continue
                        }
                        let low = hex(text, at: index + 2, count: count)
                        code = ((code & 0x3F) << 10) | ((((code >> 6) & 0xF) + 1) << 16) | (low & 0x3FF)
                        index += 6
                    }
                    written += utf8(code, to: out + written)
                    continue
                default:
                    out[written] = escaped  // `"`, `\` and `/` stand for themselves
                }
                written += 1
            }
            output.didWrite(written)
        }

        /// The value of the four hex digits at `start` (as many as there are before `count`).
        @inline(__always)
        private static func hex(_ text: UnsafePointer<UInt8>, at start: Int, count: Int) -> UInt32 {
            var value: UInt32 = 0
            var index = start
            while index < min(start + 4, count) {
                let byte = text[index]
                let digit = byte <= UInt8(ascii: "9") ? byte &- UInt8(ascii: "0") : (byte | 0x20) &- UInt8(ascii: "a") &+ 10
                value = value << 4 | UInt32(digit & 0x0F)
                index += 1
            }
            return value
        }

        /// yajl's `Utf32toUtf8`: up to four bytes, `?` past them; how many were written.
        @inline(__always)
        private static func utf8(_ code: UInt32, to out: UnsafeMutablePointer<UInt8>) -> Int {
            switch code {
            case 0..<0x80:
                out[0] = UInt8(code)
                return 1
            case 0x80..<0x800:
                out[0] = UInt8(0xC0 | code >> 6)
                out[1] = UInt8(0x80 | code & 0x3F)
                return 2
            case 0x800..<0x10000:
                out[0] = UInt8(0xE0 | code >> 12)
                out[1] = UInt8(0x80 | code >> 6 & 0x3F)
                out[2] = UInt8(0x80 | code & 0x3F)
                return 3
            case 0x10000..<0x200000:
                out[0] = UInt8(0xF0 | code >> 18)
                out[1] = UInt8(0x80 | code >> 12 & 0x3F)
                out[2] = UInt8(0x80 | code >> 6 & 0x3F)
                out[3] = UInt8(0x80 | code & 0x3F)
                return 4
            default:
                out[0] = UInt8(ascii: "?")
                return 1
            }
        }
    }
}
