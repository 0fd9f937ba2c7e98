import Glibc
import ListviewValues

/// How much memory a run may hold before it spills rows to disk (`--memory-limit`).
///
/// The default is 60% of what the process may use: the cgroup's limit when it
/// runs in one (v2 `memory.max`, v1 `memory.limit_in_bytes`), else the
/// machine's physical memory. `LISTVIEW_MEMORY_LIMIT` sets it like the flag;
/// `LISTVIEW_SPILL_BYTES` (for tests) sets it to a few bytes so that every
/// spilling path runs on tiny inputs.
public struct MemoryBudget: Equatable, Sendable {
    /// The bytes a run may hold.
    public var bytes: Int
    /// True for a budget set by `LISTVIEW_SPILL_BYTES`: it spills at every chance and lets one
    /// record be larger than it; a real budget smaller than one record cannot be kept.
    public var isForcedSpilling = false

    public init(bytes: Int, isForcedSpilling: Bool = false) {
        self.bytes = max(bytes, 1)
        self.isForcedSpilling = isForcedSpilling
    }

    /// Refuses rows that take more than the whole budget each on average (`bytes` in all, `rows`
    /// of them): at least one record cannot fit in it. A forced budget lets them.
    public func checkRowsFit(bytes: Int, rows: Int) throws {
        let perRow = bytes / max(1, rows)
        if perRow > self.bytes && !isForcedSpilling { throw ListviewError.budgetTooSmall(needed: perRow, budget: self.bytes) }
    }

    /// The share of the available memory taken by default.
    public static let defaultShare = 0.6

    /// The budget `--memory-limit` (or the environment) asks for, else the default. The size is
    /// read (and refused when it is not one) even where `LISTVIEW_SPILL_BYTES` then wins.
    public static func resolved(flag: String?, environment: [String: String]) throws -> MemoryBudget {
        var asked: Int?
        if let text = flag ?? environment["LISTVIEW_MEMORY_LIMIT"] {
            guard let bytes = parseSize(text) else {
                throw ListviewError.usage("--memory-limit: '\(text)' is not a size (try 512MB or 4GB)")
            }
            asked = bytes
        }
        if let spill = environment["LISTVIEW_SPILL_BYTES"], let bytes = Int(spill), bytes > 0 {
            return MemoryBudget(bytes: bytes, isForcedSpilling: true)
        }
        return MemoryBudget(bytes: asked ?? Int(Double(availableMemory()) * defaultShare))
    }

    /// Bytes from a size such as `512MB`, `4GB`, `1.5G`, `800k` or `1048576` (powers of 1024; a `B`
    /// and an `i` are optional); nil for anything else, zero or a negative number.
    public static func parseSize(_ text: String) -> Int? {
        var digits = String(text.filter { !$0.isWhitespace }).uppercased()[...]
        if digits.hasSuffix("B") { digits = digits.dropLast() }
        if digits.hasSuffix("I") { digits = digits.dropLast() }
        let units: [Character: Double] = ["K": 1_024, "M": 1_048_576, "G": 1_073_741_824, "T": 1_099_511_627_776]
        var scale = 1.0
        if let last = digits.last, let unit = units[last] {
            scale = unit
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let number = Double(digits), number > 0 else { return nil }
        let bytes = number * scale
        guard bytes >= 1, bytes < Double(Int.max / 2) else { return nil }
        return Int(bytes)
    }

    /// The memory this process may use: its cgroup's limit, or physical memory when that is lower or unset.
    public static func availableMemory(root: String = "") -> Int {
        let physical = Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE)))
        let limits = cgroupLimits(root: root).filter { $0 > 0 }
        return ([physical > 0 ? physical : Int.max] + limits).min() ?? physical
    }

    /// The memory limits of the cgroups this process is in, v2 and v1, where they are set.
    static func cgroupLimits(root: String) -> [Int] {
        guard let membership = readText(root + "/proc/self/cgroup") else { return [] }
        var limits: [Int] = []
        for line in membership.split(separator: "\n") {
            // `0::/path` for v2; `N:memory:/path` (or `N:…,memory,…:/path`) for v1.
            let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3 else { continue }
            let path = String(parts[2])
            if parts[1].isEmpty {
                limits += limitsUpward(root + "/sys/fs/cgroup", path: path, file: "memory.max")
            } else if parts[1].split(separator: ",").contains("memory") {
                limits += limitsUpward(root + "/sys/fs/cgroup/memory", path: path, file: "memory.limit_in_bytes")
            }
        }
        return limits
    }

    /// The limits in `file` of the cgroup at `path` below `mount` and of each cgroup above it
    /// (a parent's limit holds for its children too).
    private static func limitsUpward(_ mount: String, path: String, file: String) -> [Int] {
        var limits: [Int] = []
        var components = path.split(separator: "/").map(String.init)
        while true {
            let directory = ([mount] + components).joined(separator: "/")
            if let text = readText(directory + "/" + file).map({ String($0.filter { !$0.isWhitespace }) }),
               let bytes = Int(text), bytes > 0, bytes < Int.max / 2 {
                limits.append(bytes)  // "max", or v1's huge "no limit" number, is no limit
            }
            guard !components.isEmpty else { break }
            components.removeLast()
        }
        return limits
    }

    /// A small text file's contents (a `/proc` or `/sys` file), or nil.
    private static func readText(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while bytes.count < 1 << 20 {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Gives memory freed by this process back to the system (glibc's `malloc_trim`): memory freed
    /// by one thread's allocations otherwise stays counted in its RSS, which a cgroup limits.
    public static func returnFreedMemory() {
        _ = glibcMallocTrim(0)
    }
}

/// glibc's `malloc_trim` (`malloc.h`, which the Glibc module leaves out).
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32
