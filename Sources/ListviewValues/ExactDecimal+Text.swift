/// How footers and summaries write an exact decimal (a sum, a mean).
extension ExactDecimal {
    /// The most zeros written that are not among the digits (before the first, after the last) in
    /// plain notation; past it a number is written in scientific notation (`1e400`, `2.5e-50`).
    public static let plainZeros = 40

    /// The number in plain notation with at least `places` decimals (`4.00`, `2.0015`,
    /// `12345678901234567890`), every digit kept; in scientific notation (`1e400`, `-2.5e-50`) when
    /// plain notation would write more than `plainZeros` zeros outside the digits or `places` does.
    public func text(places: Int = 0) -> String {
        let decimals = Swift.max(places, -exponent, 0)
        let scientific = exponent > Self.plainZeros || -magnitude > Self.plainZeros || decimals > Self.plainZeros
        if scientific && !isZero { return scientificText }
        var text = negative ? "-" : ""
        let zero = UInt8(ascii: "0")
        let placed = isZero ? [] : self.placed(from: -decimals, to: Swift.max(magnitude, 1))
        let integerCount = placed.count - decimals
        var bytes: [UInt8] = []
        bytes.reserveCapacity(placed.count + 2)
        if integerCount <= 0 { bytes.append(zero) }
        for (index, digit) in placed.enumerated() {
            if index == integerCount && decimals > 0 { bytes.append(UInt8(ascii: ".")) }
            bytes.append(zero + digit)
        }
        if isZero && decimals > 0 { bytes += [UInt8(ascii: ".")] + [UInt8](repeating: zero, count: Swift.min(decimals, Self.plainZeros)) }
        text += String(decoding: bytes, as: UTF8.self)
        return text
    }

    /// `[-]d[.ddd]eN`: the first digit, the others after a point, and the power of ten of the first.
    private var scientificText: String {
        var bytes: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        for (index, digit) in digits.enumerated() {
            if index == 1 { bytes.append(UInt8(ascii: ".")) }
            bytes.append(UInt8(ascii: "0") + digit)
        }
        return String(decoding: bytes, as: UTF8.self) + "e" + String(magnitude - 1)
    }
}
