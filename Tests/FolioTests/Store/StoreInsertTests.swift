import FolioCore
import Testing

@testable import Folio

/// A session created at a click arrives with its pagers: `insert` stores
/// the row and every pager together, or nothing.
@Suite struct StoreInsertTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    func clickedSession() throws -> SessionRecord {
        var news = try PagerState(pages: [Page(key: "a", title: "A"), Page(key: "b", title: "B")])
        _ = try news.select(index: 1)
        let sport = try PagerState(pages: [Page(key: "x", title: "X")])
        return SessionRecord(
            id: "s1", csrfToken: "t1", lastSeen: 5,
            pagers: [
                "news": PagerRecord(state: news, shownCounts: ["b": 1]),
                "sport": PagerRecord(state: sport),
            ],
            isIssuedAtClick: true)
    }

    @Test func sqliteInsertKeepsThePagersAcrossReopening() throws {
        let path = folder.path + "/state.sqlite"
        let session = try clickedSession()
        do { try SQLiteSessionStore(path: path).insert(session) }
        let reopened = try SQLiteSessionStore(path: path)
        #expect(try reopened.session(id: "s1") == session)
    }

    @Test func memoryInsertKeepsThePagers() throws {
        let store = MemorySessionStore()
        let session = try clickedSession()
        try store.insert(session)
        #expect(try store.session(id: "s1") == session)
    }

    @Test func insertingAgainStoresExactlyTheNewRecord() throws {
        let path = folder.path + "/again.sqlite"
        var session = try clickedSession()
        do {
            let store = try SQLiteSessionStore(path: path)
            try store.insert(session)
            session.pagers["sport"] = nil
            try store.insert(session)
        }
        #expect(try SQLiteSessionStore(path: path).session(id: "s1") == session)
    }

    @Test func aFailedInsertStoresNothing() throws {
        let path = folder.path + "/ro.sqlite"
        do { try SQLiteSessionStore(path: path).insert(SessionRecord(id: "s0", csrfToken: "t", lastSeen: 1)) }
        let readOnly = try SQLiteSessionStore(path: "file:\(path)?mode=ro", cacheCapacity: 0)
        #expect(throws: StoreError.self) { try readOnly.insert(try clickedSession()) }
        #expect(try SQLiteSessionStore(path: path).session(id: "s1") == nil)
    }
}
