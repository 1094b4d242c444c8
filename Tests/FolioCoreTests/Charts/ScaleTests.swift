import FolioCore
import Testing

extension Charts {
    /// Value-to-pixel mapping and d3's tick choice, with their edges.
    @Suite struct ScaleTests {
        @Test func ticksArePowersOfTenTimesOneTwoOrFiveAndPrintClean() {
            #expect(
                niceTicks(from: 0, to: 1, count: 10) == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1])
            #expect(niceTicks(from: 0, to: 1, count: 10).map { "\($0)" }.contains("0.3"))
            #expect(niceTicks(from: 0, to: 10, count: 5) == [0, 2, 4, 6, 8, 10])
            #expect(niceTicks(from: 0, to: 1441.03, count: 5) == [0, 200, 400, 600, 800, 1000, 1200, 1400])
            #expect(niceTicks(from: 0.1, to: 0.35, count: 5) == [0.1, 0.15, 0.2, 0.25, 0.3, 0.35])
        }

        @Test func negativeAndReversedDomainsKeepTheirOrder() {
            #expect(niceTicks(from: -10, to: -2, count: 4) == [-10, -8, -6, -4, -2])
            #expect(niceTicks(from: 1, to: 0, count: 2) == [1, 0.5, 0])
            #expect(niceTicks(from: -0.5, to: 0.5, count: 2) == [-0.5, 0, 0.5])
        }

        @Test func degenerateDomainsGiveOneTickOrNone() {
            #expect(niceTicks(from: 3, to: 3, count: 5) == [3])
            #expect(niceTicks(from: .nan, to: 3, count: 5).isEmpty)
            #expect(niceTicks(from: 0, to: .infinity, count: 5).isEmpty)
            #expect(niceTicks(from: 0, to: 1, count: 0).isEmpty)
        }

        @Test func spacingIsAWholeMultiplierOrDivisor() throws {
            let small = try #require(TickSpacing.about(10, from: 0, to: 1))
            #expect(small.multiplier == 1 && small.divisor == 10)
            let large = try #require(TickSpacing.about(5, from: 0, to: 5000))
            #expect(large.multiplier == 1000 && large.divisor == 1)
            #expect(TickSpacing.about(5, from: 1, to: 1) == nil)
        }

        @Test func mapsInvertsAndClamps() {
            let scale = LinearScale(domain: (0, 100), range: (200, 0))
            #expect(scale.position(of: 25) == 150)
            #expect(scale.value(at: 150) == 25)
            #expect(scale.position(of: 150) == -100)
            var clamped = scale
            clamped.clamps = true
            #expect(clamped.position(of: 150) == 0)
            #expect(clamped.value(at: 300) == 0)
            #expect(scale.position(of: .nan).isNaN)
        }

        @Test func zeroWidthDomainMapsToTheMiddle() {
            let flat = LinearScale(domain: (5, 5), range: (0, 100))
            #expect(flat.position(of: 5) == 50)
            #expect(flat.position(of: 7) == 50)
        }

        @Test func niceWidensToRoundEnds() {
            let scale = LinearScale(domain: (0.201479, 0.996679), range: (0, 1)).niced(count: 10)
            #expect(scale.domainStart == 0.2)
            #expect(scale.domainEnd == 1)
            let reversed = LinearScale(domain: (97, 3), range: (0, 1)).niced(count: 5)
            #expect(reversed.domainStart == 100)
            #expect(reversed.domainEnd == 0)
            let negative = LinearScale(domain: (-13, -1.5), range: (0, 1)).niced(count: 5)
            #expect(negative.domainStart == -14)
            #expect(negative.domainEnd == 0)
        }

        @Test func extentIgnoresMissingValues() throws {
            let extent = try #require(finiteExtent(of: [.nan, 3, -.infinity, -2, .infinity, 8]))
            #expect(extent.minimum == -2)
            #expect(extent.maximum == 8)
            #expect(finiteExtent(of: [Double.nan]) == nil)
        }
    }
}
