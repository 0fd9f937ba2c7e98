import Foundation
import ListviewCompression
import ListviewInput
import ListviewTestSupport
import XCTest

/// Compressed input recognised by its first bytes, its format inside named by the inner
/// extension, and formats listview does not read told apart.
final class CompressedInputTests: XCTestCase {
    func testCompressionsAreRecognisedByTheirMagic() {
        XCTAssertEqual(CompressedFormat.detect([0x1F, 0x8B, 0x08, 0x00]), .gzip)
        XCTAssertEqual(CompressedFormat.detect([0x28, 0xB5, 0x2F, 0xFD]), .zstd)
        XCTAssertEqual(CompressedFormat.detect(Array("BZh9".utf8)), .bzip2)
        XCTAssertEqual(CompressedFormat.detect([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]), .xz)
        XCTAssertNil(CompressedFormat.detect(Array("BZha".utf8)), "text that merely starts with BZh")
        XCTAssertNil(CompressedFormat.detect(Array("id,name".utf8)))
        XCTAssertNil(CompressedFormat.detect([0x1F]))
    }

    func testTheFormatInsideIsNamedByTheInnerExtension() {
        XCTAssertEqual(CompressedFormat.innerPath(of: "orders.csv.gz"), "orders.csv")
        XCTAssertEqual(CompressedFormat.innerPath(of: "events.JSONL.ZST"), "events.JSONL")
        XCTAssertEqual(CompressedFormat.innerPath(of: "plain.json"), "plain.json")
    }

    func testAPositionIsGroupedInThousands() {
        let error = DecompressionError(problem: "the gzip stream ends early", offset: 1_204_551, advice: "truncated file?")
        XCTAssertEqual(error.message, "the gzip stream ends early at byte 1,204,551 (truncated file?)")
        XCTAssertEqual(DecompressionError(problem: "x", offset: 999, advice: nil).message, "x at byte 999")
    }

    func testFormatsListviewDoesNotReadAreToldApart() {
        XCTAssertEqual(ForeignFormat.detect(Array("PAR1\u{15}".utf8)), .parquet)
        XCTAssertEqual(ForeignFormat.detect([0x50, 0x4B, 0x03, 0x04, 0x14]), .zip)
        XCTAssertEqual(ForeignFormat.detect(Array("SQLite format 3\u{0}".utf8)), .sqlite)
        XCTAssertEqual(ForeignFormat.detect(Array("ARROW1\u{0}\u{0}".utf8)), .arrow)
        XCTAssertEqual(ForeignFormat.detect(Array("id,".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }), .utf16("UTF-16LE"))
        XCTAssertEqual(ForeignFormat.detect(Array("id,".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }), .utf16("UTF-16BE"))
        // Ordinary text, and text that merely starts with BZh, are read as they are.
        XCTAssertNil(ForeignFormat.detect(Array("id,name\n1,a\n".utf8)))
        XCTAssertTrue(ForeignFormat.parquet.hint(for: "f.parquet").contains("COPY (FROM 'f.parquet') TO '/dev/stdout' (FORMAT json)"))
    }

    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
    }

    /// `text` gzipped into a temporary file (nil where gzip is missing), its bytes cut to `keep` when given.
    private func gzipped(_ text: String, keep: Int? = nil) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/bin/gzip") else { return nil }
        let path = try files.write(text, extension: "txt")
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-f", path]
        try gzip.run()
        gzip.waitUntilExit()
        if let keep { XCTAssertEqual(truncate(path + ".gz", off_t(keep)), 0) }
        return path + ".gz"
    }

    /// The blocks of a decompressed stream, in order, until the last.
    private func blocks(of path: String, size: Int) throws -> (blocks: [DecompressedBlocks.Block], failure: DecompressionError?) {
        let descriptor = open(path, O_RDONLY)
        let decompressed = try DecompressedBlocks(format: .gzip, source: descriptor, ownsSource: true, prefix: [], blockSize: size)
        var blocks: [DecompressedBlocks.Block] = []
        while let block = decompressed.block(blocks.count) {
            blocks.append(block)
            decompressed.release(below: blocks.count)
            if block.isLast { break }
        }
        return (blocks, decompressed.failure)
    }

    /// Blocks end just after a line break (where a row probably starts), follow one another
    /// without a gap, and give back the text whole.
    func testBlocksEndAfterLineBreaksAndJoinToTheText() throws {
        let text = (1...2_000).map { "\($0),\(String(repeating: "x", count: $0 % 37))" }.joined(separator: "\n")
        guard let path = try gzipped(text) else { throw skippedTest("gzip is not installed") }
        for size in [20, 100, 4_096, 1 << 20] {
            let (blocks, failure) = try blocks(of: path, size: size)
            XCTAssertNil(failure)
            XCTAssertEqual(String(decoding: blocks.flatMap(\.bytes), as: UTF8.self), text, "blocks of \(size)")
            XCTAssertEqual(blocks.filter(\.isLast).count, 1)
            for (block, next) in zip(blocks, blocks.dropFirst()) {
                XCTAssertEqual(block.bytes.last, 0x0A, "a block before the last ends after a line break")
                XCTAssertEqual(block.end, next.start)
            }
        }
    }

    /// A line longer than four blocks is cut without a line break, rather than held whole.
    func testALineLongerThanFourBlocksIsCutAnyway() throws {
        let text = String(repeating: "y", count: 600_000) + "\nend\n"
        guard let path = try gzipped(text) else { throw skippedTest("gzip is not installed") }
        let (blocks, _) = try blocks(of: path, size: 1_000)
        XCTAssertNotEqual(blocks.first?.bytes.last, 0x0A)
        XCTAssertEqual(String(decoding: blocks.flatMap(\.bytes), as: UTF8.self), text)
    }

    /// A truncated stream hands over what it decompressed, then says where it broke.
    func testATruncatedStreamGivesItsBytesThenItsFailure() throws {
        let text = (1...20_000).map { "row \($0) \($0 * 7_919 % 10_007)" }.joined(separator: "\n")
        guard let path = try gzipped(text, keep: 20_000) else { throw skippedTest("gzip is not installed") }
        let (blocks, failure) = try blocks(of: path, size: 4_096)
        let bytes = blocks.flatMap(\.bytes)
        XCTAssertGreaterThan(bytes.count, 20_000)
        XCTAssertTrue(text.utf8.starts(with: bytes))
        XCTAssertEqual(failure?.problem, "the gzip stream ends early")
        XCTAssertEqual(failure?.offset, 20_000)
    }

    /// Readers that leave stop the thread, and wake a reader waiting on a block that cannot come.
    func testReadersThatLeaveStopTheThread() throws {
        let text = (1...200_000).map { "line \($0)" }.joined(separator: "\n")
        guard let path = try gzipped(text) else { throw skippedTest("gzip is not installed") }
        let decompressed = try DecompressedBlocks(format: .gzip, source: open(path, O_RDONLY), ownsSource: true, prefix: [],
                                                  blockSize: 1_024, window: 8)
        XCTAssertNotNil(decompressed.block(0))
        // Block 20 is past the window (nothing was released), so only the stop ends the wait.
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { decompressed.stop() }
        XCTAssertNil(decompressed.block(20))
        XCTAssertNil(decompressed.block(1), "after a stop no block is handed out")
    }
}
