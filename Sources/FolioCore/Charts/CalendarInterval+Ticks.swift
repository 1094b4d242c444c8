import Foundation

extension CalendarInterval {
    /// Every boundary of this interval from `start` to `end` (inclusive), on
    /// the local clock of `timeZone`: an hour tick is a local hour divisible
    /// by the step, a day tick local midnight whatever the daylight saving.
    /// - Parameter firstWeekday: The day a week tick falls on, 1 = Sunday.
    public func ticks(from start: Date, to end: Date, in timeZone: TimeZone, firstWeekday: Int = 2)
        -> [Date]
    {
        let low = min(start, end)
        let high = max(start, end)
        switch self {
        case .seconds(let step): return clockTicks(low, high, unit: 1, modulus: 60, step: step, timeZone)
        case .minutes(let step): return clockTicks(low, high, unit: 60, modulus: 60, step: step, timeZone)
        case .hours(let step): return clockTicks(low, high, unit: 3600, modulus: 24, step: step, timeZone)
        case .day, .week, .month, .years:
            return calendarTicks(low, high, timeZone: timeZone, firstWeekday: firstWeekday)
        }
    }

    /// Steps of one `unit` in absolute time, kept where the local field
    /// (seconds of the minute, minutes of the hour, hours of the day) is a
    /// multiple of `step`; this is how d3 keeps 3-hour ticks on 0, 3, 6 …
    /// across a daylight-saving change.
    private func clockTicks(
        _ low: Date, _ high: Date, unit: Double, modulus: Double, step: Int, _ timeZone: TimeZone
    ) -> [Date] {
        func local(_ seconds: Double) -> Double {
            seconds + Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds)))
        }
        let lowSeconds = low.timeIntervalSince1970
        let highSeconds = high.timeIntervalSince1970
        let localLow = local(lowSeconds)
        let floored = lowSeconds - (localLow - (localLow / unit).rounded(.down) * unit)
        var seconds = floored < lowSeconds ? floored + unit : floored
        var ticks: [Date] = []
        while seconds <= highSeconds {
            let field = (local(seconds) / unit).rounded(.down)
            let fieldOfParent = field - (field / modulus).rounded(.down) * modulus
            if Int(fieldOfParent) % step == 0 { ticks.append(Date(timeIntervalSince1970: seconds)) }
            seconds += unit
        }
        return ticks
    }

    private func calendarTicks(_ low: Date, _ high: Date, timeZone: TimeZone, firstWeekday: Int) -> [Date] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = firstWeekday
        let component: Calendar.Component
        let amount: Int
        var first: Date
        switch self {
        case .week:
            (component, amount) = (.weekOfYear, 1)
            first = calendar.dateInterval(of: .weekOfYear, for: low)?.start ?? low
        case .month:
            (component, amount) = (.month, 1)
            first = calendar.dateInterval(of: .month, for: low)?.start ?? low
        case .years(let step):
            (component, amount) = (.year, step)
            let year = calendar.component(.year, from: low)
            let aligned = year - ((year % step) + step) % step
            first = calendar.date(from: DateComponents(year: aligned, month: 1, day: 1)) ?? low
        default:
            (component, amount) = (.day, 1)
            first = calendar.startOfDay(for: low)
        }
        var ticks: [Date] = []
        var index = 0
        // Each tick is counted from the first, so a short month never shifts the next.
        while let tick = calendar.date(byAdding: component, value: index * amount, to: first), tick <= high {
            if tick >= low { ticks.append(tick) }
            index += 1
        }
        return ticks
    }
}
