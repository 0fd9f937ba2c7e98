extension JSONErrorLocator {
    /// Why a parse stopped, with yajl's count of the bytes it consumed of the bytes it was given.
    struct Stop: Equatable {
        var message: String
        /// Bytes consumed of the current call's bytes (`yajl_get_bytes_consumed`), at most their count.
        var consumed: Int
        /// Whether `consumed` ends on the offending byte rather than just after it.
        var endsOnOffendingByte: Bool

        /// Where `YajlParser` puts the error, from the start of the call's bytes.
        var offset: Int { endsOnOffendingByte ? consumed : max(consumed - 1, 0) }
    }

    /// yajl 2.1's parser (`yajl_parser.c`, `yajl_do_parse`) as listview configures it, driving
    /// the checks of listview's handler (`Refusals`).
    ///
    /// A stack of states, one per open container, as yajl keeps (`yajl_bytestack`): no
    /// recursion, so depth costs memory, not stack. Text is given in calls, as yajl is
    /// given chunks; a call returns at the first error, or when the bytes end.
    struct Grammar {
        /// yajl's parser states (`yajl_state`).
        enum State {
            case start, parseComplete, parseError, lexicalError
            case mapStart, mapNeedKey, mapSeparator, mapNeedValue, mapGotValue
            case arrayStart, arrayNeedValue, arrayGotValue, gotValue
        }

        private(set) var lexer: Lexer
        private var states: [State] = [.start]
        /// `yajl_allow_multiple_values`: on for JSON Lines.
        private let multipleValues: Bool
        var refusals: Refusals

        init(text: UnsafeRawBufferPointer, lines: Bool, maxDepth: Int) {
            lexer = Lexer(text: text)
            multipleValues = lines
            refusals = Refusals(maxDepth: maxDepth)
        }

        /// `yajl_parse` of the bytes `chunk` of the text, the next after the last call's: nil
        /// when they hold no error (yet). A token the last call's end cut is lexed again whole.
        mutating func parse(_ chunk: Range<Int>) -> Stop? {
            lexer.limit = chunk.upperBound
            return run(from: chunk.lowerBound)
        }

        /// `yajl_complete_parse`: the message of the error the end of the text makes, if any.
        mutating func finish() -> String? {
            // yajl parses one space more, and then must stand after a whole value.
            lexer.limit = lexer.text.count + 1
            if let stop = run(from: lexer.text.count) { return stop.message }
            switch states.last {
            case .gotValue, .parseComplete: return nil
            default: return "unexpected end of JSON input"
            }
        }

        private var current: State { states.last ?? .parseError }

        private mutating func set(_ state: State) {
            if states.isEmpty { states.append(state) } else { states[states.count - 1] = state }
        }

        /// The loop of `yajl_do_parse`; `start` is where the bytes of this call begin.
        ///
        /// A stop is returned as soon as it is found: yajl would only answer again with it.
        private mutating func run(from start: Int) -> Stop? {
            // yajl counts the bytes of this call only: a token lexed again from an earlier
            // call's bytes, backed up into them, counts none.
            func consumed(_ offset: Int) -> Int { min(max(offset - start, 0), max(lexer.limit - start, 0)) }
            func lexical(_ error: LexicalError) -> Stop {
                set(.lexicalError)
                return Stop(message: error.rawValue, consumed: consumed(lexer.offset), endsOnOffendingByte: error.endsOnOffendingByte)
            }
            /// A grammar error (`parseError`), or the handler's refusal (`_CC_CHK`), after the token.
            func stop(_ message: String, at offset: Int? = nil) -> Stop {
                set(.parseError)
                return Stop(message: message, consumed: consumed(offset ?? lexer.offset), endsOnOffendingByte: false)
            }
            while true {
                switch current {
                case .parseComplete:
                    if multipleValues {
                        set(.gotValue)
                        continue
                    }
                    guard lexer.offset < lexer.limit else { return nil }
                    switch lexer.next() {
                    case .end: return nil
                    default: return stop("trailing garbage")
                    }
                case .parseError, .lexicalError:
                    return stop("malformed JSON")  // not reached: the error stopped the call that met it
                case .start, .gotValue, .mapNeedValue, .arrayNeedValue, .arrayStart:
                    let token = lexer.next()
                    var stateToPush: State?
                    switch token {
                    case .end:
                        return nil
                    case .error(let error):
                        return lexical(error)
                    case .string(let hasEscapes):
                        if let refusal = refusals.string(lexer.text, lexer.tokenBytes, hasEscapes: hasEscapes) { return stop(refusal) }
                    case .literal, .number:
                        if let refusal = refusals.scalar() { return stop(refusal) }
                    case .openObject:
                        if let refusal = refusals.startContainer() { return stop(refusal) }
                        stateToPush = .mapStart
                    case .openArray:
                        if let refusal = refusals.startContainer() { return stop(refusal) }
                        stateToPush = .arrayStart
                    case .closeArray where current == .arrayStart:
                        refusals.endContainer()
                        _ = states.popLast()
                        continue
                    case .closeArray, .closeObject, .colon, .comma:
                        return stop("unallowed token at this point in JSON text")
                    }
                    switch current {
                    case .start, .gotValue: set(.parseComplete)
                    case .mapNeedValue: set(.mapGotValue)
                    default: set(.arrayGotValue)
                    }
                    if let stateToPush { states.append(stateToPush) }
                case .mapStart, .mapNeedKey:
                    switch lexer.next() {
                    case .end:
                        return nil
                    case .error(let error):
                        return lexical(error)
                    case .string(let hasEscapes):
                        if let refusal = refusals.key(lexer.text, lexer.tokenBytes, hasEscapes: hasEscapes) { return stop(refusal) }
                        set(.mapSeparator)
                    case .closeObject where current == .mapStart:
                        refusals.endContainer()
                        _ = states.popLast()
                    default:
                        return stop("invalid object key (must be a string)")
                    }
                case .mapSeparator:
                    switch lexer.next() {
                    case .colon: set(.mapNeedValue)
                    case .end: return nil
                    case .error(let error): return lexical(error)
                    default: return stop("object key and value must be separated by a colon (':')")
                    }
                case .mapGotValue:
                    switch lexer.next() {
                    case .closeObject:
                        refusals.endContainer()
                        _ = states.popLast()
                    case .comma:
                        set(.mapNeedKey)
                    case .end:
                        return nil
                    case .error(let error):
                        return lexical(error)
                    default:
                        // yajl "restores" the offset to the token's start, less a string's quotes.
                        let length = lexer.tokenLength
                        let offset = consumed(lexer.offset) >= length ? lexer.offset - length : start
                        return stop("after key and value, inside map, I expect ',' or '}'", at: offset)
                    }
                case .arrayGotValue:
                    switch lexer.next() {
                    case .closeArray:
                        refusals.endContainer()
                        _ = states.popLast()
                    case .comma:
                        set(.arrayNeedValue)
                    case .end:
                        return nil
                    case .error(let error):
                        return lexical(error)
                    default:
                        return stop("after array element, I expect ',' or ']'")
                    }
                }
            }
        }
    }
}
