import CSimdjson

extension JSONBatchAssembler {
    /// Replays a simdjson projection (`listview_simdjson_result.fields`: records whose kept keys'
    /// scalar values alone were handed over, `projectedKeys`): runs of plain records handed to
    /// the batch at once (`takeProjectedRun`), each other record whose keys come once taken at
    /// once (`takeProjectedRecord`), any other given as the events `JSONStreamParser`
    /// gives for it (it opens, its kept keys and their values come in its order, it closes).
    /// The keys not kept are left out, as their values are (`isKept`): the rows are those the
    /// tape's replay makes. False when the assembler refused an event.
    ///
    /// A projection of every key (`projectsEveryKey`) names its keys once, in the text (its first
    /// record's, which every record has, in that order, each once): they are looked up again for
    /// each parse, and a record's nested values are cells as written (`takesEveryKey` checked them).
    func replayProjection(_ parsed: listview_simdjson_result, text: UnsafeRawPointer, lines: Bool) -> Bool {
        if projectsEveryKey {
            var keys: [Range<Int>] = [], extent = 0
            if let pairs = parsed.keys {
                keys = (0..<parsed.key_count).map { Int(pairs[2 * $0])..<Int(pairs[2 * $0]) + Int(pairs[2 * $0 + 1]) }
                extent = keys.map(\.upperBound).max() ?? 0
            }
            projectedKeyColumns = Array(repeating: -1, count: keys.count)
            return replayFields(parsed, text: text, lines: lines, keys: keys, keyBytes: UnsafeRawBufferPointer(start: text, count: extent),
                                keysComeOnce: true)
        }
        guard let keys = projectedKeys else { return false }
        return projectedKeyBytes.withUnsafeBytes { keyBytes in
            replayFields(parsed, text: text, lines: lines, keys: keys, keyBytes: keyBytes, keysComeOnce: false)
        }
    }

    /// Whether a projection of every key can be taken as it is: the parse stands between records,
    /// and each nested value's text is the compact JSON the reader writes (`isCompactAsWritten`;
    /// the projection took no object with a key twice). Else the text is to be parsed into a tape.
    func takesEveryKey(_ parsed: listview_simdjson_result, text: UnsafeRawPointer) -> Bool {
        guard let fields = parsed.fields, standsBetweenPlainRecords else { return false }
        for index in 0..<parsed.field_count where Int(fields[3 * index] & 0xFF) == LISTVIEW_SIMDJSON_FIELD_NESTED {
            guard Self.isCompactAsWritten(UnsafeRawBufferPointer(start: text + Int(fields[3 * index + 1]), count: Int(fields[3 * index + 2]))) else {
                return false
            }
        }
        return true
    }

    /// `replayProjection` of the triples, with the kept keys `keys` (ranges of `keyBytes`).
    private func replayFields(_ parsed: listview_simdjson_result, text: UnsafeRawPointer, lines: Bool, keys: [Range<Int>],
                              keyBytes: UnsafeRawBufferPointer, keysComeOnce: Bool) -> Bool {
        guard let fields = parsed.fields else { return false }
        // simdjson checked the text's UTF-8, and the values stay in its buffer until the batch has them.
        stringsAreUTF8 = true
        valuesOutliveRecords = true
        defer { (stringsAreUTF8, valuesOutliveRecords) = (false, false) }
        do {
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
                if !direct || !takeProjectedRecord(fields, index + 1..<end, text: text, keys: keys, keyBytes: keyBytes, keysComeOnce: keysComeOnce) {
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
