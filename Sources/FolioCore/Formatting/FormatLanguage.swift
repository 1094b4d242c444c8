/// The languages formats write: numbers, units and times follow CLDR for
/// each (as ICU prints them), with the few choices Folio makes its own
/// (`1.4k` with a small k, `7 min ago`) noted where they are.
public enum FormatLanguage: String, Sendable, Hashable, CaseIterable {
    /// English: `1.4k`, `2 h 5 min`, `Dec 1, 2026, 10:46 PM`, `7 min ago`.
    case english = "en"
    /// Simplified Chinese: `1.2万`, `2小时5分钟`, `2026年12月1日 22:46`, `7分钟前`.
    case simplifiedChinese = "zh-Hans"

    /// The language for a BCP 47 tag: Simplified Chinese for `zh`, `zh-Hans`
    /// and the regions that write it (`zh-CN`, `zh-SG`); English for every
    /// other tag, Traditional Chinese included (no table: not the wrong script).
    public init(tag: String) {
        switch tag {  // The common tags without splitting: formats ask once per value.
        case "en", "en-US", "en-GB": self = .english
        case "zh-Hans", "zh-CN", "zh": self = .simplifiedChinese
        default: self.init(parsing: tag)
        }
    }

    private init(parsing tag: String) {
        let subtags = tag.lowercased().split(separator: "-").map(String.init)
        let rest = Set(subtags.dropFirst())
        let traditional =
            rest.contains("hant") || !rest.isDisjoint(with: ["tw", "hk", "mo"]) && !rest.contains("hans")
        self = subtags.first == "zh" && !traditional ? .simplifiedChinese : .english
    }

    /// Compact units from the smallest: the power of ten each starts at.
    /// CLDR's zh abbreviates from 万 (10⁴), so 1441 stays `1441`.
    var compactUnits: [(power: Int, symbol: String)] {
        self == .english ? Self.englishCompactUnits : Self.chineseCompactUnits
    }

    // Typed as `compactUnits` returns them: an unlabelled array was cast element by element on every call.
    private static let englishCompactUnits: [(power: Int, symbol: String)] = [
        (0, ""), (3, "k"), (6, "M"), (9, "B"), (12, "T"),
    ]
    private static let chineseCompactUnits: [(power: Int, symbol: String)] = [
        (0, ""), (4, "万"), (8, "亿"), (12, "万亿"),
    ]

    /// Duration units, largest first: days, hours, minutes, seconds, milliseconds.
    var durationUnits: (day: String, hour: String, minute: String, second: String, millisecond: String) {
        switch self {
        case .english: return (" d", " h", " min", " s", " ms")
        case .simplifiedChinese: return ("天", "小时", "分钟", "秒", "毫秒")
        }
    }

    /// Between two parts of a duration (`2 h 5 min`, `2小时5分钟`).
    var durationSeparator: String { self == .english ? " " : "" }

    /// After a rate of requests (`1.4k req/s`).
    var requestsPerSecond: String { self == .english ? " req/s" : " 次/秒" }

    /// The short month names (English only; Chinese writes numbers).
    static let englishMonths = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
}
