/// Fixed and compact numbers straight from the binary value, with no
/// decimal digits array and no `Double.description`: a chart's data table
/// formats hundreds of readings per render.
///
/// `NumberText`'s digit-by-digit code is the reference: it rounds the
/// shortest decimal digits that read back as the value. Multiplying the
/// binary value by a power of ten lands within a few units in the 16th
/// significant digit of those digits times the same power, so rounding the
/// product to a whole number gives the same result unless the product is
/// that close to a tie (`x.5`). Then, and for products too large to hold
/// exactly, these functions return nil and the caller uses the reference.
enum FastNumberText {
    /// `magnitude × 10^shift` with `fractionDigits` digits, grouped; nil
    /// when only the reference can be sure.
    static func fixed(_ value: Double, shift: Int, fractionDigits: Int) -> String? {
        fixedDigits(value, shift: shift, fractionDigits: fractionDigits)?.text
    }

    static func fixedDigits(_ value: Double, shift: Int, fractionDigits: Int) -> NumberDigits? {
        guard fractionDigits >= 0, fractionDigits <= maximumFractionDigits,
            let whole = roundedWhole(value.magnitude, power: shift + fractionDigits)
        else { return nil }
        return NumberDigits(
            negative: value < 0 && whole != 0, whole: whole, fractionDigits: fractionDigits,
            shownDigits: fractionDigits, grouping: true, suffix: "")
    }

    /// As `NumberText.compact`: the largest unit the rounded value reaches;
    /// nil when only the reference can be sure.
    static func compact(_ value: Double, fractionDigits: Int, units: [(power: Int, symbol: String)])
        -> String?
    {
        compactDigits(value, fractionDigits: fractionDigits, units: units)?.text
    }

    static func compactDigits(
        _ value: Double, fractionDigits: Int, units: [(power: Int, symbol: String)]
    ) -> NumberDigits? {
        guard fractionDigits >= 0, fractionDigits <= maximumFractionDigits else { return nil }
        let magnitude = value.magnitude
        // Exact powers of ten compare as the shortest digits do: those digits read back as `magnitude`.
        let doublePowers = Self.doublePowers
        let wholePowers = Self.wholePowers
        var unit = 0
        for candidate in units.indices.reversed()
        where units[candidate].power <= maximumPower && magnitude >= doublePowers[units[candidate].power] {
            unit = candidate
            break
        }
        while true {
            guard let whole = roundedWhole(magnitude, power: fractionDigits - units[unit].power) else {
                return nil
            }
            if unit + 1 < units.count {
                let nextPower = units[unit + 1].power - units[unit].power + fractionDigits
                guard nextPower < wholePowers.count else { return nil }
                if whole >= wholePowers[nextPower] {
                    unit += 1  // 999.95 rounds to 1000.0: that is 1.0k.
                    continue
                }
            }
            var shown = fractionDigits
            if unit == 0 {  // Below the first unit: at most `fractionDigits`, trailing zeros dropped.
                var fraction = whole % wholePowers[fractionDigits]
                while shown > 0, fraction % 10 == 0 {
                    fraction /= 10
                    shown -= 1
                }
            }
            return NumberDigits(
                negative: value < 0 && whole != 0, whole: whole, fractionDigits: fractionDigits,
                shownDigits: shown, grouping: whole / wholePowers[fractionDigits] >= 10_000,
                suffix: units[unit].symbol)
        }
    }

    /// More than specs allow (0–9); the text's whole numbers stay below 10^13.
    private static let maximumFractionDigits = 12
    /// The largest power of ten a `Double` holds exactly.
    private static let maximumPower = 22
    private static let doublePowers: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
        1e18,
        1e19, 1e20, 1e21, 1e22,
    ]
    static let wholePowers: [UInt64] = (0...19).map { power in
        (0..<power).reduce(UInt64(1)) { result, _ in result * 10 }
    }

    /// Products from here on are not checked: the margin below reaches 0.5.
    private static let largestProduct = 1e13

    /// `magnitude × 10^power` rounded to a whole number as the reference
    /// rounds the shortest digits, or nil when the product is too close to a
    /// tie or too large to be sure.
    private static func roundedWhole(_ magnitude: Double, power: Int) -> UInt64? {
        guard power.magnitude <= maximumPower else { return nil }
        let product = power >= 0 ? magnitude * doublePowers[power] : magnitude / doublePowers[-power]
        guard product < largestProduct else { return nil }
        let whole = product.rounded(.down)
        let fraction = product - whole  // Exact: both are below 2^53.
        // The shortest digits and the product differ by under 3e-16 of the product; 1e-14 leaves room.
        guard (fraction - 0.5).magnitude > product * 1e-14 else { return nil }
        return UInt64(whole) + (fraction > 0.5 ? 1 : 0)
    }
}
