import FolioCore
import Foundation
import Testing

extension Charts {
    /// Time ticks fall on calendar boundaries of the viewer's zone.
    @Suite struct TimeScaleTests {
        let utc = TimeZone(identifier: "UTC")!
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let kathmandu = TimeZone(identifier: "Asia/Kathmandu")!

        func date(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

        func localHour(_ date: Date, _ zone: TimeZone) -> (hour: Int, minute: Int) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.hour, .minute], from: date)
            return (parts.hour!, parts.minute!)
        }

        @Test func anHourOfDataGetsQuarterHourTicks() {
            let scale = TimeScale(
                from: date("2025-03-01T10:02:00Z"), to: date("2025-03-01T11:02:00Z"), range: (0, 600),
                timeZone: utc)
            #expect(scale.interval(count: 5) == .minutes(15))
            #expect(
                scale.ticks(count: 5) == [
                    date("2025-03-01T10:15:00Z"), date("2025-03-01T10:30:00Z"), date("2025-03-01T10:45:00Z"),
                    date("2025-03-01T11:00:00Z"),
                ])
        }

        static let spans: [(seconds: Double, interval: CalendarInterval)] = [
            (60, .seconds(15)), (3600 * 6, .hours(1)), (86_400 * 3, .hours(12)), (86_400 * 30, .week),
            (86_400 * 365, .month), (86_400 * 365 * 20, .years(5)),
        ]

        @Test func intervalFollowsTheSpan() {
            for span in Self.spans {
                #expect(CalendarInterval.about(6, over: span.seconds) == span.interval, "\(span.seconds) s")
            }
        }

        @Test func dayTicksAreLocalMidnightAcrossDaylightSaving() {
            // Berlin springs forward on 2025-03-30: that day is 23 hours long.
            let ticks = CalendarInterval.day.ticks(
                from: date("2025-03-28T12:00:00Z"), to: date("2025-04-01T12:00:00Z"), in: berlin)
            #expect(ticks.count == 4)
            #expect(ticks.allSatisfy { localHour($0, berlin) == (0, 0) })
            #expect(ticks[2].timeIntervalSince(ticks[1]) == 23 * 3600)
        }

        @Test func threeHourTicksStayOnLocalMultiplesOfThree() {
            let ticks = CalendarInterval.hours(3).ticks(
                from: date("2025-03-29T20:00:00Z"), to: date("2025-03-30T12:00:00Z"), in: berlin)
            #expect(!ticks.isEmpty)
            #expect(
                ticks.allSatisfy { localHour($0, berlin).hour % 3 == 0 && localHour($0, berlin).minute == 0 })
        }

        @Test func hourTicksFollowAQuarterHourOffset() {
            let ticks = CalendarInterval.hours(1).ticks(
                from: date("2025-01-01T00:00:00Z"), to: date("2025-01-01T03:00:00Z"), in: kathmandu)
            #expect(ticks.count == 3)
            #expect(ticks.allSatisfy { localHour($0, kathmandu).minute == 0 })
        }

        @Test func monthAndYearTicksStartOnTheFirst() {
            let months = CalendarInterval.month.ticks(
                from: date("2025-01-15T00:00:00Z"), to: date("2025-05-02T00:00:00Z"), in: berlin)
            #expect(months.count == 4)
            #expect(months.allSatisfy { localHour($0, berlin) == (0, 0) })
            let years = CalendarInterval.years(5).ticks(
                from: date("2003-06-01T00:00:00Z"), to: date("2021-06-01T00:00:00Z"), in: utc)
            #expect(
                years == [
                    date("2005-01-01T00:00:00Z"), date("2010-01-01T00:00:00Z"), date("2015-01-01T00:00:00Z"),
                    date("2020-01-01T00:00:00Z"),
                ])
        }

        @Test func mapsTimeToPixelsBothWays() {
            let start = date("2025-03-01T10:00:00Z")
            let scale = TimeScale(
                from: start, to: start.addingTimeInterval(100), range: (500, 0), timeZone: utc)
            #expect(scale.position(of: start.addingTimeInterval(25)) == 375)
            #expect(scale.date(at: 375) == start.addingTimeInterval(25))
        }
    }
}
