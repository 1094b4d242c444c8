/// Durations in words: `350 ms`, `12.3 s`, `5 min 3 s`, `2 h 5 min`, `3 d 4 h`.
///
/// Below a second, milliseconds; below a minute, seconds; with at most one
/// fraction digit. From a minute up, the two largest units, the smaller one
/// rounded (2 h 4 min 59.6 s is `2 h 5 min`), and left out when zero (`2 h`).
enum DurationText {
    static func text(seconds: Double, language: FormatLanguage) -> String {
        let units = language.durationUnits
        let magnitude = seconds.magnitude
        let sign = seconds < 0 ? "-" : ""
        if magnitude < 1 {
            let milliseconds = DecimalDigits(magnitudeOf: magnitude * 1000).rounded(fractionDigits: 1)
            if milliseconds.doubleValue < 1000 {
                return signed(sign, milliseconds) + units.millisecond
            }
        }
        if magnitude < 60 {
            let whole = DecimalDigits(magnitudeOf: magnitude).rounded(fractionDigits: 1)
            if whole.doubleValue < 60 { return signed(sign, whole) + units.second }
        }
        let separator = language.durationSeparator
        let pairs: [(size: Double, next: Double, large: String, small: String)] = [
            (60, 60, units.minute, units.second), (3600, 60, units.hour, units.minute),
            (86400, 24, units.day, units.hour),
        ]
        for (index, pair) in pairs.enumerated() {
            let smallSize = pair.size / pair.next
            let smallCount = (magnitude / smallSize).rounded(.toNearestOrEven)
            let large = (smallCount / pair.next).rounded(.down)
            let small = smallCount - large * pair.next
            let isLast = index == pairs.count - 1
            if !isLast, large >= pairs[index + 1].size / pair.size { continue }
            var text = sign + whole(large) + pair.large
            if small > 0 { text += separator + whole(small) + pair.small }
            return text
        }
        return sign
    }

    private static func signed(_ sign: String, _ digits: DecimalDigits) -> String {
        (digits.isZero ? "" : sign) + digits.text(fractionDigits: digits.fractionDigitCount, grouping: false)
    }

    private static func whole(_ value: Double) -> String {
        DecimalDigits(magnitudeOf: value).text(fractionDigits: 0, grouping: true)
    }
}
