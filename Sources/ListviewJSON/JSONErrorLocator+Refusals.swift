import ListviewValues

extension JSONErrorLocator {
    /// What listview's handler (`JSONBatchAssembler`, through `JSONEventHandler`) refuses of the
    /// events yajl accepts: a string or key that is not UTF-8, nesting past the limit, and in
    /// JSON Lines a second value on a line.
    ///
    /// Each check is made where the assembler makes it, on the same event, so the first
    /// refusal and the token it stops at are the assembler's. Its messages are the
    /// assembler's; the rest of what it does (rows, columns, `--path`) refuses nothing.
    struct Refusals {
        let maxDepth: Int
        /// Containers open (the assembler's `depth`): a JSON Lines line must end at 0.
        private(set) var depth = 0
        /// JSON Lines: whether a value began on the line being read (`JSONEventHandler.valueOnLine`).
        var valueOnLine = false

        init(maxDepth: Int) {
            self.maxDepth = maxDepth
        }

        /// `JSONEventHandler.topLevelValueBegins`, called as a value begins outside any container.
        private mutating func topLevelValueBegins() -> String? {
            if valueOnLine { return "a second JSON value on the same line (JSON Lines holds one value per line)" }
            valueOnLine = true
            return nil
        }

        mutating func startContainer() -> String? {
            if depth == 0, let refusal = topLevelValueBegins() { return refusal }
            depth += 1
            if depth > maxDepth { return "nesting deeper than \(maxDepth) levels" }
            return nil
        }

        mutating func endContainer() {
            depth -= 1
        }

        /// A number, `true`, `false` or `null`.
        mutating func scalar() -> String? {
            depth == 0 ? topLevelValueBegins() : nil
        }

        /// A string value: `token` is its bytes in `text`, quotes and all.
        mutating func string(_ text: UnsafeRawBufferPointer, _ token: Range<Int>, hasEscapes: Bool) -> String? {
            guard Self.isUTF8(text, token, hasEscapes: hasEscapes) else { return JSONBatchAssembler.invalidUTF8 }
            return scalar()
        }

        /// An object key: `token` is its bytes in `text`, quotes and all.
        func key(_ text: UnsafeRawBufferPointer, _ token: Range<Int>, hasEscapes: Bool) -> String? {
            Self.isUTF8(text, token, hasEscapes: hasEscapes) ? nil : JSONBatchAssembler.invalidUTF8
        }

        /// Whether the string's bytes, with its escapes undone as yajl undoes them, are UTF-8
        /// (`UTF8Check`, as the assembler checks them).
        private static func isUTF8(_ text: UnsafeRawBufferPointer, _ token: Range<Int>, hasEscapes: Bool) -> Bool {
            guard token.count >= 2, token.lowerBound >= 0, token.upperBound <= text.count else { return true }
            let inside = UnsafeRawBufferPointer(rebasing: text[token.lowerBound + 1..<token.upperBound - 1])
            guard hasEscapes else { return UTF8Check.isValid(inside) }
            return decoded(inside).withUnsafeBytes { UTF8Check.isValid($0) }
        }

        /// A string's bytes with its escapes undone, as `yajl_string_decode` does. The text
        /// it is given is lexed, so each escape is whole; a surrogate escape without its other
        /// half never gets here (`JSONTextCheck` stops the text before it).
        static func decoded(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var index = 0
            func hex(at start: Int) -> UInt32 {
                var value: UInt32 = 0
                for offset in start..<max(start, min(start + 4, bytes.count)) {
                    let byte = bytes[offset]
                    let digit: UInt8 = byte <= UInt8(ascii: "9") ? byte &- UInt8(ascii: "0") : (byte | 0x20) &- UInt8(ascii: "a") &+ 10
                    value = value << 4 | UInt32(digit & 0x0F)
                }
                return value
            }
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                    output.append(byte)
                    index += 1
                    continue
                }
                let escaped = bytes[index + 1]
                index += 2
                switch escaped {
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "u"):
                    var code = hex(at: index)
                    index += 4
                    if code & 0xFC00 == 0xD800, index + 1 < bytes.count,
                       bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        // yajl joins the halves without checking the second is a low one.
                        let low = hex(at: index + 2)
                        code = ((code & 0x3F) << 10) | ((((code >> 6) & 0xF) + 1) << 16) | (low & 0x3FF)
                        index += 6
                    } else if code & 0xFC00 == 0xD800 {
                        // yajl writes `?` and skips the byte after the escape.
                        output.append(UInt8(ascii: "?"))
                        index += 1
                        continue
                    }
                    output.append(contentsOf: utf8(code))
                default: output.append(escaped)  // `"`, `\` and `/` stand for themselves
                }
            }
            return output
        }

        /// yajl's `Utf32toUtf8`: up to four bytes, `?` past them.
        private static func utf8(_ code: UInt32) -> [UInt8] {
            switch code {
            case 0..<0x80:
                return [UInt8(code)]
            case 0x80..<0x800:
                return [UInt8(0xC0 | code >> 6), UInt8(0x80 | code & 0x3F)]
            case 0x800..<0x10000:
                return [UInt8(0xE0 | code >> 12), UInt8(0x80 | code >> 6 & 0x3F), UInt8(0x80 | code & 0x3F)]
            case 0x10000..<0x200000:
                return [UInt8(0xF0 | code >> 18), UInt8(0x80 | code >> 12 & 0x3F), UInt8(0x80 | code >> 6 & 0x3F), UInt8(0x80 | code & 0x3F)]
            default:
                return [UInt8(ascii: "?")]
            }
        }
    }
}
