import CSimdjson

/// Owns one simdjson parser (`CSimdjson`) and the text not parsed yet, and hands each run of
/// whole records to a `JSONBatchAssembler` (`replay`, which walks simdjson's tape).
///
/// simdjson parses a whole text at a time, so the bytes fed are kept until they hold whole
/// records: JSON Lines up to the last line feed, an array's elements up to the last cut
/// between them (`lastCut`), or all of them when they end with a record (`parseToTheEnd`).
/// The records before it are parsed as one array (JSON Lines with each value's line feed
/// read as a comma; an array's elements in `[` … `]`, the elements alone reaching the
/// assembler, which this parser opens and closes the array for) and the rest waits for the
/// next bytes, read meanwhile by the stream parser (`checkRest`) so that a slice completes,
/// fails and makes columns as it would with the stream parser. The text is kept with the
/// padding simdjson reads past its end.
///
/// Any failure (simdjson's error, the assembler's refusal, what the stream parser would do
/// otherwise in the rest: complete a record of several on a line, fail) returns false, and
/// the caller reads the input with `JSONStreamParser` from there, whose messages and
/// positions are listview's. This reader never reports an error itself.
final class SimdjsonParser {
    private let handle: OpaquePointer
    /// JSON Lines, rather than the elements of one array.
    private let lines: Bool
    /// The text waiting: `pending` bytes from `buffer + 1` (the byte before them is kept for the `[`
    /// an array's elements are parsed in), then room for a `]` and the padding.
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    private var pending = 0
    /// An array's `[` has been read (and the assembler told).
    private var openedArray = false

    /// The most text kept waiting for the end of a record: past it (a long value, or an array
    /// written on one line) the input is read the other way.
    static let largestPending = 32 << 20
    /// The room after the text: a `]` and simdjson's padding.
    private static let room = Int(LISTVIEW_SIMDJSON_ROOM)

    /// A parser for JSON Lines (`lines`) or a top-level array; nil when simdjson cannot be set up
    /// for `maxDepth` (the caller then reads with the stream parser).
    init?(lines: Bool, maxDepth: Int) {
        // simdjson counts depth as the assembler does, or one deeper: the assembler refuses what is too deep.
        guard maxDepth < 1 << 16, let handle = listview_simdjson_new(maxDepth + 2) else { return nil }
        self.handle = handle
        self.lines = lines
        self.maxDepth = maxDepth
        capacity = 1 << 16
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 64)
    }

    deinit {
        listview_simdjson_free(handle)
        buffer.deallocate()
    }

    /// Takes the next bytes of the input and gives the assembler the records they complete, as
    /// the stream parser would: every record whose last byte they hold; false when simdjson cannot read them.
    func parse(_ chunk: UnsafeRawBufferPointer, into assembler: JSONBatchAssembler) -> Bool {
        append(chunk)
        return parseWaiting(into: assembler)
    }

    /// `parse`, with up to `count` next bytes of the input read by `read` straight into the text
    /// waiting, not copied there from an input's chunk (a part of a file, `JSONFileParts`): `read`
    /// fills the buffer it is given and returns how many bytes it wrote. Returns those, and
    /// whether simdjson could read them (`parse`'s answer).
    func parse(reading count: Int, with read: (UnsafeMutableRawBufferPointer) throws -> Int,
               into assembler: JSONBatchAssembler) rethrows -> (count: Int, parsed: Bool) {
        makeRoom(for: count)
        let written = try read(UnsafeMutableRawBufferPointer(start: buffer + 1 + pending, count: count))
        pending += written
        return (written, parseWaiting(into: assembler))
    }

    /// Gives the assembler the records the text waiting completes (`parse`).
    private func parseWaiting(into assembler: JSONBatchAssembler) -> Bool {
        guard settle() else { return false }
        if after != .none { return true }
        if !lines && !openedArray {
            guard let opened = openArray(into: assembler) else { return false }
            if !opened { return true }
        }
        if parseToTheEnd(into: assembler) { return true }
        if refused { return false }
        if let cut = lastCut() {
            guard parsePending(count: cut.end, into: assembler, closing: !lines) && drop(cut.start) else { return false }
        }
        return pending <= Self.largestPending && checkRest(into: assembler)
    }

    /// At the end of the input: the records left (an array's with its closing `]`, which must end
    /// the text); false when simdjson cannot read them.
    func finish(into assembler: JSONBatchAssembler) -> Bool {
        guard settle() else { return false }
        if lines { return parsePending(count: pending, into: assembler, closing: false) && drop(pending) }
        if after == .closed { return true }
        guard openedArray, after == .none else { return false }
        let end = blanksTrimmed(pending)
        guard end > 0, byte(end - 1) == UInt8(ascii: "]") else { return false }
        return parsePending(count: end, into: assembler, closing: false) && drop(pending) && assembler.endContainer()
    }

    /// At the end of a part of a file (`JSONFileParts`: before the comma after an element, or at
    /// a line's start): the records left, the array still open; false when simdjson cannot read them.
    func stopBetweenRecords(into assembler: JSONBatchAssembler) -> Bool {
        guard settle(), lines || openedArray, after != .closed else { return false }
        return parsePending(count: pending, into: assembler, closing: !lines) && drop(pending)
    }

    // MARK: Where the text stands

    /// What the text waiting must begin with, after records that ended where the bytes fed did.
    private enum After {
        /// A record, or blanks.
        case none
        /// An array's elements: blanks, then a comma (or the `]` that closes it).
        case element
        /// An array's element after its comma: blanks, then anything but the `]` (which would
        /// make the comma a trailing one).
        case elementAfterComma
        /// JSON Lines: blanks up to the line feed that ends the line.
        case lineEnd
        /// The array closed: blanks only.
        case closed
    }

    private var after = After.none
    /// The assembler refused an event: what it was given is not what the stream parser would give it.
    private var refused = false
    /// The stream parser's reading of the text waiting (`checkRest`), and how many of its bytes it has read.
    private var restCheck: (parser: JSONStreamParser, assembler: JSONBatchAssembler)?
    private var checked = 0
    private let maxDepth: Int

    /// Takes what `after` says the text waiting begins with; false when it begins with anything
    /// else (the stream parser then says what is wrong).
    private func settle() -> Bool {
        var index = 0
        switch after {
        case .none:
            return true
        case .element:
            while index < pending, Self.isBlank(byte(index)) { index += 1 }
            guard index < pending else { return true }
            if byte(index) == UInt8(ascii: ",") {
                // The comma taken, an element must follow it.
                after = .elementAfterComma
                return drop(index + 1) && settle()
            } else if byte(index) != UInt8(ascii: "]") {
                return false
            }
        case .elementAfterComma:
            while index < pending, Self.isBlank(byte(index)) { index += 1 }
            guard index < pending else { return true }
            guard byte(index) != UInt8(ascii: "]") else { return false }
        case .lineEnd:
            while index < pending, byte(index) != 0x0A, Self.isBlank(byte(index)) { index += 1 }
            guard index < pending else { return drop(index) }
            guard byte(index) == 0x0A else { return false }
            index += 1
        case .closed:
            while index < pending, Self.isBlank(byte(index)) { index += 1 }
            return index == pending && drop(index)
        }
        after = .none
        return drop(index)
    }

    /// Parses all the text waiting when it ends with a whole record (the stream parser hands on a
    /// record at its last byte, so batches end where they would with it): JSON Lines ending with `}` or `]`, an
    /// array's elements ending with `}` (and a comma), or the array's own `]`. False, with nothing
    /// given to the assembler, when it does not.
    private func parseToTheEnd(into assembler: JSONBatchAssembler) -> Bool {
        var end = blanksTrimmed(pending)
        guard end > 0 else { return false }
        let last = byte(end - 1)
        if lines {
            guard last == UInt8(ascii: "}") || last == UInt8(ascii: "]"),
                  parsePending(count: end, into: assembler, closing: false) else { return false }
            var index = end
            while index < pending, byte(index) != 0x0A { index += 1 }
            after = index < pending ? .none : .lineEnd
            return drop(pending)
        }
        if last == UInt8(ascii: "]") {
            guard parsePending(count: end, into: assembler, closing: false) else { return false }
            after = .closed
            return drop(pending) && assembler.endContainer()
        }
        let withComma = last == UInt8(ascii: ",")
        if withComma { end = blanksTrimmed(end - 1) }
        guard end > 0, byte(end - 1) == UInt8(ascii: "}"), parsePending(count: end, into: assembler, closing: true) else { return false }
        after = withComma ? .elementAfterComma : .element
        return drop(pending)
    }

    /// The stream parser's reading of the text left waiting (the start of a record, fed to it as it
    /// grows): false when it would have failed in it, or handed on a record in it, now. Either
    /// makes the caller read with the stream parser at once, before any record of these bytes is
    /// handed on: batches end, and errors come, after the same records as with it alone. The
    /// columns the stream parser makes for the keys it reads there are made in the assembler
    /// too, so batches have the same columns.
    private func checkRest(into assembler: JSONBatchAssembler) -> Bool {
        guard pending > checked else { return true }
        let check: (parser: JSONStreamParser, assembler: JSONBatchAssembler)
        if let restCheck {
            check = restCheck
        } else {
            let assembler = JSONBatchAssembler(lines: lines, path: [], maxDepth: maxDepth)
            check = (JSONStreamParser(handler: assembler, multipleValues: lines), assembler)
            restCheck = check
            // The rest of an array's part begins with an element.
            if !lines, !([UInt8(ascii: "[")].withUnsafeBytes { check.parser.parse($0) }.isOK) { return false }
        }
        let fed = check.parser.parse(UnsafeRawBufferPointer(start: buffer + 1 + checked, count: pending - checked)).isOK
        checked = pending
        guard fed, check.assembler.completedRows == 0 else { return false }
        assembler.addColumns(of: check.assembler)
        return true
    }

    /// `count` less the blanks that end the first `count` bytes waiting.
    private func blanksTrimmed(_ count: Int) -> Int {
        var end = count
        while end > 0, Self.isBlank(byte(end - 1)) { end -= 1 }
        return end
    }

    // MARK: The text waiting

    /// Appends `chunk` to the text waiting, growing the buffer (with its room after) when it is full.
    private func append(_ chunk: UnsafeRawBufferPointer) {
        guard let base = chunk.baseAddress, !chunk.isEmpty else { return }
        makeRoom(for: chunk.count)
        (buffer + 1 + pending).copyMemory(from: base, byteCount: chunk.count)
        pending += chunk.count
    }

    /// Grows the buffer, when it must, to take `count` more bytes of text with the room after them.
    private func makeRoom(for count: Int) {
        let needed = 1 + pending + count + Self.room
        if needed > capacity {
            let grown = max(needed, capacity * 2)
            let moved = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 64)
            moved.copyMemory(from: buffer, byteCount: 1 + pending)
            buffer.deallocate()
            buffer = moved
            capacity = grown
        }
    }

    /// Drops the first `count` bytes of the text waiting (the stream parser's check of it starts again); always true.
    private func drop(_ count: Int) -> Bool {
        if count > 0 {
            restCheck = nil
            checked = 0
        }
        let rest = pending - count
        if rest > 0 { (buffer + 1).copyMemory(from: buffer + 1 + count, byteCount: rest) }
        pending = rest
        return true
    }

    /// Reads an array's `[` (the assembler opens the array): true once read, false while only
    /// blanks were fed, nil when the text is not an array.
    private func openArray(into assembler: JSONBatchAssembler) -> Bool? {
        var index = 0
        while index < pending, Self.isBlank(byte(index)) { index += 1 }
        guard index < pending else { return false }
        guard byte(index) == UInt8(ascii: "["), assembler.startContainer(isObject: false) else { return nil }
        openedArray = true
        return drop(index + 1)
    }

    /// The last place the text waiting can be cut after a whole record: where the records before
    /// it end, and where the rest begins. In JSON Lines, a line's start; in an array, a line
    /// that starts an object after a line that ends with a comma, or one that starts with the
    /// comma and then the object. (A cut inside a record, at a nested array's objects, leaves
    /// brackets unclosed: simdjson refuses the text, and the stream parser reads it.)
    private func lastCut() -> (end: Int, start: Int)? {
        var feed = pending
        while true {
            // The line feed before `feed` (a record's line is short: a loop from the end finds it soon).
            repeat { feed -= 1 } while feed >= 0 && byte(feed) != 0x0A
            guard feed >= 0 else { return nil }
            if lines { return (feed + 1, feed + 1) }
            // An array: a line that starts an object, after a line ending with a comma.
            var start = feed + 1
            while start < pending, Self.isBlank(byte(start)) { start += 1 }
            guard start < pending else { continue }
            if byte(start) == UInt8(ascii: ",") {
                // A line that starts with the comma and then the object (`, {`).
                let comma = start
                start += 1
                while start < pending, Self.isBlank(byte(start)) { start += 1 }
                if start < pending, byte(start) == UInt8(ascii: "{") { return (comma, start) }
                continue
            }
            guard byte(start) == UInt8(ascii: "{") else { continue }
            var end = feed
            while end > 0, Self.isBlank(byte(end - 1)) { end -= 1 }
            if end > 0, byte(end - 1) == UInt8(ascii: ",") { return (end - 1, start) }
        }
    }

    /// Parses the first `count` bytes waiting (JSON Lines; or an array's elements, in `[` and, when
    /// `closing`, `]`) and replays their events into the assembler.
    private func parsePending(count: Int, into assembler: JSONBatchAssembler, closing: Bool) -> Bool {
        let mode = lines ? LISTVIEW_SIMDJSON_LINES : closing ? LISTVIEW_SIMDJSON_ELEMENTS : LISTVIEW_SIMDJSON_LAST_ELEMENTS
        if !keysKept {
            keysKept = true
            if let keys = assembler.projectedKeys {
                guard keep(keys, of: assembler.projectedKeyBytes) else { return false }
            } else if assembler.projectsEveryKey {
                listview_simdjson_keep_every_key(handle, 1)
            }
        }
        var parsed = listview_simdjson_result()
        var status = listview_simdjson_parse(handle, buffer.assumingMemoryBound(to: CChar.self), count, Int32(mode), &parsed)
        if status == 0, parsed.fields != nil, assembler.projectsEveryKey, !assembler.takesEveryKey(parsed, text: UnsafeRawPointer(buffer)) {
            // A nested value not as the reader writes it (or a parse begun inside a record): the
            // tape, now and for the rest of the input.
            listview_simdjson_keep_every_key(handle, 0)
            status = listview_simdjson_parse(handle, buffer.assumingMemoryBound(to: CChar.self), count, Int32(mode), &parsed)
        }
        guard status == 0 else { return false }
        let replayed: Bool
        if parsed.fields != nil {
            if parsed.field_count > 0 { projectedParses += 1 }
            replayed = assembler.replayProjection(parsed, text: UnsafeRawPointer(buffer), lines: lines)
        } else {
            replayed = assembler.replay(parsed, text: UnsafeRawPointer(buffer), lines: lines)
        }
        guard replayed else {
            refused = true
            return false
        }
        return true
    }

    /// Whether the shim has been told the assembler's kept keys (`projectedKeys`), once.
    private var keysKept = false
    /// How many runs of records (not none) were read as a projection (`listview_simdjson_keep`), not a tape (for tests).
    private(set) var projectedParses = 0

    /// Tells the shim to try a projection onto `keys` (ranges of `bytes`); false when out of memory.
    private func keep(_ keys: [Range<Int>], of bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            let starts = keys.map { key in base.map { $0 + key.lowerBound } }
            let lengths = keys.map(\.count)
            return listview_simdjson_keep(handle, starts, lengths, keys.count) == 0
        }
    }

    @inline(__always)
    private func byte(_ index: Int) -> UInt8 {
        buffer.load(fromByteOffset: 1 + index, as: UInt8.self)
    }

    @inline(__always)
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
