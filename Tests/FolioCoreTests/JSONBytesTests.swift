import FolioCore
import Foundation
import Testing

/// `JSONBytes` writes what `JSONEncoder` writes, byte for byte, for the
/// values it writes directly: numbers of every kind and hostile strings.
@Suite struct JSONBytesTests {
    static let awkwardNumbers: [Double] = [
        0, -0.0, 1, -1, -14, 375, 0.1, 0.2 + 0.1, 23.5, -5.39013671875, 1e-7, .leastNonzeroMagnitude,
        123_456_789_012_345, 999_999_999_999_999, 1e15, -1e15, 1e15 + 2, 4_503_599_627_370_496,
        9_007_199_254_740_992, 9_007_199_254_740_994, 1e16, 1e21, -1.7976931348623157e308, 1_733_250_000.123,
    ]

    @Test func numbersAreWrittenAsJSONEncoderWritesThem() throws {
        var random = SystemRandomNumberGenerator()
        let scaled = (0..<2_000).map { index in
            // Whole and fractional values across many magnitudes.
            let magnitude = Double.random(in: -20...20, using: &random)
            let value = Double.random(in: -1...1, using: &random) * pow(10, magnitude)
            return index % 2 == 0 ? value.rounded() : value
        }
        for value in Self.awkwardNumbers + scaled {
            var json = JSONBytes()
            json.number(value)
            let encoded = try JSONEncoder().encode([value])
            #expect(json.bytes == Array(encoded.dropFirst().dropLast()), "\(value)")
        }
    }

    @Test func stringsReadBackAsTheyWere() throws {
        let strings = [
            "", #"Quote " and back\slash"#, "精华 / 视频", "</script>", "tab\t\n\r\u{0}\u{1F}", "🙂", #"""#,
            #"\\"#, "\u{1}x\u{2}", "\u{7F}é\n", "ends with a quote\"", "\"starts with one",
        ]
        for text in strings {
            var json = JSONBytes()
            json.string(text)
            #expect(try JSONDecoder().decode(String.self, from: Data(json.bytes)) == text)
        }
    }

    @Test func integersAreTheirDecimalDigits() {
        var random = SystemRandomNumberGenerator()
        let values =
            [0, 1, -1, 9, 10, -10, 99, 100, Int.max, Int.min]
            + (0..<500).map { _ in
                Int.random(in: .min ... .max, using: &random) >> Int.random(in: 0...62, using: &random)
            }
        for value in values {
            var json = JSONBytes()
            json.integer(value)
            #expect(json.bytes == Array(String(value).utf8))
        }
    }
}
