import Glibc

/// A HyperLogLog sketch: how many distinct values a column holds, estimated in 16 KiB
/// whatever their number (`--summary` past its memory budget).
///
/// Each value's text is hashed with `KeyHasher` (the same in every run, so an
/// estimate is repeatable); the first 14 bits of the hash pick one of 16,384
/// registers, which keeps the longest run of leading zeros seen in the other
/// bits. The estimate's standard error is about 0.8%. Small counts use linear
/// counting, as Flajolet et al. and Heule et al. (HyperLogLog++) describe.
public struct DistinctSketch: Sendable {
    /// Bits of the hash that pick a register.
    static let precision = 14
    private static let registerCount = 1 << precision
    private var registers = [UInt8](repeating: 0, count: DistinctSketch.registerCount)

    public init() {}

    /// Counts the value whose text is `bytes`.
    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var hasher = KeyHasher()
        hasher.combine(bytes)
        add(hash: hasher.value)
    }

    /// Counts the value whose text is `text`.
    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    /// Counts a value by its 64-bit hash.
    mutating func add(hash: UInt64) {
        let register = Int(hash >> UInt64(64 - Self.precision))
        // The rest of the bits, with a guard bit so that the run of zeros ends within 64 bits.
        let rest = (hash << UInt64(Self.precision)) | (1 << UInt64(Self.precision - 1))
        let rank = UInt8(rest.leadingZeroBitCount + 1)
        if rank > registers[register] { registers[register] = rank }
    }

    /// The distinct values counted, estimated.
    public var estimate: Int {
        let count = Double(Self.registerCount)
        var sum = 0.0
        var zeros = 0
        for register in registers {
            sum += 1 / Double(UInt64(1) << UInt64(register))
            if register == 0 { zeros += 1 }
        }
        let alpha = 0.7213 / (1 + 1.079 / count)
        let raw = alpha * count * count / sum
        // Linear counting is the better estimate while many registers are still empty.
        if zeros > 0 {
            let linear = count * log(count / Double(zeros))
            if linear <= 2.5 * count { return Int(linear.rounded()) }
        }
        return Int(raw.rounded())
    }
}
