extension JSONStreamParser {
    /// yajl 2.1's lexer over the bytes of one call (`text`, `limit` of them): where the parse
    /// stands in them (`offset`, yajl's bytes consumed) and the token last lexed.
    ///
    /// A token that the call's bytes end before it does (a number too, which is only seen
    /// to end at the byte after it) is `.end`: its bytes are kept (`carried`, yajl's lexer
    /// buffer), and the next call lexes it on, the kept bytes first and then its own: a
    /// string from where it was cut, anything else again from its start. Offsets are the
    /// call's: a token begun in an earlier call starts before 0, and an offset never goes
    /// back past 0, as yajl counts only the bytes of the call.
    struct Lexer: ~Copyable {
        private var text: UnsafePointer<UInt8>
        private(set) var limit = 0
        var offset = 0
        /// Where the last token lexed began (negative: in the bytes an earlier call cut off).
        private(set) var tokenStart = 0
        /// The bytes of the last token lexed, quotes and all (in `text`, or in `carried`).
        private(set) var token: UnsafePointer<UInt8>
        /// The start of a token the last call's bytes cut off.
        private var carried = Bytes()
        /// A cut string: where in `carried` it is lexed on from (0: no string), and whether it has
        /// escapes so far. Lexed again from its start each call, a string as long as many calls
        /// would cost time in the square of its length (as it does with yajl).
        private var carriedString = (resume: 0, hasEscapes: false)

        init() {
            // Points at nothing until the first call: `limit` is 0.
            text = UnsafePointer(carried.base)
            token = text
        }

        /// Starts lexing the bytes of a call.
        mutating func begin(_ bytes: UnsafePointer<UInt8>, count: Int) {
            text = bytes
            limit = count
            offset = 0
        }

        /// Where the token the call's bytes cut off (kept for the next) begins, from the call's
        /// start (negative: an earlier call's), and whether it is a string; nil with none.
        var cutToken: (start: Int, isString: Bool)? {
            guard carried.count > 0 else { return nil }
            return (limit - carried.count, carried.base.pointee == UInt8(ascii: "\""))
        }

        /// The length yajl gives the token last lexed (`outLen`): a string's without its quotes.
        var tokenLength: Int {
            let length = offset - tokenStart
            return token.pointee == UInt8(ascii: "\"") ? length - 2 : length
        }

        /// The next token. At `.end` the call's bytes are all read, the cut token's kept.
        @inline(__always)
        mutating func next() -> Token {
            if carried.count > 0 { return nextCarried() }
            var index = offset, start = offset, hasEscapes = false
            let token = Self.lex(text, limit, &index, &start, &hasEscapes)
            tokenStart = start
            self.token = text + start
            if case .end = token {
                carry(from: start, resumingAt: index, hasEscapes: hasEscapes)
            } else {
                offset = index
            }
            return token
        }

        /// Keeps the bytes of a token the call's end cut off, from `start`: where a cut string may
        /// be lexed on from (`index`; its escapes so far, `hasEscapes`).
        private mutating func carry(from start: Int, resumingAt index: Int, hasEscapes: Bool) {
            offset = limit
            guard start < limit else { return }
            carried.append(text + start, count: limit - start)
            let isString = text[start] == UInt8(ascii: "\"")
            carriedString = isString ? (index - start, hasEscapes) : (0, false)
        }

        /// The token the last call cut off, completed with this call's bytes: lexed on in
        /// `carried` (a string from where it was cut, anything else from its start again), with
        /// as many of the call's bytes after it as it takes (doubling).
        private mutating func nextCarried() -> Token {
            let before = carried.count
            var taken = 0
            while true {
                let more = min(limit - taken, max(64, taken))
                carried.append(text + taken, count: more)
                taken += more
                var index = 0, start = 0, hasEscapes = false
                let bytes = UnsafePointer(carried.base)
                let token: Token
                if carriedString.resume > 0 {
                    (index, hasEscapes) = carriedString
                    token = Self.string(bytes, carried.count, &index, &hasEscapes)
                } else {
                    token = Self.lex(bytes, carried.count, &index, &start, &hasEscapes)
                }
                if case .end = token {
                    if carriedString.resume > 0 { carriedString = (index, hasEscapes) }
                    guard taken == limit else { continue }
                    // Still cut: every byte of the call is kept.
                    offset = limit
                    return .end
                }
                // The bytes stay where they are until the next write, after this token's event.
                carried.removeAll()
                carriedString = (0, false)
                self.token = bytes + start
                tokenStart = start - before
                offset = max(index - before, 0)
                return token
            }
        }
    }
}
