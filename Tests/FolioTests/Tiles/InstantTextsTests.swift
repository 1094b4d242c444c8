import Testing

@testable import Folio

/// The chart times' table gives back what was kept for each instant and
/// nothing for the rest, however the instants collide.
@Suite struct InstantTextsTests {
    @Test func keepsEachInstantsOwnText() {
        var table = InstantTexts(limit: 1000)
        // Whole minutes, the epoch itself, fractions and times before 1970.
        let instants = (0..<600).map { Double($0) * 60 } + [0.5, -60, -0.25, 1e12]
        for seconds in instants { table.insert("t\(seconds)", for: seconds) }
        for seconds in instants { #expect(table[seconds] == "t\(seconds)") }
        #expect(table[30] == nil)
        #expect(table[1e12 + 1] == nil)
        #expect(table.count == instants.count)
    }

    @Test func theFirstTextKeptForAnInstantStays() {
        var table = InstantTexts(limit: 4)
        table.insert("first", for: 60)
        table.insert("second", for: 60)
        #expect(table[60] == "first")
        #expect(table.count == 1)
    }

    @Test func aFullTableKeepsNoMore() {
        var table = InstantTexts(limit: 3)
        for minute in 0..<5 { table.insert("m\(minute)", for: Double(minute) * 60) }
        #expect(table.isFull)
        #expect(table.count == 3)
        #expect(table[180] == nil)
        #expect(table[0] == "m0")
    }
}
