/// A finite number as decimal digits, rounded in decimal.
///
/// Starts from the shortest digits that read back as the same `Double`
/// (what Swift, ICU and JavaScript print), so 999.95 is the digits 99995 and
/// rounds to 1000.0 at one fraction digit, and 0.9995 as a percent is 99.95,
/// not 99.94999999999999. Ties round half to even, as ICU does by default.
struct DecimalDigits: Equatable {
    /// Significant digits, 0–9, with no leading or trailing zeros; empty for zero.
    var digits: [UInt8]
    /// Where the decimal point sits: the value is `0.digits × 10^pointPosition`.
    var pointPosition: Int

    /// The digits of `value`'s magnitude (the sign is the caller's).
    /// - Precondition: `value` is finite.
    init(magnitudeOf value: Double) {
        var digits: [UInt8] = []
        digits.reserveCapacity(20)
        var point: Int?
        var exponent = 0
        var exponentSign = 1
        var inExponent = false
        for byte in value.magnitude.description.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inExponent {
                    exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
                } else {
                    digits.append(byte - UInt8(ascii: "0"))
                }
            case UInt8(ascii: "."): point = digits.count
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "-"): exponentSign = -1
            default: break
            }
        }
        var position = (point ?? digits.count) + exponentSign * exponent
        let leadingZeros = digits.prefix { $0 == 0 }.count
        digits.removeFirst(leadingZeros)
        position -= leadingZeros
        while let last = digits.last, last == 0 { digits.removeLast() }
        self.digits = digits
        self.pointPosition = digits.isEmpty ? 0 : position
    }

    /// Whether the value is zero.
    var isZero: Bool { digits.isEmpty }

    /// How many digits are before the point (0 for a value below 1).
    var integerDigitCount: Int { max(pointPosition, 0) }

    /// The value multiplied by `10^power`, exactly.
    func shifted(by power: Int) -> DecimalDigits {
        var copy = self
        if !copy.digits.isEmpty { copy.pointPosition += power }
        return copy
    }

    /// Rounded half to even to `fractionDigits` digits after the point.
    func rounded(fractionDigits: Int) -> DecimalDigits {
        let kept = pointPosition + fractionDigits
        guard kept < digits.count else { return self }
        var copy = self
        guard kept >= 0 else {
            copy.digits = []
            copy.pointPosition = 0
            return copy
        }
        let first = digits[kept]
        let restIsZero = digits[(kept + 1)...].allSatisfy { $0 == 0 }
        let previousIsOdd = kept > 0 && digits[kept - 1] % 2 == 1
        let roundsUp = first > 5 || (first == 5 && (!restIsZero || previousIsOdd))
        copy.digits = Array(digits[..<kept])
        if roundsUp {
            var index = copy.digits.count - 1
            while index >= 0, copy.digits[index] == 9 {
                copy.digits[index] = 0
                index -= 1
            }
            if index >= 0 {
                copy.digits[index] += 1
            } else {
                copy.digits.insert(1, at: 0)
                copy.pointPosition += 1
            }
        }
        while let last = copy.digits.last, last == 0 { copy.digits.removeLast() }
        if copy.digits.isEmpty { copy.pointPosition = 0 }
        return copy
    }

    /// The digits before and after the point, the fraction padded with zeros
    /// to `fractionDigits` (call `rounded(fractionDigits:)` first).
    func text(fractionDigits: Int, grouping: Bool) -> String {
        let zero = UInt8(ascii: "0")
        let integerCount = integerDigitCount
        var bytes: [UInt8] = []
        bytes.reserveCapacity(integerCount + integerCount / 3 + fractionDigits + 2)
        if integerCount == 0 { bytes.append(zero) }
        for index in 0..<integerCount {
            if grouping, index > 0, (integerCount - index) % 3 == 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(zero + (index < digits.count ? digits[index] : 0))
        }
        if fractionDigits > 0 {
            bytes.append(UInt8(ascii: "."))
            for place in 0..<fractionDigits {
                let index = pointPosition + place
                bytes.append(zero + (index >= 0 && index < digits.count ? digits[index] : 0))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// How many fraction digits the value has (after rounding, trailing zeros gone).
    var fractionDigitCount: Int { max(digits.count - pointPosition, 0) }

    /// The value as a `Double` (to compare a rounded value with a unit's size).
    var doubleValue: Double {
        var value = 0.0
        for digit in digits { value = value * 10 + Double(digit) }
        var power = pointPosition - digits.count
        while power > 0 {
            value *= 10
            power -= 1
        }
        while power < 0 {
            value /= 10
            power += 1
        }
        return value
    }
}
