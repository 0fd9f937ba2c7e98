import Glibc

/// A compressed stream listview reads through, recognised by its first bytes (magic), whatever
/// the file is called: gzip (ISA-L), Zstandard, bzip2 and xz.
public enum CompressedFormat: String, Sendable, CaseIterable {
    case gzip, zstd, bzip2, xz

    /// The format `bytes` (a file's first bytes) start with, if any.
    public static func detect(_ bytes: some Collection<UInt8>) -> CompressedFormat? {
        let head = Array(bytes.prefix(4))
        if head.starts(with: [0x1F, 0x8B]) { return .gzip }
        if head.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) { return .zstd }
        // `BZh` and the block size, 1 to 9.
        if head.count == 4, head.starts(with: [0x42, 0x5A, 0x68]), (0x31...0x39).contains(head[3]) { return .bzip2 }
        // xz's magic is six bytes; its first four tell it from text.
        if head.starts(with: [0xFD, 0x37, 0x7A, 0x58]) { return .xz }
        return nil
    }

    /// The format the file at `path` is compressed in, by its first bytes; nil for a file that
    /// is not compressed or cannot be read.
    public static func ofFile(_ path: String) -> CompressedFormat? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 4)
        let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 4, 0) }
        return count > 0 ? detect(head.prefix(count)) : nil
    }

    /// The extensions that name the format (`.gz`, `.zst`), left out of a path to find the format
    /// inside (`orders.csv.gz` holds CSV).
    public static func innerPath(of path: String) -> String {
        for suffix in [".gz", ".gzip", ".zst", ".zstd", ".bz2", ".xz"] where path.lowercased().hasSuffix(suffix) {
            return String(path.dropLast(suffix.count))
        }
        return path
    }

    /// A new decompressor for this format.
    func makeDecompressor() throws -> any Decompressor {
        switch self {
        case .gzip: return try GzipInflater()
        case .zstd: return try ZstdDecompressor()
        case .bzip2: return try Bzip2Decompressor()
        case .xz: return try XzDecompressor()
        }
    }
}

/// Turns compressed bytes, fed in order, into the bytes they hold.
protocol Decompressor: AnyObject {
    /// Decompresses `input`, the compressed bytes that follow those fed before, handing each block
    /// of output to `emit`. Throws a `DecompressionError` for bytes that are not a valid stream.
    func feed(_ input: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws -> Void) throws
    /// After the last input: throws when the stream stopped before its end.
    func finish() throws
}

/// Why a compressed stream cannot be read, and at which compressed byte.
public struct DecompressionError: Error, Equatable, Sendable {
    /// What is wrong: `the gzip stream ends early`, `a bad checksum`, ….
    public var problem: String
    /// The byte of the compressed input where it was found, from 0.
    public var offset: Int
    /// Advice after the position, e.g. `(truncated file?)`.
    public var advice: String?

    public init(problem: String, offset: Int, advice: String?) {
        self.problem = problem
        self.offset = offset
        self.advice = advice
    }

    /// `the gzip stream ends early at byte 1,204,551 (truncated file?)`.
    public var message: String {
        "\(problem) at byte \(Self.grouped(offset))" + (advice.map { " (\($0))" } ?? "")
    }

    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}
