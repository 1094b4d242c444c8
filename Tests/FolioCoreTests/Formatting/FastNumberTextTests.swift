import Foundation
import Testing

@testable import FolioCore

/// The fast path for fixed and compact numbers writes exactly what the
/// digit-by-digit reference writes, for every kind of value a feed can send.
@Suite struct FastNumberTextTests {
    /// Seeded, so a failure names a value that fails again.
    struct SplitMix64 {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    static func powerOfTen(_ exponent: Int) -> Double {
        // Parsed, not multiplied: 1e-7 must be the nearest double to 10^-7.
        Double("1e\(exponent)")!
    }

    /// Random doubles across magnitudes, both signs.
    static func spreadValues(count: Int, seed: UInt64) -> [Double] {
        var random = SplitMix64(state: seed)
        return (0..<count).map { _ in
            let value = (1 + 9 * random.unit()) * powerOfTen(random.below(36) - 18)
            return random.below(2) == 0 ? value : -value
        }
    }

    /// Decimal ties (`x.5`, `x.x5`, … `5 × 10^k`) at every digit count, at
    /// several sizes, and the doubles either side of each.
    static func tieValues(count: Int, seed: UInt64) -> [Double] {
        var random = SplitMix64(state: seed)
        var values: [Double] = []
        values.reserveCapacity(count * 3)
        for _ in 0..<count {
            let lastDigit = random.below(11) - 6  // The tie is at 10^(lastDigit - 0…5): 10^4 down to 10^-11.
            let leading = Double(random.below(1_000_000)) * 10 + 5
            let tie = leading * powerOfTen(lastDigit - random.below(6))
            let signed = random.below(2) == 0 ? tie : -tie
            values += [signed, signed.nextUp, signed.nextDown]
        }
        return values
    }

    /// Just below and at each unit, where rounding moves a value up a unit
    /// (999.95 is `1.0k` at one digit), for every digit count.
    static let boundaryValues: [Double] = {
        var values: [Double] = []
        for power in 0...15 {
            for digits in 0...9 {
                let boundary = powerOfTen(power)
                let halfStep = 5 * powerOfTen(power - digits - 1)
                for value in [boundary, boundary - halfStep, boundary - 2 * halfStep, boundary + halfStep] {
                    values += [value, value.nextUp, value.nextDown, -value]
                }
                let belowPower = boundary / 1000
                values += [belowPower - 5 * powerOfTen(power - 3 - digits - 1)]
            }
        }
        return values
    }()

    static let specialValues: [Double] = [
        0, -0.0, .nan, -.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 1e300, 1e-300, 1e21, 1e22,
        1e23, 9.999_999_999_999_999e12, 4_503_599_627_370_496.5, 0.125, 0.375, 1.005, 1.015, 2.675, 999.95,
        999.949_999_999_999_9, 9999.95, 999_950, 99_999_999, 0.9995, 0.9994,
    ]

    /// Every value under every digit count through both paths.
    static func expectSameText(_ values: [Double]) -> (checked: Int, fast: Int) {
        var checked = 0
        var fast = 0
        for (index, value) in values.enumerated() {
            let digits = index % 10
            for shift in [0, 2] {
                let fastText = FastNumberText.fixed(value, shift: shift, fractionDigits: digits)
                let reference = NumberText.fixedByDigits(value, shift: shift, fractionDigits: digits)
                if let fastText {
                    fast += 1
                    #expect(fastText == reference, "fixed \(value) shift \(shift) digits \(digits)")
                }
                checked += 1
            }
            for language in FormatLanguage.allCases {
                let fastText = FastNumberText.compact(
                    value, fractionDigits: digits, units: language.compactUnits)
                let reference = NumberText.compactByDigits(value, fractionDigits: digits, language: language)
                if let fastText {
                    fast += 1
                    #expect(fastText == reference, "compact \(value) \(language) digits \(digits)")
                }
                checked += 1
            }
        }
        return (checked, fast)
    }

    /// 10 with `FOLIO_LONG_FORMAT_CHECK=1` (about 1.4 million values, a
    /// minute in a debug build); 1 in `make test`, which also runs this
    /// suite under ThreadSanitizer.
    static let scale = ProcessInfo.processInfo.environment["FOLIO_LONG_FORMAT_CHECK"] == nil ? 1 : 10

    @Test(arguments: 0..<4)
    func randomValuesAcrossMagnitudesReadTheSame(batch: Int) {
        let result = Self.expectSameText(Self.spreadValues(count: 20_000 * Self.scale, seed: UInt64(batch)))
        // Most values must take the fast path, or it saves nothing.
        #expect(Double(result.fast) > 0.6 * Double(result.checked))
    }

    @Test(arguments: 0..<2)
    func tiesAndTheirNeighboursRoundAsTheDigitsDo(batch: Int) {
        _ = Self.expectSameText(Self.tieValues(count: 10_000 * Self.scale, seed: 100 + UInt64(batch)))
    }

    @Test func unitBoundariesAndSpecialValuesReadTheSame() {
        for digits in 0...9 {
            var rotated = Self.boundaryValues + Self.specialValues
            rotated.rotate(by: digits)
            _ = Self.expectSameText(rotated)
        }
    }

    @Test func valuesTheFastPathCannotHoldAreLeftToTheReference() {
        for value in [Double.nan, .infinity, -.infinity, 1e300, 0.125, 2.5] {
            #expect(FastNumberText.fixed(value, shift: 0, fractionDigits: value == 0.125 ? 2 : 0) == nil)
        }
        #expect(NumberText.fixed(0.125, fractionDigits: 2) == "0.12")
        #expect(NumberText.compact(999.95, fractionDigits: 1, language: .english) == "1.0k")
    }
}

extension Array {
    fileprivate mutating func rotate(by count: Int) {
        guard !isEmpty else { return }
        let split = count % self.count
        self = Array(self[split...] + self[..<split])
    }
}
