import Foundation

/// Instants in words: absolute in a language and zone, relative to now, or ISO 8601.
enum TimeText {
    /// `Dec 1, 2026, 10:46 PM` / `2026年12月1日 22:46` (CLDR's medium date
    /// and short time; en puts a narrow no-break space before AM/PM, as ICU).
    static func absolute(_ seconds: Double, date: Bool, time: Bool, in context: FormatContext) -> String {
        let wall = FormatInstant.wallClock(seconds, in: context.timeZone)
        // Built piece by piece, with no array joined: charts' data tables show hundreds of times per render.
        var text = ""
        switch context.language {
        case .english:
            if date {
                text += FormatLanguage.englishMonths[wall.month - 1]
                text += " " + String(wall.day) + ", " + String(wall.year)
            }
            if time {
                if date { text += ", " }
                text += String(wall.hour % 12 == 0 ? 12 : wall.hour % 12) + ":" + twoDigits(wall.minute)
                text += wall.hour < 12 ? "\u{202F}AM" : "\u{202F}PM"
            }
        case .simplifiedChinese:
            if date { text += String(wall.year) + "年" + String(wall.month) + "月" + String(wall.day) + "日" }
            if time {
                if date { text += " " }
                text += twoDigits(wall.hour) + ":" + twoDigits(wall.minute)
            }
        }
        return text
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }

    /// `7 min ago`, `in 3 min`, `now` (`7分钟前`, `3分钟后`, `现在`).
    ///
    /// The count is whole units, rounded toward zero, in the largest unit
    /// that fits: seconds below a minute, minutes below an hour, hours below
    /// a day, then days. Under one second is `now`. (A page's script that
    /// keeps these current must use the same rule.)
    static func relative(_ seconds: Double, in context: FormatContext) -> String {
        let difference = seconds - context.now
        let magnitude = difference.magnitude
        let isPast = difference < 0
        let units = context.language.durationUnits
        let count: Double
        let unit: String
        switch magnitude {
        case ..<1:
            return context.language == .english ? "now" : "现在"
        case ..<60: (count, unit) = (magnitude, units.second)
        case ..<3600: (count, unit) = (magnitude / 60, units.minute)
        case ..<86400: (count, unit) = (magnitude / 3600, units.hour)
        default: (count, unit) = (magnitude / 86400, units.day)
        }
        let amount =
            DecimalDigits(magnitudeOf: count.rounded(.down)).text(fractionDigits: 0, grouping: true) + unit
        switch context.language {
        case .english: return isPast ? amount + " ago" : "in " + amount
        case .simplifiedChinese: return amount + (isPast ? "前" : "后")
        }
    }

    /// `2026-12-01T21:46:31Z`, whole seconds, for `<time datetime>` and scripts.
    static func iso(_ seconds: Double) -> String {
        let wall = FormatInstant.wallClock(seconds, in: .gmt)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(wall.year)
        let paddedYear = String(repeating: "0", count: max(0, 4 - year.count)) + year
        return
            "\(paddedYear)-\(two(wall.month))-\(two(wall.day))T\(two(wall.hour)):\(two(wall.minute)):\(two(wall.second))Z"
    }
}
