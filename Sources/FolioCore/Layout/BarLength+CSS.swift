extension BarLength {
    /// The length as a CSS value: `"14px"` when there is no fraction, `"20%"`
    /// when there are no pixels, otherwise `"calc(10% - 14px)"`. Numbers have
    /// at most 4 decimals (0.0001% of a 4000 px bar is 0.004 px), no exponent
    /// and no negative zero.
    public var css: String {
        if fraction == 0 { return Self.cssNumber(pixels) + "px" }
        let percent = Self.cssNumber(fraction * 100) + "%"
        if pixels == 0 { return percent }
        let sign = pixels < 0 ? "-" : "+"
        return "calc(\(percent) \(sign) \(Self.cssNumber(abs(pixels)))px)"
    }

    /// A number with up to 4 decimals, trailing zeros dropped. Values beyond
    /// ±1e11 (no bar is that wide) are clamped; NaN and infinities become 0.
    static func cssNumber(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let units = Int64((min(max(value, -1e11), 1e11) * 10_000).rounded())
        guard units != 0 else { return "0" }
        let magnitude = units.magnitude
        var text = (units < 0 ? "-" : "") + String(magnitude / 10_000)
        let decimals = magnitude % 10_000
        if decimals != 0 {
            var digits = String(decimals)
            digits = String(repeating: "0", count: 4 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }
}
