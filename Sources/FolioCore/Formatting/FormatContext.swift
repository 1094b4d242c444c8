import Foundation

/// Where a format is applied: the page's language, the dashboard's time
/// zone and the render's "now". Nothing comes from the machine, so a page
/// reads the same on every server.
public struct FormatContext: Sendable {
    /// The language numbers, units and times are written in. Default English.
    public var language: FormatLanguage
    /// The zone absolute times are shown in. Default UTC.
    public var timeZone: TimeZone
    /// The time relative times count from, in seconds since 1970 (UTC).
    public var now: Double

    /// Creates a context.
    /// - Parameters:
    ///   - language: Default English.
    ///   - timeZone: Default UTC.
    ///   - now: Seconds since 1970; inject the render's clock. Default 0.
    public init(language: FormatLanguage = .english, timeZone: TimeZone = .gmt, now: Double = 0) {
        self.language = language
        self.timeZone = timeZone
        self.now = now
    }
}
