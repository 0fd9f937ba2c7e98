import ListviewCompression
import ListviewInput
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
}
