import Foundation
import ListviewSpilling
import ListviewValues
import XCTest

/// `--memory-limit`'s sizes, and the default found from the cgroup's limit or physical memory.
final class MemoryBudgetTests: XCTestCase {
    func testSizesReadAsPeopleWriteThem() {
        XCTAssertEqual(MemoryBudget.parseSize("512MB"), 512 << 20)
        XCTAssertEqual(MemoryBudget.parseSize("4GB"), 4 << 30)
        XCTAssertEqual(MemoryBudget.parseSize("1.5g"), 3 << 29)
        XCTAssertEqual(MemoryBudget.parseSize("800k"), 800 << 10)
        XCTAssertEqual(MemoryBudget.parseSize("2GiB"), 2 << 30)
        XCTAssertEqual(MemoryBudget.parseSize("1048576"), 1 << 20)
        XCTAssertEqual(MemoryBudget.parseSize(" 64 MB "), 64 << 20)
        for bad in ["", "MB", "-5MB", "0", "12x", "1e9", "5 PB", "0.1"] {
            XCTAssertNil(MemoryBudget.parseSize(bad), bad)
        }
    }

    func testTheFlagTheEnvironmentAndTheTestSwitch() throws {
        XCTAssertEqual(try MemoryBudget.resolved(flag: "1GB", environment: ["LISTVIEW_MEMORY_LIMIT": "2GB"]).bytes, 1 << 30)
        XCTAssertEqual(try MemoryBudget.resolved(flag: nil, environment: ["LISTVIEW_MEMORY_LIMIT": "2GB"]).bytes, 2 << 30)
        let forced = try MemoryBudget.resolved(flag: "1GB", environment: ["LISTVIEW_SPILL_BYTES": "256"])
        XCTAssertEqual(forced.bytes, 256)
        XCTAssertTrue(forced.isForcedSpilling)
        XCTAssertThrowsError(try MemoryBudget.resolved(flag: "lots", environment: [:])) { error in
            XCTAssertEqual((error as? ListviewError)?.exitStatus, 64)
        }
        // The size is read on every path: forced spilling does not hide a value that is not one.
        XCTAssertThrowsError(try MemoryBudget.resolved(flag: "-1", environment: ["LISTVIEW_SPILL_BYTES": "256"])) { error in
            XCTAssertEqual(error as? ListviewError, .usage("--memory-limit: '-1' is not a size (try 512MB or 4GB)"))
        }
        let byDefault = try MemoryBudget.resolved(flag: nil, environment: [:]).bytes
        XCTAssertEqual(Double(byDefault), Double(MemoryBudget.availableMemory()) * 0.6, accuracy: 1)
    }

    /// A fake `/proc` and `/sys` under a folder: the lowest limit of the cgroup and those above it counts.
    func testTheCgroupLimitCapsPhysicalMemory() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("listview-cgroup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ text: String, _ path: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        // cgroup v2: the job's own limit is "max", its parent's is 300 MB.
        try write("0::/jobs/run1\n", "proc/self/cgroup")
        try write("max\n", "sys/fs/cgroup/jobs/run1/memory.max")
        try write("314572800\n", "sys/fs/cgroup/jobs/memory.max")
        XCTAssertEqual(MemoryBudget.availableMemory(root: root.path), 314_572_800)
        // cgroup v1: 512 MB; v1's "no limit" is a huge number.
        try write("12:cpu,cpuacct:/x\n4:memory:/capped\n", "proc/self/cgroup")
        try write("536870912\n", "sys/fs/cgroup/memory/capped/memory.limit_in_bytes")
        try write("9223372036854771712\n", "sys/fs/cgroup/memory/memory.limit_in_bytes")
        XCTAssertEqual(MemoryBudget.availableMemory(root: root.path), 536_870_912)
        // No cgroup file: physical memory.
        XCTAssertGreaterThan(MemoryBudget.availableMemory(root: root.path + "/none"), 536_870_912)
    }

    func testByteCountsReadAsPeopleSayThem() {
        XCTAssertEqual(ByteCount.text(100), "100 B")
        XCTAssertEqual(ByteCount.text(4_300), "4.2 KB")
        XCTAssertEqual(ByteCount.text(96 << 20), "96 MB")
        XCTAssertEqual(ByteCount.text(8 << 30), "8.0 GB")
    }
}
