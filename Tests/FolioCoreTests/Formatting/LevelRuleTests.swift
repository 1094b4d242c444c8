import FolioCore
import Testing

/// Levels from thresholds and mappings, at and around each threshold.
@Suite struct LevelRuleTests {
    @Test(arguments: [
        (79.99, Level.ok), (80.0, .warning), (89.9, .warning), (90.0, .critical), (1e21, .critical),
        (-5.0, .ok), (.nan, .unknown), (.infinity, .critical),
    ])
    func higherIsWorseWhenCriticalIsAboveWarning(value: Double, level: Level) throws {
        let rule = try LevelRule(spec: "warning=80,critical=90")
        #expect(rule.level(of: .number(value)) == level)
    }

    @Test(arguments: [
        (20.01, Level.ok), (20.0, .warning), (10.5, .warning), (10.0, .critical), (-1.0, .critical),
    ])
    func lowerIsWorseWhenCriticalIsBelowWarning(value: Double, level: Level) throws {
        let rule = try LevelRule(spec: "warning = 20, critical = 10")
        #expect(rule.level(of: .number(value)) == level)
    }

    @Test func oneThresholdCountsUpUnlessTold() throws {
        #expect(try LevelRule(spec: "critical=5").level(of: .number(6)) == .critical)
        let lower = try LevelRule(spec: "critical=5,lower-is-worse")
        #expect(lower.level(of: .number(6)) == .ok)
        #expect(lower.level(of: .number(5)) == .critical)
    }

    @Test func missingAndNonNumericValuesAreUnknown() throws {
        let rule = try LevelRule(spec: "warning=80,critical=90")
        #expect(rule.level(of: .missing) == .unknown)
        #expect(rule.level(of: .text("high")) == .unknown)
        #expect(rule.level(of: .text("85")) == .warning)
    }

    @Test func mappingsNameWordsAndLeaveTheRestUnknown() throws {
        let rule = try LevelRule(spec: "up=ok,degraded=warning,down=critical,1=ok,false=critical")
        #expect(rule.level(of: .text("up")) == .ok)
        #expect(rule.level(of: .text("degraded")) == .warning)
        #expect(rule.level(of: .text("down")) == .critical)
        #expect(rule.level(of: .text("Down")) == .unknown)
        #expect(rule.level(of: .text("maintenance")) == .unknown)
        #expect(rule.level(of: .number(1)) == .ok)
        #expect(rule.level(of: .bool(false)) == .critical)
        #expect(rule.level(of: .missing) == .unknown)
        #expect(rule.level(of: .number(.nan)) == .unknown)
    }

    @Test(arguments: [
        ("warning=80,critical=ninety", 20, "the critical threshold 'ninety' is not a finite number"),
        ("warning=nan", 8, "the warning threshold 'nan' is not a finite number"),
        ("warning=0x10", 8, "the warning threshold '0x10' is not a finite number"),
        ("warning=80,warning=90", 11, "warning is given twice"),
        ("up=ok,down=broken", 11, "'broken' is no level: map 'down' to ok, warning, critical or unknown"),
        ("up=ok,critical=90", 6, "a level uses thresholds or a mapping, not both"),
        ("warning=80,high", 11, "'high' is no level item: write NAME=VALUE, such as warning=80 or up=ok"),
        (
            "warning=10,critical=20,lower-is-worse", 23,
            "'lower-is-worse', but critical (20.0) is above warning (10.0)"
        ),
        ("", 0, "a level needs thresholds (warning=80,critical=90) or a mapping (up=ok,down=critical)"),
    ])
    func badSpecsSayWhatAndWhere(spec: String, offset: Int, message: String) {
        #expect(throws: FormatSpecError(spec: spec, offset: offset, message: message)) {
            try LevelRule(spec: spec)
        }
    }
}
