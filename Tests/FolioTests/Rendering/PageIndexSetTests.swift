import Testing

@testable import Folio

@Suite struct PageIndexSetTests {
    private static func indices(_ set: PageIndexSet) -> [Int] {
        var all: [Int] = []
        set.forEach { all.append($0) }
        return all
    }

    @Test func holdsEachIndexOnceAndListsThemAscendingOnBothSidesOfSixtyFour() {
        var set = PageIndexSet()
        #expect(set.isEmpty)
        for index in [70, 3, 63, 64, 0, 200, 3, 70, 65] { set.insert(index) }
        #expect(!set.isEmpty)
        #expect(Self.indices(set) == [0, 3, 63, 64, 65, 70, 200])
        for index in [0, 3, 63, 64, 65, 70, 200] { #expect(set.contains(index)) }
        for index in [-1, 1, 62, 66, 199, 201] { #expect(!set.contains(index)) }
        #expect(set.contains { $0 > 100 })
        #expect(!set.contains { $0 > 200 })
    }

    /// A cache key: the same pages inserted in any order are one key.
    @Test func theSamePagesInAnyOrderAreEqualAndHashAlike() {
        var one = PageIndexSet()
        var other = PageIndexSet()
        for index in [1, 99, 5, 64, 130] { one.insert(index) }
        for index in [130, 5, 64, 1, 99, 99] { other.insert(index) }
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        other.insert(6)
        #expect(one != other)
        var beyond = PageIndexSet()
        beyond.insert(64)
        var below = PageIndexSet()
        below.insert(0)
        #expect(beyond != below)
    }
}
