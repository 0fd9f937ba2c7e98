import Glibc

/// Asks the kernel to back a large buffer with 2 MiB pages (transparent huge pages), where it
/// allows them only when asked (`/sys/kernel/mm/transparent_hugepage/enabled` set to
/// `madvise`, as Debian ships it).
///
/// A table's cells, their ends and a diff's index are read at random, a row here and a row
/// there: with 4 KiB pages nearly every such read also misses the processor's page cache (the
/// TLB), and filling a buffer takes a page fault every 4 KiB. Only the whole 2 MiB pages inside
/// a buffer are advised, so memory outside it is never touched; the buffer must be advised
/// before its pages are first written, as a page already there stays small.
public enum HugePages {
    /// Buffers smaller than this are left alone: a huge page would hold most of their memory.
    public static let threshold = 4 << 20
    private static let pageMask = UInt(2 << 20) - 1

    /// Advises the whole 2 MiB pages of the `count` bytes at `base`, when `count` is at least `threshold`.
    public static func advise(_ base: UnsafeMutableRawPointer?, count: Int) {
        guard let base, count >= threshold else { return }
        let address = UInt(bitPattern: base)
        let start = (address + pageMask) & ~pageMask
        let end = (address + UInt(count)) & ~pageMask
        guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
        // Advice, not a demand: a kernel without huge pages says no, and the pages stay small.
        _ = madvise(first, Int(end - start), MADV_HUGEPAGE)
    }

    /// Advises the memory of `array`'s capacity (its elements and the room after them).
    public static func advise<Element>(_ array: inout [Element]) {
        let bytes = array.capacity * MemoryLayout<Element>.stride
        guard bytes >= threshold else { return }
        array.withUnsafeMutableBufferPointer { advise(UnsafeMutableRawPointer($0.baseAddress), count: bytes) }
    }
}
