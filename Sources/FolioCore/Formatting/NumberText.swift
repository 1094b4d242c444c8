/// Finite numbers as text: fixed digits, compact units and byte units.
enum NumberText {
    /// `value × 10^shift` grouped with `fractionDigits` digits (`-1,441.03`).
    static func fixed(_ value: Double, shift: Int = 0, fractionDigits: Int) -> String {
        FastNumberText.fixed(value, shift: shift, fractionDigits: fractionDigits)
            ?? fixedByDigits(value, shift: shift, fractionDigits: fractionDigits)
    }

    /// `fixed` by rounding the shortest decimal digits: the reference the fast path must match.
    static func fixedByDigits(_ value: Double, shift: Int = 0, fractionDigits: Int) -> String {
        let rounded = DecimalDigits(magnitudeOf: value).shifted(by: shift).rounded(
            fractionDigits: fractionDigits)
        return signed(value, rounded, rounded.text(fractionDigits: fractionDigits, grouping: true))
    }

    /// `1.4k`, `2.3M` (en) or `1.2万`, `12.0亿` (zh-Hans): the largest unit
    /// the rounded value reaches, with exactly `fractionDigits` digits; a
    /// value below the first unit keeps at most that many (`42`, `42.5`).
    static func compact(_ value: Double, fractionDigits: Int, language: FormatLanguage) -> String {
        FastNumberText.compact(value, fractionDigits: fractionDigits, units: language.compactUnits)
            ?? compactByDigits(value, fractionDigits: fractionDigits, language: language)
    }

    /// `compact` by rounding the shortest decimal digits: the reference the fast path must match.
    static func compactByDigits(_ value: Double, fractionDigits: Int, language: FormatLanguage) -> String {
        let units = language.compactUnits
        let digits = DecimalDigits(magnitudeOf: value)
        var unit = units.lastIndex { digits.isZero ? $0.power == 0 : digits.pointPosition > $0.power } ?? 0
        while true {
            let scaled = digits.shifted(by: -units[unit].power).rounded(fractionDigits: fractionDigits)
            let next = unit + 1 < units.count ? units[unit + 1].power - units[unit].power : nil
            if let next, scaled.pointPosition > next {
                unit += 1  // 999.95 rounds to 1000.0: that is 1.0k.
                continue
            }
            let shown = unit == 0 ? scaled.fractionDigitCount : fractionDigits
            let text = scaled.text(fractionDigits: shown, grouping: scaled.integerDigitCount > 4)
            return signed(value, scaled, text + units[unit].symbol)
        }
    }

    /// `512 B`, `1.5 KiB` (IEC) or `1.5 kB` (SI): bytes shown whole, larger
    /// units with exactly `fractionDigits` digits.
    static func bytes(_ value: Double, fractionDigits: Int, base: ValueFormat.ByteBase) -> String {
        let symbols =
            base == .iec
            ? ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"] : ["B", "kB", "MB", "GB", "TB", "PB", "EB"]
        let factor: Double = base == .iec ? 1024 : 1000
        var unit = 0
        while unit + 1 < symbols.count, value.magnitude >= pow(factor, unit + 1) { unit += 1 }
        while true {
            let digits = unit == 0 ? 0 : fractionDigits
            let scaled: DecimalDigits
            if base == .si {
                scaled = DecimalDigits(magnitudeOf: value).shifted(by: -3 * unit).rounded(
                    fractionDigits: digits)
            } else {
                scaled = DecimalDigits(magnitudeOf: value / pow(factor, unit)).rounded(fractionDigits: digits)
            }
            if unit + 1 < symbols.count, scaled.doubleValue >= factor {
                unit += 1  // 1023.96 B rounds to 1024 B: that is 1.0 KiB.
                continue
            }
            return signed(
                value, scaled, scaled.text(fractionDigits: digits, grouping: true) + " " + symbols[unit])
        }
    }

    /// `text` with a minus sign when `value` is negative and did not round to zero.
    static func signed(_ value: Double, _ rounded: DecimalDigits, _ text: String) -> String {
        value < 0 && !rounded.isZero ? "-" + text : text
    }

    private static func pow(_ base: Double, _ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= base }
        return result
    }
}
