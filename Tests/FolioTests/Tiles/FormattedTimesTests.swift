import FolioCore
import Foundation
import Testing

@testable import Folio

/// Times kept across renders read exactly as times formatted afresh, in
/// every zone and language, and "now" still moves relative times.
@Suite struct FormattedTimesTests {
    static let time = ValueFormat(kind: .time, spec: "time")
    static let start = 1_764_633_600.0

    @Test func aKeptTimeReadsAsAFreshOne() {
        let times = FormattedTimes()
        let context = FormatContext(language: .english)
        for _ in 0..<2 {  // The second pass is served from what the first kept.
            let formatter = times.formatter(Self.time, in: context)
            for minute in 0..<720 {
                let seconds = Self.start + Double(minute) * 60
                #expect(
                    formatter(Date(timeIntervalSince1970: seconds))
                        == Self.time.format(.number(seconds), in: context))
            }
        }
    }

    @Test func zoneAndLanguageEachKeepTheirOwnText() throws {
        let times = FormattedTimes()
        let instant = Date(timeIntervalSince1970: Self.start)
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let english = times.formatter(Self.time, in: FormatContext(language: .english))(instant)
        let chinese = times.formatter(Self.time, in: FormatContext(language: .simplifiedChinese))(instant)
        let inTokyo = times.formatter(Self.time, in: FormatContext(language: .english, timeZone: tokyo))(
            instant)
        let date = times.formatter(ValueFormat(kind: .date, spec: "date"), in: FormatContext())(instant)
        #expect(english == "12:00\u{202F}AM")
        #expect(chinese == "00:00")
        #expect(inTokyo == "9:00\u{202F}AM")
        #expect(date == "Dec 2, 2025")
    }

    @Test func relativeTimesFollowEachRendersNow() {
        let times = FormattedTimes()
        let relative = ValueFormat(kind: .relative, spec: "relative")
        let instant = Date(timeIntervalSince1970: Self.start)
        let soon = times.formatter(relative, in: FormatContext(now: Self.start + 120))(instant)
        let later = times.formatter(relative, in: FormatContext(now: Self.start + 600))(instant)
        #expect(soon == "2 min ago")
        #expect(later == "10 min ago")
    }

    @Test func aWindowLongerThanTheBoundStillReadsRight() {
        let times = FormattedTimes()
        let context = FormatContext()
        let formatter = times.formatter(Self.time, in: context)
        let count = FormattedTimes.timesPerTable + 100
        for minute in stride(from: 0, to: count, by: 1) {
            let seconds = Self.start + Double(minute) * 60
            #expect(
                formatter(Date(timeIntervalSince1970: seconds))
                    == Self.time.format(.number(seconds), in: context))
        }
    }
}
