import FolioCore
import Testing

/// Durations in the largest units that read well.
@Suite struct DurationFormatTests {
    @Test(arguments: [
        ("ms", 350.0, "350 ms", "350毫秒"), ("ms", 0.44, "0.4 ms", "0.4毫秒"), ("s", 0.35, "350 ms", "350毫秒"),
        ("s", 0.99996, "1 s", "1秒"), ("s", 12.34, "12.3 s", "12.3秒"), ("s", 59.96, "1 min", "1分钟"),
        ("s", 303.0, "5 min 3 s", "5分钟3秒"), ("s", 7525.0, "2 h 5 min", "2小时5分钟"),
        ("s", 7499.6, "2 h 5 min", "2小时5分钟"), ("s", 7200.0, "2 h", "2小时"),
        ("s", 86_399.0, "1 d", "1天"), ("s", 273_600.0, "3 d 4 h", "3天4小时"),
        ("s", -7525.0, "-2 h 5 min", "-2小时5分钟"), ("s", -0.0, "0 ms", "0毫秒"),
        ("ms", 7_525_000.0, "2 h 5 min", "2小时5分钟"),
    ])
    func durationsUseTwoUnitsAtMost(spec: String, value: Double, english: String, chinese: String) throws {
        let format = try ValueFormat(spec: spec)
        #expect(format.format(.number(value), in: FormatContext(language: .english)) == english)
        #expect(format.format(.number(value), in: FormatContext(language: .simplifiedChinese)) == chinese)
    }
}
