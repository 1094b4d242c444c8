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
        let text = value.magnitude.description
        var mantissa = Substring(text)
        var exponent = 0
        if let mark = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<mark]
            exponent = Int(text[text.index(after: mark)...]) ?? 0
        }
        var digits: [UInt8] = []
        var point: Int?
        for character in mantissa {
            if character == "." {
                point = digits.count
            } else if let digit = character.wholeNumberValue {
                digits.append(UInt8(digit))
            }
        }
        var position = (point ?? digits.count) + exponent
        while let first = digits.first, first == 0 {
            digits.removeFirst()
            position -= 1
        }
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
        var integer = ""
        for index in 0..<integerDigitCount {
            integer.append(Character(String(index < digits.count ? digits[index] : 0)))
        }
        if integer.isEmpty { integer = "0" }
        if grouping { integer = Self.grouped(integer) }
        guard fractionDigits > 0 else { return integer }
        var fraction = ""
        for place in 0..<fractionDigits {
            let index = pointPosition + place
            fraction.append(Character(String(index >= 0 && index < digits.count ? digits[index] : 0)))
        }
        return integer + "." + fraction
    }

    /// How many fraction digits the value has (after rounding, trailing zeros gone).
    var fractionDigitCount: Int { max(digits.count - pointPosition, 0) }

    /// The value as a `Double` (to compare a rounded value with a unit's size).
    var doubleValue: Double {
        guard !digits.isEmpty else { return 0 }
        let text = "0." + digits.map(String.init).joined() + "e\(pointPosition)"
        return Double(text) ?? 0
    }

    /// `1234567` as `1,234,567` (groups of three, as CLDR's en and zh).
    static func grouped(_ integer: String) -> String {
        let characters = Array(integer)
        guard characters.count > 3 else { return integer }
        var text = ""
        for (index, character) in characters.enumerated() {
            if index > 0, (characters.count - index) % 3 == 0 { text.append(",") }
            text.append(character)
        }
        return text
    }
}
