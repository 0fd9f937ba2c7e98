import CSimdjson

extension JSONBatchAssembler {
    /// Replays a simdjson projection (`listview_simdjson_result.fields`: records whose kept keys'
    /// scalar values alone were handed over, `projectedKeys`) as the events `JSONStreamParser`
    /// gives for them: each record opens, its kept keys and their values come in its order,
    /// and it closes. The keys not kept are left out, as their values are (`isKept`): the rows
    /// are those the tape's replay makes. False when the assembler refused an event.
    func replayProjection(_ parsed: listview_simdjson_result, text: UnsafeRawPointer, lines: Bool) -> Bool {
        guard let fields = parsed.fields, let keys = projectedKeys else { return false }
        // simdjson checked the text's UTF-8, and the values stay in its buffer until the batch has them.
        stringsAreUTF8 = true
        valuesOutliveRecords = true
        defer { (stringsAreUTF8, valuesOutliveRecords) = (false, false) }
        return projectedKeyBytes.withUnsafeBytes { keyBytes in
            for index in 0..<parsed.field_count {
                let word = fields[3 * index]
                let kind = Int(word & 0xFF)
                switch kind {
                case LISTVIEW_SIMDJSON_FIELD_BEGIN:
                    if lines { valueOnLine = false }
                    guard startContainer(isObject: true) else { return false }
                    continue
                case LISTVIEW_SIMDJSON_FIELD_END:
                    guard endContainer() else { return false }
                    continue
                default:
                    break
                }
                let keyIndex = Int(word >> 8)
                guard keyIndex < keys.count, key(UnsafeRawBufferPointer(rebasing: keyBytes[keys[keyIndex]])) else { return false }
                let value = UnsafeRawBufferPointer(start: text + Int(fields[3 * index + 1]), count: Int(fields[3 * index + 2]))
                let taken: Bool
                switch kind {
                case LISTVIEW_SIMDJSON_FIELD_STRING: taken = string(value)
                case LISTVIEW_SIMDJSON_FIELD_NUMBER: taken = number(value)
                case LISTVIEW_SIMDJSON_FIELD_TRUE: taken = bool(true)
                case LISTVIEW_SIMDJSON_FIELD_FALSE: taken = bool(false)
                case LISTVIEW_SIMDJSON_FIELD_NULL: taken = null()
                default: return false
                }
                guard taken else { return false }
            }
            return true
        }
    }
}
