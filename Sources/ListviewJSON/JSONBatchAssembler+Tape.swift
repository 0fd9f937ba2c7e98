import CSimdjson

extension JSONBatchAssembler {
    /// Replays the events of a simdjson tape (`SimdjsonParser`): the same calls yajl's callbacks
    /// make, in one loop with no call back from C. False when the assembler refused an event, or
    /// the tape ended inside one.
    func replay(tape: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = tape.count
        while index < count {
            let op = Int(tape[index])
            index += 1
            switch op {
            case LISTVIEW_SIMDJSON_NUMBER, LISTVIEW_SIMDJSON_STRING, LISTVIEW_SIMDJSON_KEY:
                guard index + 4 <= count else { return false }
                let length = Int(UInt32(littleEndian: tape.loadUnaligned(fromByteOffset: index, as: UInt32.self)))
                index += 4
                guard index + length <= count else { return false }
                let bytes = UnsafeRawBufferPointer(rebasing: tape[index..<index + length])
                index += length
                let accepted: Bool
                switch op {
                case LISTVIEW_SIMDJSON_NUMBER: accepted = number(bytes)
                case LISTVIEW_SIMDJSON_STRING: accepted = string(bytes)
                default: accepted = key(bytes)
                }
                guard accepted else { return false }
            case LISTVIEW_SIMDJSON_START_OBJECT:
                guard startContainer(isObject: true) else { return false }
            case LISTVIEW_SIMDJSON_START_ARRAY:
                guard startContainer(isObject: false) else { return false }
            case LISTVIEW_SIMDJSON_END:
                guard endContainer() else { return false }
            case LISTVIEW_SIMDJSON_NULL:
                guard null() else { return false }
            case LISTVIEW_SIMDJSON_FALSE:
                guard bool(false) else { return false }
            case LISTVIEW_SIMDJSON_TRUE:
                guard bool(true) else { return false }
            case LISTVIEW_SIMDJSON_LINE:
                valueOnLine = false
            default:
                return false
            }
        }
        return true
    }
}
