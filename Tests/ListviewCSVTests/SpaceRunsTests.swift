import ListviewBatches
@testable import ListviewCSV
import XCTest
import ListviewTestSupport

/// libcsv's built-in space test on everything but the runs of spaces at a field's edges gives
/// exactly what our keep-every-space test on every byte gives: the same cells, errors and offsets.
final class SpaceRunsTests: XCTestCase {
    /// The cells (as text; nil for absent), the header and the outcome of parsing `text` in chunks.
    private func parse(_ text: [UInt8], chunkSizes: [Int], delimiter: UInt8, strict: Bool, everywhere: Bool) -> String {
        let assembler = CSVBatchAssembler(hasHeader: true, inferTypes: false)
        let parser = LibcsvParser(assembler: assembler, delimiter: delimiter, strict: strict)
        parser.keepsSpacesEverywhere = everywhere
        var offset = 0, size = 0
        var outcome = "ok"
        while offset < text.count {
            let count = min(chunkSizes[size % chunkSizes.count], text.count - offset)
            size += 1
            let result = text[offset..<(offset + count)].withUnsafeBytes { parser.parse($0) }
            if case let .failed(message, at) = result {
                outcome = "\(message) at \(offset + at)"
                break
            }
            offset += count
        }
        if outcome == "ok", case let .failed(message, _) = parser.finish().outcome { outcome = message }
        let table = assembler.batch
        let rows = table.withCells { cells in
            (0..<table.rowCount).map { row in
                table.columns.indices.map { column -> String in
                    let (kind, bytes) = cells.cell(row: row, column: column)
                    return "\(kind):\(String(decoding: bytes, as: UTF8.self))"
                }
            }
        }
        return "\(assembler.header ?? []) \(rows) \(outcome)"
    }

    func testEdgeRunsParseAsEverySpaceKept() {
        var generator = seededRandom()
        let alphabet: [[UInt8]] = [[0x61], [0x62], [0x20], [0x20], [0x09], [0x2C], [0x22], [0x0A], [0x0D], [0xC3, 0xA9]]
        var compared = 0
        for _ in 0..<3_000 {
            var text: [UInt8] = []
            for _ in 0..<Int.random(in: 0...60, using: &generator) {
                text += alphabet.randomElement(using: &generator) ?? []
            }
            let chunkSizes = (0..<3).map { _ in Int.random(in: 1...24, using: &generator) }
            for delimiter in [UInt8(ascii: ","), 0x09] {
                for strict in [true, false] {
                    let reference = parse(text, chunkSizes: chunkSizes, delimiter: delimiter, strict: strict, everywhere: true)
                    let fast = parse(text, chunkSizes: chunkSizes, delimiter: delimiter, strict: strict, everywhere: false)
                    XCTAssertEqual(fast, reference, "\(String(decoding: text, as: UTF8.self).debugDescription) chunks \(chunkSizes)")
                    compared += 1
                }
            }
        }
        XCTAssertEqual(compared, 12_000)
    }

    func testRunsThatTouchAnEdgeAreFound() {
        func runs(_ text: String, delimiter: UInt8 = UInt8(ascii: ",")) -> [Range<Int>] {
            var found: [Range<Int>] = []
            Array(text.utf8).withUnsafeBytes { SpaceRuns.forEachEdgeRun(in: $0, delimiter: delimiter) { found.append($0) } }
            return found
        }
        XCTAssertEqual(runs("ab cd,ef"), [])
        XCTAssertEqual(runs(" a, b ,\"c\"  \n"), [0..<1, 3..<4, 5..<6, 10..<12])
        XCTAssertEqual(runs("a\t,b\tc", delimiter: 0x09), [])
        XCTAssertEqual(runs("a \t,b"), [1..<3])
        XCTAssertEqual(runs("abcdefgh ijklmnop qr,"), [])
    }
}

extension SpaceRunsTests {
    /// The runs found a block and a word at a time are exactly those a byte-by-byte look finds.
    func testRunsAreThoseOfAByteByByteLook() {
        func reference(_ bytes: [UInt8], delimiter: UInt8) -> [Range<Int>] {
            let isSpace = { (byte: UInt8) in byte == 0x20 || (byte == 0x09 && delimiter != 0x09) }
            let isEdge = { (byte: UInt8) in byte == delimiter || byte == 0x22 || byte == 0x0A || byte == 0x0D }
            var runs: [Range<Int>] = []
            var index = 0
            while index < bytes.count {
                guard isSpace(bytes[index]) else {
                    index += 1
                    continue
                }
                let start = index
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                if start == 0 || index == bytes.count || isEdge(bytes[start - 1]) || isEdge(bytes[index]) { runs.append(start..<index) }
            }
            return runs
        }
        var generator = seededRandom()
        let dense: [UInt8] = [0x61, 0x62, 0x20, 0x20, 0x20, 0x09, 0x2C, 0x22, 0x0A, 0x0D, 0xC3]
        // Mostly letters: most 32-byte blocks hold no edge space and are passed over whole.
        let sparse: [UInt8] = Array(repeating: 0x61, count: 40) + [0x20, 0x20, 0x20, 0x2C, 0x0A]
        for round in 0..<6_000 {
            let alphabet = round % 2 == 0 ? dense : sparse
            let bytes = (0..<Int.random(in: 0...(round % 2 == 0 ? 90 : 300), using: &generator)).map { _ in
                alphabet.randomElement(using: &generator) ?? 0x61
            }
            for delimiter in [UInt8(ascii: ","), 0x09] {
                var found: [Range<Int>] = []
                bytes.withUnsafeBytes { SpaceRuns.forEachEdgeRun(in: $0, delimiter: delimiter) { found.append($0) } }
                XCTAssertEqual(found, reference(bytes, delimiter: delimiter), "\(bytes)")
            }
        }
    }
}
