import FolioCore
import Testing

@testable import Folio

@Suite struct SessionStoreTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    func sampleRecord() throws -> PagerRecord {
        var state = try PagerState(pages: [Page(key: "a", title: "A"), Page(key: "b", title: "B")])
        _ = try state.select(index: 1)
        return PagerRecord(state: state, shownCounts: ["b": 1])
    }

    @Test func sqliteStoreKeepsSessionsAcrossARestart() throws {
        let path = folder.path + "/state.sqlite"
        let record = try sampleRecord()
        do {
            let store = try SQLiteSessionStore(path: path)
            try store.insert(SessionRecord(id: "s1", csrfToken: "t1", lastSeen: 10))
            try store.insert(SessionRecord(id: "s2", csrfToken: "t2", lastSeen: 20))
            try store.save(record, pager: "news", session: "s1", lastSeen: 30)
        }
        let reopened = try SQLiteSessionStore(path: path)
        let first = try #require(try reopened.session(id: "s1"))
        #expect(first.csrfToken == "t1" && first.lastSeen == 30)
        #expect(first.pagers == ["news": record])
        #expect(try reopened.session(id: "s2")?.pagers == [:])
        #expect(try reopened.session(id: "nope") == nil)
        #expect(try reopened.count() == 2)
    }

    @Test(arguments: ["sqlite", "memory"])
    func storesExpireAndEvictOldestFirst(kind: String) throws {
        try SessionStoreBehaviour.expiresAndEvictsOldestFirst(
            kind == "memory" ? MemorySessionStore() : try SQLiteSessionStore(path: folder.path + "/s.sqlite"))
    }

    @Test(arguments: ["sqlite", "memory"])
    func evictionRemovesExactlyTheCountAskedEvenAmongEqualTimes(kind: String) throws {
        try SessionStoreBehaviour.evictsExactlyTheCountAskedEvenAmongEqualTimes(
            kind == "memory" ? MemorySessionStore() : try SQLiteSessionStore(path: folder.path + "/t.sqlite"))
    }

    @Test func onlyCachedSessionsAreAtHandWithoutADiskRead() throws {
        let uncached = try SQLiteSessionStore(path: folder.path + "/h.sqlite", cacheCapacity: 0)
        try uncached.insert(SessionRecord(id: "s1", csrfToken: "t1", lastSeen: 1))
        #expect(try uncached.session(id: "s1")?.csrfToken == "t1")
        #expect(uncached.sessionIfAtHand(id: "s1") == nil)
        let cached = try SQLiteSessionStore(path: folder.path + "/h.sqlite")
        #expect(cached.sessionIfAtHand(id: "s1") == nil)
        #expect(try cached.session(id: "s1")?.csrfToken == "t1")
        #expect(cached.sessionIfAtHand(id: "s1")?.csrfToken == "t1")
        #expect(MemorySessionStore().sessionIfAtHand(id: "s1") == nil)
    }

    @Test func readOnlyDatabaseRefusesWritesWithAMessage() throws {
        let path = folder.path + "/ro.sqlite"
        do {
            let store = try SQLiteSessionStore(path: path)
            try store.insert(SessionRecord(id: "s1", csrfToken: "t1", lastSeen: 1))
        }
        let readOnly = try SQLiteSessionStore(path: "file:\(path)?mode=ro", cacheCapacity: 0)
        #expect(try readOnly.session(id: "s1")?.csrfToken == "t1")
        #expect(throws: StoreError.self) {
            try readOnly.insert(SessionRecord(id: "s2", csrfToken: "t2", lastSeen: 2))
        }
    }

    @Test func cacheForgetsTheOldGenerationFirst() {
        var cache = SessionCache(capacity: 4)
        for index in 0..<3 { cache["s\(index)"] = SessionRecord(id: "s\(index)", csrfToken: "", lastSeen: 0) }
        #expect(cache["s2"] != nil)
        cache["s3"] = SessionRecord(id: "s3", csrfToken: "", lastSeen: 0)
        cache["s4"] = SessionRecord(id: "s4", csrfToken: "", lastSeen: 0)
        #expect(cache["s0"] == nil)
    }
}
