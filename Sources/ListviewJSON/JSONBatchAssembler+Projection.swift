import CSimdjson

extension JSONBatchAssembler {
    /// Replays a simdjson projection (`listview_simdjson_result.fields`: records whose kept keys'
    /// scalar values alone were handed over, `projectedKeys`): runs of plain records handed to
    /// the batch at once (`takeProjectedRun`), each other record whose keys come once taken at
    /// once (`takeProjectedRecord`), any other given as the events `JSONStreamParser`
    /// gives for it (it opens, its kept keys and their values come in its order, it closes).
    /// The keys not kept are left out, as their values are (`isKept`): the rows are those the
    /// tape's replay makes. False when the assembler refused an event.
    func replayProjection(_ parsed: listview_simdjson_result, text: UnsafeRawPointer, lines: Bool) -> Bool {
        guard let fields = parsed.fields, let keys = projectedKeys else { return false }
        // simdjson checked the text's UTF-8, and the values stay in its buffer until the batch has them.
        stringsAreUTF8 = true
        valuesOutliveRecords = true
        defer { (stringsAreUTF8, valuesOutliveRecords) = (false, false) }
        return projectedKeyBytes.withUnsafeBytes { keyBytes in
            // Between plain records at the start, and so after each record taken or replayed.
            let direct = standsBetweenPlainRecords
            var index = 0
            while index < parsed.field_count {
                // Plain records, a run at a time; the one it stops at, alone.
                if direct {
                    index = takeProjectedRun(fields, from: index, count: parsed.field_count, text: text)
                    guard index < parsed.field_count else { break }
                }
                guard Int(fields[3 * index] & 0xFF) == LISTVIEW_SIMDJSON_FIELD_BEGIN else { return false }
                var end = index + 1
                while end < parsed.field_count, Int(fields[3 * end] & 0xFF) != LISTVIEW_SIMDJSON_FIELD_END { end += 1 }
                guard end < parsed.field_count else { return false }
                if !direct || !takeProjectedRecord(fields, index + 1..<end, text: text, keys: keys, keyBytes: keyBytes) {
                    guard replayRecord(fields, index + 1..<end, text: text, lines: lines, keys: keys, keyBytes: keyBytes) else { return false }
                }
                index = end + 1
            }
            return true
        }
    }

    /// One record of a projection, its triples `range` of `fields`, given as events.
    private func replayRecord(_ fields: UnsafePointer<UInt32>, _ range: Range<Int>, text: UnsafeRawPointer, lines: Bool,
                              keys: [Range<Int>], keyBytes: UnsafeRawBufferPointer) -> Bool {
        if lines { valueOnLine = false }
        guard startContainer(isObject: true) else { return false }
        for index in range {
            let word = fields[3 * index]
            let keyIndex = Int(word >> 8)
            guard keyIndex < keys.count, key(UnsafeRawBufferPointer(rebasing: keyBytes[keys[keyIndex]])) else { return false }
            let value = UnsafeRawBufferPointer(start: text + Int(fields[3 * index + 1]), count: Int(fields[3 * index + 2]))
            let taken: Bool
            switch Int(word & 0xFF) {
            case LISTVIEW_SIMDJSON_FIELD_STRING: taken = string(value)
            case LISTVIEW_SIMDJSON_FIELD_NUMBER: taken = number(value)
            case LISTVIEW_SIMDJSON_FIELD_TRUE: taken = bool(true)
            case LISTVIEW_SIMDJSON_FIELD_FALSE: taken = bool(false)
            case LISTVIEW_SIMDJSON_FIELD_NULL: taken = null()
            case LISTVIEW_SIMDJSON_FIELD_ESCAPED_STRING: taken = withEscapesUndone(value) { string($0) }
            default: return false
            }
            guard taken else { return false }
        }
        return endContainer()
    }
}
