import ListviewValues
import XCTest
import ListviewTestSupport

final class ByteBlockTests: XCTestCase {
    func testCountsEveryByteOfAKind() {
        var generator = seededRandom()
        for length in [0, 1, 31, 32, 33, 63, 64, 65, 95, 105, 1_000, 8_160, 8_192, 20_000] + (0..<40).map({ _ in Int.random(in: 0..<300, using: &generator) }) {
            let bytes = (0..<length).map { _ in [0x0A, 0x61, 0xC3].randomElement(using: &generator) ?? 0 } as [UInt8]
            let expected = bytes.filter { $0 == 0x0A }.count
            XCTAssertEqual(bytes.withUnsafeBytes { ByteBlock.count(of: 0x0A, in: $0) }, expected, "length \(length)")
        }
    }

    /// Every lane matching in every block: the lane sums are taken before they pass 255.
    func testCountsPastALanesLimit() {
        let bytes = [UInt8](repeating: 0x0A, count: 32 * 300 + 7)
        XCTAssertEqual(bytes.withUnsafeBytes { ByteBlock.count(of: 0x0A, in: $0) }, bytes.count)
    }

    func testAnyLane() {
        let block = ByteBlock.Block(repeating: 0x61)
        XCTAssertFalse(ByteBlock.any(block .== ByteBlock.Block(repeating: 0x62)))
        for lane in [0, 7, 8, 15, 16, 31] {
            var other = block
            other[lane] = 0x62
            XCTAssertTrue(ByteBlock.any(other .== ByteBlock.Block(repeating: 0x62)), "lane \(lane)")
        }
    }
}
