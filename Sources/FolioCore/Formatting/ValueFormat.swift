/// How a value is shown: parsed once from a short spec (`compact`,
/// `percent.1`, `bytes`, `relative`), then applied to any number of values.
///
/// The spec is a name and, for numbers, `.` and the fraction digits (0–9):
///
/// | spec | shows | default digits |
/// |---|---|---|
/// | `number` | grouped fixed digits: `1,441.03` for `number.2` | 0 |
/// | `compact` | `1.4k`, `2.3M`, `1.2B` (en); `1441`, `1.2万`, `12.0亿` (zh-Hans) | 1 |
/// | `percent` | a ratio as a percent: 0.0177 is `1.8%` for `percent.1` | 0 |
/// | `bytes` | IEC, powers of 1024: `1.5 KiB`, `3.2 GiB` | 1 |
/// | `decbytes` | SI, powers of 1000: `1.5 kB`, `3.2 GB` | 1 |
/// | `reqps` | a rate: `1.4k req/s` | 1 |
/// | `s`, `ms` | a duration given in seconds or milliseconds: `2 h 5 min`, `350 ms` | — |
/// | `datetime`, `date`, `time` | an instant in the context's zone and language | — |
/// | `relative` | `7 min ago`, `in 3 min`, `now` from the context's now | — |
/// | `iso` | an instant as ISO 8601 UTC, for `<time datetime>` | — |
///
/// Times take seconds since 1970 or ISO 8601 text. Rounding is decimal,
/// half to even (ICU's default): 999.95 is `1.0k`, 0.9995 is `100.0%` for
/// `percent.1`. Negative zero, and a negative value that rounds to zero,
/// show no sign. NaN shows `NaN`, the infinities `∞` and `-∞`, a missing or
/// unreadable value `—`.
public struct ValueFormat: Sendable, Hashable {
    /// What a format does, with its settings.
    public enum Kind: Sendable, Hashable {
        case number(fractionDigits: Int)
        case compact(fractionDigits: Int)
        case percent(fractionDigits: Int)
        case bytes(fractionDigits: Int, base: ByteBase)
        case requestsPerSecond(fractionDigits: Int)
        case duration(DurationUnit)
        case dateTime, date, time, relative, iso
    }

    /// Powers of 1024 with IEC symbols, or of 1000 with SI ones.
    public enum ByteBase: Sendable, Hashable { case iec, si }

    /// The unit a duration arrives in.
    public enum DurationUnit: Sendable, Hashable { case seconds, milliseconds }

    /// What this format does.
    public var kind: Kind
    /// The spec it was read from.
    public var spec: String

    /// Creates a format from its kind; `spec` is what messages show.
    public init(kind: Kind, spec: String) {
        self.kind = kind
        self.spec = spec
    }

    /// Shown for a missing or unreadable value.
    static let missing = "—"

    /// Shows `input` in `context`'s language, zone and now.
    public func format(_ input: FormatInput, in context: FormatContext) -> String {
        switch kind {
        case .dateTime, .date, .time, .relative, .iso:
            guard let instant = FormatInstant.seconds(of: input, in: context.timeZone) else {
                return Self.missing
            }
            return formatInstant(instant, in: context)
        default:
            guard let value = input.number else { return Self.missing }
            guard value.isFinite else { return value.isNaN ? "NaN" : value < 0 ? "-∞" : "∞" }
            return formatNumber(value, in: context.language)
        }
    }

    /// The digits of `format(.number(value), in: context)` for fixed and
    /// compact numbers, ready for a writer with a buffer of its own (a
    /// chart's data table shows hundreds per render); nil for other
    /// formats and for the rare value only `format` can round for sure.
    public func digits(of value: Double, in context: FormatContext) -> NumberDigits? {
        guard value.isFinite else { return nil }
        switch kind {
        case .number(let digits):
            return FastNumberText.fixedDigits(value, shift: 0, fractionDigits: digits)
        case .compact(let digits):
            return FastNumberText.compactDigits(
                value, fractionDigits: digits, units: context.language.compactUnits)
        default: return nil
        }
    }

    private func formatNumber(_ value: Double, in language: FormatLanguage) -> String {
        switch kind {
        case .number(let digits):
            return NumberText.fixed(value, fractionDigits: digits)
        case .compact(let digits):
            return NumberText.compact(value, fractionDigits: digits, language: language)
        case .percent(let digits):
            return NumberText.fixed(value, shift: 2, fractionDigits: digits) + "%"
        case .bytes(let digits, let base):
            return NumberText.bytes(value, fractionDigits: digits, base: base)
        case .requestsPerSecond(let digits):
            return NumberText.compact(value, fractionDigits: digits, language: language)
                + language.requestsPerSecond
        case .duration(let unit):
            let seconds = unit == .seconds ? value : value / 1000
            return DurationText.text(seconds: seconds, language: language)
        case .dateTime, .date, .time, .relative, .iso:
            return Self.missing
        }
    }

    private func formatInstant(_ seconds: Double, in context: FormatContext) -> String {
        switch kind {
        case .dateTime: return TimeText.absolute(seconds, date: true, time: true, in: context)
        case .date: return TimeText.absolute(seconds, date: true, time: false, in: context)
        case .time: return TimeText.absolute(seconds, date: false, time: true, in: context)
        case .relative: return TimeText.relative(seconds, in: context)
        default: return TimeText.iso(seconds)
        }
    }
}
