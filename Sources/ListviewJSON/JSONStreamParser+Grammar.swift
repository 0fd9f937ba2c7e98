extension JSONStreamParser {
    /// Why a call stopped, with yajl's count of the bytes it consumed of the call's.
    struct Stop: Equatable {
        var message: String
        /// Bytes consumed of the call's bytes (`yajl_get_bytes_consumed`), at most their count.
        var consumed: Int
        /// Whether `consumed` ends on the offending byte rather than just after it.
        var endsOnOffendingByte: Bool

        /// Where the error is, from the start of the call's bytes: the offending byte (yajl's
        /// offset, which stays in the call: 0 for one before it).
        var offset: Int { endsOnOffendingByte ? consumed : max(consumed - 1, 0) }
        /// `offset`, before the call when that is where the error is (`exactOffsets`).
        var exactOffset: Int { endsOnOffendingByte ? consumed : consumed - 1 }
    }

    /// yajl 2.1's parser (`yajl_parser.c`, `yajl_do_parse`) as listview configures it
    /// (strings left unchecked, no comments, several values only in JSON Lines), calling a
    /// `JSONEventHandler` where yajl calls its callbacks, and stopping where a handler
    /// refuses (`_CC_CHK`).
    ///
    /// A stack of states, one per open container, as yajl keeps (`yajl_bytestack`): no
    /// recursion, so depth costs memory, not stack. Text is given in calls, as yajl is
    /// given chunks; a call returns at the first error, or when its bytes end.
    struct Grammar: ~Copyable {
        /// yajl's parser states (`yajl_state`).
        enum State: UInt8 {
            case start, parseComplete, parseError, lexicalError
            case mapStart, mapNeedKey, mapSeparator, mapNeedValue, mapGotValue
            case arrayStart, arrayNeedValue, arrayGotValue, gotValue
        }

        private(set) var lexer = Lexer()
        /// The state of the innermost open container (or of the text, outside them all).
        private(set) var state = State.start
        /// The states of the containers around it, outermost first.
        private var outer: [State] = []
        /// `yajl_allow_multiple_values`: on for JSON Lines.
        private let multipleValues: Bool
        /// "after key and value" at the token's start even when that is before the call (yajl
        /// says the call's start then): `JSONStreamParser`'s `exactOffsets`.
        private let exactOffsets: Bool
        /// A string with its escapes undone, handed to the handler.
        private var decoded = Bytes()

        init(multipleValues: Bool, exactOffsets: Bool = false) {
            self.multipleValues = multipleValues
            self.exactOffsets = exactOffsets
        }

        /// `yajl_complete_parse`, after the text's last call: the message of the error its end
        /// makes, if any.
        mutating func finish(_ handler: JSONEventHandler) -> String? {
            // yajl parses one space more, and then must stand after a whole value.
            var space = UInt8(ascii: " ")
            if let stop = withUnsafePointer(to: &space, { parse($0, count: 1, handler) }) { return stop.message }
            // A string still open after the space (`[1] "abc`): yajl ends there without a word,
            // which would pass a cut text off as whole.
            if lexer.cutToken != nil { return "unexpected end of JSON input" }
            switch state {
            case .gotValue, .parseComplete: return nil
            default: return "unexpected end of JSON input"
            }
        }

        /// `yajl_parse` of the next `count` bytes of the text (at least one): nil when they hold
        /// no error (yet).
        ///
        /// A stop is returned as soon as it is found: yajl would only answer again with it.
        mutating func parse(_ bytes: UnsafePointer<UInt8>, count: Int, _ handler: JSONEventHandler) -> Stop? {
            lexer.begin(bytes, count: count)
            while true {
                switch state {
                case .parseComplete:
                    if multipleValues {
                        state = .gotValue
                        continue
                    }
                    guard lexer.offset != lexer.limit else { return nil }
                    if case .end = lexer.next() { continue }
                    return stop("trailing garbage")
                case .parseError, .lexicalError:
                    return stop("malformed JSON")  // not reached: the error stopped the call that met it
                case .start, .gotValue, .mapNeedValue, .arrayNeedValue, .arrayStart:
                    var inner: State?
                    switch lexer.next() {
                    case .end:
                        return nil
                    case .error(let error):
                        return lexical(error)
                    case .string(let hasEscapes):
                        guard string(hasEscapes: hasEscapes, isKey: false, handler) else { return refused(handler) }
                    case .number:
                        guard handler.number(UnsafeRawBufferPointer(start: lexer.token, count: lexer.tokenLength)) else { return refused(handler) }
                    case .literal(.null):
                        guard handler.null() else { return refused(handler) }
                    case .literal(.true):
                        guard handler.bool(true) else { return refused(handler) }
                    case .literal(.false):
                        guard handler.bool(false) else { return refused(handler) }
                    case .openObject:
                        guard handler.startContainer(isObject: true) else { return refused(handler) }
                        inner = .mapStart
                    case .openArray:
                        guard handler.startContainer(isObject: false) else { return refused(handler) }
                        inner = .arrayStart
                    case .closeArray where state == .arrayStart:
                        guard handler.endContainer() else { return refused(handler) }
                        close()
                        continue
                    case .closeArray, .closeObject, .colon, .comma:
                        return stop("unallowed token at this point in JSON text")
                    }
                    switch state {
                    case .start, .gotValue: state = .parseComplete
                    case .mapNeedValue: state = .mapGotValue
                    default: state = .arrayGotValue
                    }
                    if let inner {
                        outer.append(state)
                        state = inner
                    }
                case .mapStart, .mapNeedKey:
                    switch lexer.next() {
                    case .end:
                        return nil
                    case .error(let error):
                        return lexical(error)
                    case .string(let hasEscapes):
                        guard string(hasEscapes: hasEscapes, isKey: true, handler) else { return refused(handler) }
                        state = .mapSeparator
                    case .closeObject where state == .mapStart:
                        guard handler.endContainer() else { return refused(handler) }
                        close()
                    default:
                        return stop("invalid object key (must be a string)")
                    }
                case .mapSeparator:
                    switch lexer.next() {
                    case .colon: state = .mapNeedValue
                    case .end: return nil
                    case .error(let error): return lexical(error)
                    default: return stop("object key and value must be separated by a colon (':')")
                    }
                case .mapGotValue, .arrayGotValue:
                    let inObject = state == .mapGotValue
                    switch lexer.next() {
                    case .closeObject where inObject, .closeArray where !inObject:
                        guard handler.endContainer() else { return refused(handler) }
                        close()
                    case .comma:
                        state = inObject ? .mapNeedKey : .arrayNeedValue
                    case .end:
                        return nil
                    case .error(let error):
                        return lexical(error)
                    default:
                        guard inObject else { return stop("after array element, I expect ',' or ']'") }
                        // yajl "restores" the offset to the token's start, less a string's quotes.
                        let length = lexer.tokenLength, consumed = max(lexer.offset, 0)
                        return stop("after key and value, inside map, I expect ',' or '}'",
                                    consumed: exactOffsets || consumed >= length ? consumed - length : 0)
                    }
                }
            }
        }

        /// Leaves the innermost container (`yajl_bs_pop`).
        @inline(__always)
        private mutating func close() {
            state = outer.popLast() ?? .parseError
        }

        /// Hands the string last lexed to the handler, as a value or a key: the text's own bytes,
        /// or with escapes, the bytes they stand for.
        @inline(__always)
        private mutating func string(hasEscapes: Bool, isKey: Bool, _ handler: JSONEventHandler) -> Bool {
            var bytes = UnsafeRawBufferPointer(start: lexer.token + 1, count: lexer.tokenLength)
            if hasEscapes {
                Escapes.decode(lexer.token + 1, count: lexer.tokenLength, into: &decoded)
                bytes = UnsafeRawBufferPointer(start: decoded.base, count: decoded.count)
            }
            return isKey ? handler.key(bytes) : handler.string(bytes)
        }

        /// A lexical error, where the lexer stopped.
        private mutating func lexical(_ error: LexicalError) -> Stop {
            state = .lexicalError
            return Stop(message: error.rawValue, consumed: max(lexer.offset, 0), endsOnOffendingByte: error.endsOnOffendingByte)
        }

        /// The handler's refusal (`_CC_CHK`), after the token it refused.
        private mutating func refused(_ handler: JSONEventHandler) -> Stop {
            stop(handler.refusal ?? "client cancelled parse via callback return value")
        }

        /// A grammar error or a refusal, after the token (or at `consumed`).
        private mutating func stop(_ message: String, consumed: Int? = nil) -> Stop {
            state = .parseError
            return Stop(message: message, consumed: consumed ?? max(lexer.offset, 0), endsOnOffendingByte: false)
        }
    }
}
