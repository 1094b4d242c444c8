import FolioCore
import Testing

/// Numbers as a reader of a dashboard sees them, in English and Simplified Chinese.
@Suite struct NumberFormatTests {
    static let english = FormatContext(language: .english)
    static let chinese = FormatContext(language: .simplifiedChinese)

    static func shown(_ spec: String, _ value: Double, _ context: FormatContext = english) throws -> String {
        try ValueFormat(spec: spec).format(.number(value), in: context)
    }

    @Test(arguments: [
        ("number", 1441.029836821407, "1,441"), ("number.2", 1441.029836821407, "1,441.03"),
        ("number.2", 0.125, "0.12"), ("number.2", 0.375, "0.38"), ("number", 2.5, "2"), ("number", 3.5, "4"),
        ("number.1", -0.0, "0.0"), ("number.1", -0.04, "0.0"), ("number.1", -1234.56, "-1,234.6"),
        ("number", 1e21, "1,000,000,000,000,000,000,000"), ("number.3", 1e-7, "0.000"),
        ("number.2", 999.995, "1,000.00"),
    ])
    func fixedDigitsRoundInDecimalHalfToEven(spec: String, value: Double, text: String) throws {
        #expect(try Self.shown(spec, value) == text)
    }

    @Test(arguments: [
        (1441.0, "1.4k"), (2_345_678.0, "2.3M"), (1.2e9, "1.2B"), (1.5e12, "1.5T"), (999.95, "1.0k"),
        (999.94, "999.9"), (999_950.0, "1.0M"), (42.0, "42"), (42.25, "42.2"), (0.0, "0"), (-0.0, "0"),
        (-1441.0, "-1.4k"), (-0.04, "0"), (1e-7, "0"), (1e21, "1,000,000,000.0T"),
    ])
    func compactInEnglishUsesThousandsMillionsBillions(value: Double, text: String) throws {
        #expect(try Self.shown("compact", value) == text)
    }

    /// As ICU prints zh-Hans compact numbers: nothing below 万, then 万, 亿, 万亿.
    @Test(arguments: [
        (1441.0, "1441"), (12_345.0, "1.2万"), (23_456_789.0, "2345.7万"), (1.2e9, "12.0亿"), (1.5e12, "1.5万亿"),
        (99_999_999.0, "1.0亿"), (9999.96, "1.0万"), (999.95, "1000"), (-12_345.0, "-1.2万"),
    ])
    func compactInChineseUsesTenThousandsAndHundredMillions(value: Double, text: String) throws {
        #expect(try Self.shown("compact", value, Self.chinese) == text)
    }

    @Test(arguments: [
        ("percent", 0.25, "25%"), ("percent.1", 0.9995, "100.0%"), ("percent.1", 0.9994, "99.9%"),
        ("percent.2", 0.0177, "1.77%"), ("percent.1", -0.0001, "0.0%"), ("percent", 12.5, "1,250%"),
    ])
    func percentShowsARatioTimesAHundred(spec: String, value: Double, text: String) throws {
        #expect(try Self.shown(spec, value) == text)
        #expect(try Self.shown(spec, value, Self.chinese) == text)
    }

    @Test(arguments: [
        ("bytes", 512.0, "512 B"), ("bytes", 1536.0, "1.5 KiB"), ("bytes", 1023.6, "1.0 KiB"),
        ("bytes", 3.5 * 1024 * 1024 * 1024, "3.5 GiB"), ("bytes.2", 1_048_575.0, "1.00 MiB"),
        ("bytes.1", 1_048_575.0, "1.0 MiB"), ("decbytes", 1500.0, "1.5 kB"),
        ("decbytes", 999_960.0, "1.0 MB"),
        ("bytes", -2048.0, "-2.0 KiB"), ("bytes", 0.0, "0 B"),
    ])
    func bytesUseIECOrSIUnits(spec: String, value: Double, text: String) throws {
        #expect(try Self.shown(spec, value) == text)
    }

    @Test func requestRatesAreCompactWithAUnit() throws {
        #expect(try Self.shown("reqps", 1441.5) == "1.4k req/s")
        #expect(try Self.shown("reqps", 23_456.0, Self.chinese) == "2.3万 次/秒")
    }

    @Test(arguments: ["number.2", "compact", "percent", "bytes", "reqps", "s"])
    func nanInfinitiesAndMissingValuesSaySo(spec: String) throws {
        let format = try ValueFormat(spec: spec)
        #expect(format.format(.number(.nan), in: Self.english) == "NaN")
        #expect(format.format(.number(.infinity), in: Self.english) == "∞")
        #expect(format.format(.number(-.infinity), in: Self.chinese) == "-∞")
        #expect(format.format(.missing, in: Self.english) == "—")
        #expect(format.format(.text("fast"), in: Self.english) == "—")
    }

    @Test func numbersWrittenAsTextAreNumbers() throws {
        #expect(try ValueFormat(spec: "compact").format(.text("1441"), in: Self.english) == "1.4k")
    }
}
