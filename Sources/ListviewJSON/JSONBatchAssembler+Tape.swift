import CSimdjson
import ListviewValues

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
        // The containers met directly inside the values read so far (records' fields):
        // `parsed.containers` holds where each one's source text lies, in this order.
        var containerIndex = 0
        // Whether each open container is an object, innermost last; and whether a key comes next.
        var objects: [Bool] = []
        objects.reserveCapacity(16)
        var expectsKey = false
        while index < end {
            if expectsKey, objects.count == 1, standsAmongRecordFields {
                // A record's fields where the last record had them, taken in one loop.
                (index, numberIndex) = takeScalarFields(from: index, tape: tape, strings: strings, parsed: parsed,
                                                        numberIndex: numberIndex, text: text)
            }
            let word = tape[index]
            index += 1
            if lines && objects.isEmpty { valueOnLine = false }
            switch UInt8(truncatingIfNeeded: word >> 56) {
            case UInt8(ascii: "\""):
                let bytes = Self.tapeString(word, strings)
                if expectsKey {
                    guard key(bytes) else { return false }
                    expectsKey = false
                    continue
                }
                guard string(bytes) else { return false }
            case UInt8(ascii: "l"), UInt8(ascii: "u"), UInt8(ascii: "d"):
                index += 1  // the value's word
                guard let number = Self.numberText(numberIndex, of: parsed, in: text), self.number(number) else { return false }
                numberIndex += 1
            case UInt8(ascii: "t"):
                guard bool(true) else { return false }
            case UInt8(ascii: "f"):
                guard bool(false) else { return false }
            case UInt8(ascii: "n"):
                guard null() else { return false }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = word >> 56 == UInt64(UInt8(ascii: "{"))
                if objects.count == 1 {
                    // A record's field holding an object or array: taken whole when it can be.
                    containerIndex += 1
                    if let whole = wholeNestedValue(opening: index - 1, container: containerIndex - 1, tape: tape, strings: strings,
                                                    parsed: parsed, text: text) {
                        (index, numberIndex) = (whole.next, numberIndex + whole.numbers)
                        expectsKey = objects.last ?? false
                        continue
                    }
                }
                guard startContainer(isObject: isObject) else { return false }
                objects.append(isObject)
                expectsKey = isObject
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

    /// What the tape holds of one object or array, from its opening word to its closing one.
    struct NestedTapeSpan {
        /// The index after its closing word.
        var next = 0
        /// The numbers in it: each has a source text in `listview_simdjson_result.numbers`.
        var numbers = 0
        /// How deep it goes (1: no container inside).
        var depth = 0
        /// Whether some object in it has a key twice.
        var repeatsAKey = false
    }

    /// Walks the object or array opening at tape index `opening`, word by word, building nothing
    /// but the comparison of each object's keys (`keys` and `firstKeys` are memory kept between
    /// calls). Nil for a value nested more than 64 deep.
    static func span(opening: Int, tape: UnsafePointer<UInt64>, strings: UnsafePointer<UInt8>,
                     keys: inout [UnsafeRawBufferPointer], firstKeys: inout [Int]) -> NestedTapeSpan? {
        var span = NestedTapeSpan()
        var index = opening
        var depth = 0
        // Bit n: whether the container n + 1 deep is an object.
        var objects: UInt64 = 0
        var expectsKey = false
        keys.removeAll(keepingCapacity: true)
        firstKeys.removeAll(keepingCapacity: true)
        repeat {
            let word = tape[index]
            index += 1
            switch UInt8(truncatingIfNeeded: word >> 56) {
            case UInt8(ascii: "{"):
                guard depth < 64 else { return nil }
                objects |= 1 << depth
                depth += 1
                span.depth = max(span.depth, depth)
                firstKeys.append(keys.count)
                expectsKey = true
                continue
            case UInt8(ascii: "["):
                guard depth < 64 else { return nil }
                objects &= ~(1 << depth)
                depth += 1
                span.depth = max(span.depth, depth)
                expectsKey = false
                continue
            case UInt8(ascii: "}"):
                depth -= 1
                if let first = firstKeys.popLast(), keys.count > first { keys.removeSubrange(first...) }
            case UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: "\""):
                guard expectsKey else { break }
                expectsKey = false
                guard !span.repeatsAKey, let first = firstKeys.last else { continue }
                let key = tapeString(word, strings)
                if keys[first...].contains(where: { same($0, key) }) { span.repeatsAKey = true }
                keys.append(key)
                continue
            case UInt8(ascii: "l"), UInt8(ascii: "u"), UInt8(ascii: "d"):
                index += 1  // the value's word
                span.numbers += 1
            default:
                break
            }
            // A value ended: in an object, a key comes next.
            expectsKey = depth > 0 && objects & (1 << (depth - 1)) != 0
        } while depth > 0
        span.next = index
        return span
    }

    /// Whether `text`, a nested value's source, is the compact JSON of its value as the reader
    /// writes it: no blank outside its strings, and no byte `JSONString` writes otherwise in them
    /// (a backslash: an escape, which the value holds decoded; those it escapes beyond what JSON
    /// asks). Eight bytes at a time while they hold neither a quote nor a blank; with no
    /// backslash, every quote opens or closes a string.
    static func isCompactAsWritten(_ text: UnsafeRawBufferPointer) -> Bool {
        let count = text.count
        var index = 0
        var inString = false
        while index + 8 <= count {
            let word = UInt64(littleEndian: text.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            if ByteWord.hasZeroByte(word ^ 0x5C5C_5C5C_5C5C_5C5C) || JSONString.holdsByteEscapedBeyondJSON(word) { return false }
            // A byte below 0x21 is a blank (JSON has no other control character outside a string,
            // nor any inside one).
            let blanks = (word &- 0x2121_2121_2121_2121) & ~word & 0x8080_8080_8080_8080
            let quotes = ByteWord.zeroByteMask(word ^ 0x2222_2222_2222_2222)
            if blanks == 0 {
                if quotes.nonzeroBitCount & 1 == 1 { inString.toggle() }
            } else {
                for offset in 0..<8 {
                    let byte = UInt8(truncatingIfNeeded: word >> (offset * 8))
                    if byte == UInt8(ascii: "\"") { inString.toggle() } else if byte < 0x21 && !inString { return false }
                }
            }
            index += 8
        }
        while index < count {
            let byte = text[index]
            if byte == UInt8(ascii: "\\") || JSONString.isEscapedBeyondJSON(byte) { return false }
            if byte == UInt8(ascii: "\"") { inString.toggle() } else if byte < 0x21 && !inString { return false }
            index += 1
        }
        return true
    }
}
