import Foundation

/// Instants: seconds since 1970 (UTC) from a number or ISO 8601 text, and
/// civil dates and times from them in a time zone, with no calendar object
/// and nothing from the machine.
enum FormatInstant {
    /// The instant `input` names: a number is seconds since 1970; text is
    /// ISO 8601 (`2026-12-01T21:46:31Z`, `…+01:00`, `…31.250Z`, a date alone
    /// `2026-12-01`); text with no offset is a wall time in `zone`.
    static func seconds(of input: FormatInput, in zone: TimeZone) -> Double? {
        switch input {
        case .number(let value): return value.isFinite ? value : nil
        case .text(let text): return iso(text, in: zone)
        case .bool, .missing: return nil
        }
    }

    /// Days since 1970-01-01 of a civil date (proleptic Gregorian).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    /// The civil date of a count of days since 1970-01-01.
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719468
        let era = (shifted >= 0 ? shifted : shifted - 146096) / 146097
        let dayOfEra = shifted - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The wall clock in `zone` at `seconds`: date, hour, minute, second.
    static func wallClock(_ seconds: Double, in zone: TimeZone)
        -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)
    {
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
        let local = Int((seconds + Double(offset)).rounded(.down))
        let days = local >= 0 ? local / 86400 : (local - 86399) / 86400
        let secondOfDay = local - days * 86400
        let date = civil(days: days)
        return (date.year, date.month, date.day, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
    }

    /// Parses ISO 8601 text; `nil` when it is not.
    static func iso(_ text: String, in zone: TimeZone) -> Double? {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func number(_ count: Int) -> Int? {
            guard index + count <= scalars.count else { return nil }
            var value = 0
            for scalar in scalars[index..<(index + count)] {
                guard scalar.properties.numericType == .decimal, let digit = Int(String(scalar)) else {
                    return nil
                }
                value = value * 10 + digit
            }
            index += count
            return value
        }
        func expect(_ character: Unicode.Scalar) -> Bool {
            guard index < scalars.count, scalars[index] == character else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), (1...12).contains(month), expect("-"),
            let day = number(2), (1...31).contains(day)
        else { return nil }
        var wall = Double(days(year: year, month: month, day: day) * 86400)
        var offset: Int?
        if index < scalars.count {
            guard expect("T") || expect(" ") || expect("t"), let hour = number(2), hour < 24, expect(":"),
                let minute = number(2), minute < 60
            else { return nil }
            wall += Double(hour * 3600 + minute * 60)
            if expect(":") {
                guard let second = number(2), second < 61 else { return nil }
                wall += Double(second)
                if expect(".") || expect(",") {
                    var scale = 0.1
                    var any = false
                    while index < scalars.count, let digit = Int(String(scalars[index])) {
                        wall += Double(digit) * scale
                        scale /= 10
                        index += 1
                        any = true
                    }
                    guard any else { return nil }
                }
            }
            if expect("Z") || expect("z") {
                offset = 0
            } else if index < scalars.count {
                let sign = scalars[index] == "-" ? -1 : 1
                guard expect("+") || expect("-"), let hours = number(2) else { return nil }
                _ = expect(":")
                guard let minutes = number(2) else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            }
        }
        guard index == scalars.count else { return nil }
        if let offset { return wall - Double(offset) }
        // A wall time in `zone`: the offset at that wall time, found in two steps across a DST change.
        let guess = wall - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall)))
        return wall - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: guess)))
    }
}
