/// SplitMix64: numbers that are the same on every run, for seeded property tests.
///
/// A test that draws its inputs from a `SeededRandom` of a fixed seed checks the same cases
/// every time, so a failure it reports can be run again.
public struct SeededRandom: RandomNumberGenerator {
    public var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

    /// The next 64 random bits (`Int.random(in:using:)` and the like take them).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number from 0 up to `bound` (not included).
    public mutating func next(_ bound: Int) -> Int {
        Int(next() % UInt64(max(1, bound)))
    }

    /// One of `array`'s elements; nil for an empty one.
    public mutating func element<Element>(of array: [Element]) -> Element? {
        array.isEmpty ? nil : array[next(array.count)]
    }

    /// Swaps `times` pairs of `array`'s elements: the same elements in another order.
    public mutating func swapPairs<Element>(_ array: inout [Element], times: Int) {
        guard !array.isEmpty else { return }
        for _ in 0..<times { array.swapAt(next(array.count), next(array.count)) }
    }
}
