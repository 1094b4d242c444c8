import FolioCore
import FolioTemplate
import Testing

@testable import Folio

@Suite struct LevelRuleTests {
    @Test func higherNumbersAreWorseWhenCriticalIsAboveWarning() {
        let rule = TileLevels(warning: 70, critical: 90)
        #expect(rule.level(of: .number(12)) == .ok)
        #expect(rule.level(of: .number(69.99)) == .ok)
        #expect(rule.level(of: .number(70)) == .warning)
        #expect(rule.level(of: .number(90)) == .critical)
        #expect(rule.level(of: .number(1e300)) == .critical)
    }

    @Test func lowerNumbersAreWorseWhenCriticalIsBelowWarning() {
        let freeDisk = TileLevels(warning: 20, critical: 5)
        #expect(freeDisk.level(of: .number(50)) == .ok)
        #expect(freeDisk.level(of: .number(20)) == .warning)
        #expect(freeDisk.level(of: .number(4)) == .critical)
        #expect(freeDisk.level(of: .number(-3)) == .critical)
    }

    @Test func aSingleThresholdJudgesHigherValuesWorse() {
        #expect(TileLevels(critical: 500).level(of: .number(499)) == .ok)
        #expect(TileLevels(critical: 500).level(of: .number(500)) == .critical)
        #expect(TileLevels(warning: 1).level(of: .number(3)) == .warning)
    }

    @Test func wordsAreMappedAndAnythingUnjudgedIsUnknown() {
        let rule = TileLevels.serviceStates
        #expect(rule.level(of: .string("up")) == .ok)
        #expect(rule.level(of: .string("degraded")) == .warning)
        #expect(rule.level(of: .string("down")) == .critical)
        #expect(rule.level(of: .string("rebooting")) == .unknown)
        #expect(rule.level(of: .number(3)) == .unknown)
        #expect(rule.level(of: nil) == .unknown)
        #expect(rule.level(of: .null) == .unknown)
        #expect(TileLevels(warning: 1, critical: 2).level(of: .number(.nan)) == .unknown)
        #expect(TileLevels(warning: 1, critical: 2).level(of: .string("high")) == .unknown)
    }

    @Test func theMappingIsAskedBeforeTheThresholds() {
        let rule = TileLevels(warning: 400, critical: 500, mapping: ["404": .ok, "true": .critical])
        #expect(rule.level(of: .number(404)) == .ok)
        #expect(rule.level(of: .number(503)) == .critical)
        #expect(rule.level(of: .bool(true)) == .critical)
    }
}
