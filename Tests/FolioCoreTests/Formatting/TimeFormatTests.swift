import FolioCore
import Foundation
import Testing

/// Instants in the page's language and the dashboard's zone, whatever the machine's.
@Suite struct TimeFormatTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let newYork = TimeZone(identifier: "America/New_York")!
    /// 2026-12-01T21:46:31Z.
    static let instant = 1_796_161_591.0

    static func shown(_ spec: String, _ input: FormatInput, _ context: FormatContext) throws -> String {
        try ValueFormat(spec: spec).format(input, in: context)
    }

    @Test func absoluteTimesFollowTheLanguageAndZone() throws {
        let english = FormatContext(language: .english, timeZone: Self.berlin)
        let chinese = FormatContext(language: .simplifiedChinese, timeZone: Self.berlin)
        #expect(try Self.shown("datetime", .number(Self.instant), english) == "Dec 1, 2026, 10:46\u{202F}PM")
        #expect(try Self.shown("datetime", .number(Self.instant), chinese) == "2026年12月1日 22:46")
        #expect(try Self.shown("date", .number(Self.instant), english) == "Dec 1, 2026")
        #expect(try Self.shown("time", .number(Self.instant), chinese) == "22:46")
        #expect(try Self.shown("time", .number(Self.instant), FormatContext()) == "9:46\u{202F}PM")
    }

    @Test func isoTextWithOrWithoutAnOffsetIsTheSameInstant() throws {
        let utc = FormatContext()
        for text in ["2026-12-01T21:46:31Z", "2026-12-01T22:46:31+01:00", "2026-12-01T16:46:31.250-0500"] {
            #expect(try Self.shown("iso", .text(text), utc) == "2026-12-01T21:46:31Z", "\(text)")
        }
        let berlin = FormatContext(timeZone: Self.berlin)
        #expect(try Self.shown("iso", .text("2026-12-01T22:46:31"), berlin) == "2026-12-01T21:46:31Z")
        #expect(try Self.shown("iso", .text("2026-12-01"), utc) == "2026-12-01T00:00:00Z")
        #expect(try Self.shown("date", .text("yesterday"), utc) == "—")
        #expect(try Self.shown("date", .text("2026-13-01"), utc) == "—")
    }

    /// New York leaves daylight saving at 2026-11-01 06:00 UTC: 1:30 happens twice.
    @Test func wallTimesCrossDaylightSavingChanges() throws {
        let newYork = FormatContext(timeZone: Self.newYork)
        #expect(try Self.shown("time", .text("2026-11-01T05:30:00Z"), newYork) == "1:30\u{202F}AM")
        #expect(try Self.shown("time", .text("2026-11-01T06:30:00Z"), newYork) == "1:30\u{202F}AM")
        #expect(try Self.shown("time", .text("2026-11-01T07:30:00Z"), newYork) == "2:30\u{202F}AM")
        // Berlin springs forward at 2026-03-29 01:00 UTC: 02:30 local does not exist the day after 01:59.
        let berlin = FormatContext(language: .simplifiedChinese, timeZone: Self.berlin)
        #expect(try Self.shown("time", .text("2026-03-29T00:59:00Z"), berlin) == "01:59")
        #expect(try Self.shown("time", .text("2026-03-29T01:00:00Z"), berlin) == "03:00")
        #expect(try Self.shown("iso", .text("2026-07-01T12:00:00"), berlin) == "2026-07-01T10:00:00Z")
        #expect(try Self.shown("iso", .text("2026-01-01T12:00:00"), berlin) == "2026-01-01T11:00:00Z")
    }

    @Test(arguments: [
        (-420.0, "7 min ago", "7分钟前"), (180.0, "in 3 min", "3分钟后"), (-479.0, "7 min ago", "7分钟前"),
        (0.4, "now", "现在"), (-59.9, "59 s ago", "59秒前"), (-60.0, "1 min ago", "1分钟前"),
        (-7200.0, "2 h ago", "2小时前"), (-86_400.0 * 3, "3 d ago", "3天前"),
    ])
    func relativeTimesCountFromTheInjectedNow(offset: Double, english: String, chinese: String) throws {
        let now = Self.instant
        let format = try ValueFormat(spec: "relative")
        #expect(
            format.format(.number(now + offset), in: FormatContext(language: .english, now: now)) == english)
        let zh = FormatContext(language: .simplifiedChinese, now: now)
        #expect(format.format(.number(now + offset), in: zh) == chinese)
    }

    @Test func languageTagsChooseATable() {
        #expect(FormatLanguage(tag: "zh-CN") == .simplifiedChinese)
        #expect(FormatLanguage(tag: "zh") == .simplifiedChinese)
        #expect(FormatLanguage(tag: "zh-Hant-TW") == .english)
        #expect(FormatLanguage(tag: "en-GB") == .english)
        #expect(FormatLanguage(tag: "ar-EG") == .english)
    }
}
