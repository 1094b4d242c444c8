import Testing

@testable import Folio

@Suite struct ByteBoundedCacheTests {
    @Test func neverHoldsMoreBytesThanItsLimitHoweverManyEntriesArrive() {
        var cache = ByteBoundedCache<Int, String>(byteLimit: 1_000)
        for key in 0..<10_000 {
            cache.insert("page \(key)", for: key, cost: 37)
            #expect(cache.byteCount <= 1_000)
        }
        #expect(cache.count > 10)
        #expect(cache.value(for: 9_999) == "page 9999")
        #expect(cache.value(for: 0) == nil)
    }

    @Test func anEntryInUseOutlivesEntriesNobodyAsksFor() {
        var cache = ByteBoundedCache<Int, Int>(byteLimit: 100)
        cache.insert(-1, for: -1, cost: 10)
        for key in 0..<1_000 {
            cache.insert(key, for: key, cost: 10)
            #expect(cache.value(for: -1) == -1)
        }
        #expect(cache.value(for: 0) == nil)
    }

    /// The read-only lookup finds only the recent generation; the full
    /// lookup then brings an older entry back, where the read-only one sees it.
    @Test func theReadOnlyLookupSeesTheRecentGenerationOnly() {
        var cache = ByteBoundedCache<Int, Int>(byteLimit: 100)
        cache.insert(1, for: 1, cost: 30)
        #expect(cache.recentValue(for: 1) == 1)
        cache.insert(2, for: 2, cost: 30)  // past half the budget: 1 is in the older generation now
        #expect(cache.recentValue(for: 1) == nil)
        #expect(cache.recentValue(for: 2) == 2)
        #expect(cache.value(for: 1) == 1)
        #expect(cache.recentValue(for: 1) == 1)
        #expect(cache.recentValue(for: 3) == nil)
    }

    @Test func replacingAKeyCountsOnlyItsNewCost() {
        var cache = ByteBoundedCache<String, Int>(byteLimit: 1_000)
        cache.insert(1, for: "a", cost: 100)
        cache.insert(2, for: "a", cost: 30)
        #expect(cache.byteCount == 30)
        #expect(cache.count == 1)
        #expect(cache.value(for: "a") == 2)
    }

    @Test func aValueLargerThanHalfTheBudgetIsNotKept() {
        var cache = ByteBoundedCache<String, Int>(byteLimit: 100)
        cache.insert(1, for: "small", cost: 10)
        cache.insert(2, for: "huge", cost: 51)
        #expect(cache.value(for: "huge") == nil)
        #expect(cache.value(for: "small") == 1)
    }

    @Test func removingByKeyForgetsBothGenerations() {
        var cache = ByteBoundedCache<String, Int>(byteLimit: 100)
        cache.insert(1, for: "p/a", cost: 30)
        cache.insert(2, for: "p/b", cost: 30)  // turns "p/a" into the older generation
        cache.insert(3, for: "q/a", cost: 10)
        cache.removeAll { key, _ in key.hasPrefix("p/") }
        #expect(cache.value(for: "p/a") == nil && cache.value(for: "p/b") == nil)
        #expect(cache.value(for: "q/a") == 3)
        #expect(cache.byteCount == 10)
    }
}
