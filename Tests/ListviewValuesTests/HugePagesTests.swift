import Foundation
import ListviewValues
import XCTest

/// Large buffers are advised to take huge pages (`HugePages`), and keep their bytes as they grow.
final class HugePagesTests: XCTestCase {
    /// The kernel's `THPeligible` for the mapping that holds `address`: 1 when a huge page may back
    /// it (advised, or huge pages always on), nil when the kernel does not say.
    private func hugePageEligibility(at address: UnsafeRawPointer) -> Int? {
        // Read to its end: a file of /proc says its size is 0.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/smaps") else { return nil }
        defer { try? handle.close() }
        let smaps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        let target = UInt(bitPattern: address)
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= target && target < bounds[1]
            } else if inside, fields.first == "THPeligible:", fields.count > 1 {
                return Int(fields[1])
            }
        }
        return nil
    }

    /// Whether the kernel gives huge pages only where they are asked for.
    private var hugePagesOnlyWhenAdvised: Bool {
        (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8))?.contains("[madvise]") ?? false
    }

    func testALargeGrownBufferKeepsItsBytesAndIsAdvised() throws {
        var output = ByteOutput(capacity: 64)
        var expected: [UInt8] = []
        var next: UInt8 = 0
        // Grown by doubling past the threshold, as a table's cells are.
        while output.count < 3 * HugePages.threshold {
            let chunk = (0..<4_093).map { _ -> UInt8 in
                next &+= 7
                return next
            }
            output.append(contentsOf: chunk)
            expected += chunk
        }
        XCTAssertEqual(output.bytes, expected)
        guard hugePagesOnlyWhenAdvised else { throw XCTSkip("this kernel's huge pages are not given on advice") }
        let eligible = output.withUnsafeBytes { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            // A byte in the buffer's middle: inside a whole 2 MiB page of it.
            return hugePageEligibility(at: base + bytes.count / 2)
        }
        XCTAssertEqual(eligible, 1)
    }

    func testAnAdvisedArrayKeepsItsElements() throws {
        var array: [UInt32] = []
        array.reserveCapacity(3 * HugePages.threshold / 4)
        HugePages.advise(&array)
        array.append(contentsOf: (0..<UInt32(array.capacity)).map { $0 &* 2_654_435_761 })
        XCTAssertEqual(array.count, array.capacity)
        XCTAssertTrue(array.indices.allSatisfy { array[$0] == UInt32($0) &* 2_654_435_761 })
        guard hugePagesOnlyWhenAdvised else { throw XCTSkip("this kernel's huge pages are not given on advice") }
        let eligible = array.withUnsafeBufferPointer { hugePageEligibility(at: UnsafeRawPointer($0.baseAddress! + $0.count / 2)) }
        XCTAssertEqual(eligible, 1)
    }
}
