import CSimdjson

extension JSONBatchAssembler {
    /// Replays a simdjson DOM tape (`SimdjsonParser`; the format is simdjson's doc/tape.md) as the
    /// events `JSONStreamParser` gives, in one loop with no call back from C: the values inside the
    /// tape's array (each a JSON Lines value when `lines`), numbers as the source text `numbers`
    /// finds in `text`. False when the assembler refused an event, or the tape is not that.
    func replay(_ parsed: listview_simdjson_result, text: UnsafeRawPointer, lines: Bool) -> Bool {
        guard let tape = parsed.tape, let strings = parsed.strings else { return false }
        // simdjson checked the text's UTF-8, and refuses an escape that is half a surrogate pair.
        stringsAreUTF8 = true
        // Each record is whole in the tape: its values stay in simdjson's buffers until it ends.
        valuesOutliveRecords = true
        defer { (stringsAreUTF8, valuesOutliveRecords) = (false, false) }
        // The array's `[` holds the index after its `]`.
        let end = Int(truncatingIfNeeded: tape[1] & 0xFFFF_FFFF) - 1
        var index = 2
        var numberIndex = 0
        // Whether each open container is an object, innermost last; and whether a key comes next.
        var objects: [Bool] = []
        objects.reserveCapacity(16)
        var expectsKey = false
        while index < end {
            let word = tape[index]
            index += 1
            let payload = word & 0x00FF_FFFF_FFFF_FFFF
            if lines && objects.isEmpty { valueOnLine = false }
            switch UInt8(truncatingIfNeeded: word >> 56) {
            case UInt8(ascii: "\""):
                let offset = Int(truncatingIfNeeded: payload)
                let length = Int(UInt32(littleEndian: UnsafeRawPointer(strings).loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                let bytes = UnsafeRawBufferPointer(start: strings + offset + 4, count: length)
                if expectsKey {
                    guard key(bytes) else { return false }
                    expectsKey = false
                    continue
                }
                guard string(bytes) else { return false }
            case UInt8(ascii: "l"), UInt8(ascii: "u"), UInt8(ascii: "d"):
                index += 1  // the value's word
                guard numberIndex < parsed.number_count, let numbers = parsed.numbers else { return false }
                let start = Int(numbers[2 * numberIndex]), length = Int(numbers[2 * numberIndex + 1])
                numberIndex += 1
                guard number(UnsafeRawBufferPointer(start: text + start, count: length)) else { return false }
            case UInt8(ascii: "t"):
                guard bool(true) else { return false }
            case UInt8(ascii: "f"):
                guard bool(false) else { return false }
            case UInt8(ascii: "n"):
                guard null() else { return false }
            case UInt8(ascii: "{"):
                guard startContainer(isObject: true) else { return false }
                objects.append(true)
                expectsKey = true
                continue
            case UInt8(ascii: "["):
                guard startContainer(isObject: false) else { return false }
                objects.append(false)
                expectsKey = false
                continue
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard objects.popLast() != nil, endContainer() else { return false }
            default:
                return false
            }
            // A value ended: in an object, a key comes next.
            expectsKey = objects.last ?? false
        }
        return objects.isEmpty && numberIndex == parsed.number_count
    }
}
