import FolioCore
import Testing

@testable import Folio

/// What the SQLite store tests ask of a store, asked of the PostgreSQL one,
/// each test on a database of its own; and what several instances on one
/// database must see of each other's writes.
@Suite(.enabled(if: PostgreSQLTestServer.url != nil, PostgreSQLTestServer.skipReason))
struct PostgreSQLStoreTests {
    let url: String

    init() throws { url = try PostgreSQLTestServer.freshDatabase() }

    func sampleRecord(selecting index: Int = 1) throws -> PagerRecord {
        var state = try PagerState(pages: [Page(key: "a", title: "A"), Page(key: "b", title: "B")])
        _ = try state.select(index: index)
        return PagerRecord(state: state, shownCounts: [state.pages[index].key: 1], lastClickAt: 12.5)
    }

    func clickedSession() throws -> SessionRecord {
        SessionRecord(
            id: "s1", csrfToken: "t1", lastSeen: 5,
            pagers: ["news": try sampleRecord(), "sport": try sampleRecord(selecting: 0)],
            isIssuedAtClick: true)
    }

    @Test func sessionsAndPagersSurviveReopeningTheStore() throws {
        let record = try sampleRecord()
        do {
            let store = try PostgreSQLSessionStore(url: url)
            try store.insert(SessionRecord(id: "s1", csrfToken: "t1", lastSeen: 10))
            try store.insert(SessionRecord(id: "s2", csrfToken: "t2", lastSeen: 20))
            try store.save(record, pager: "news", session: "s1", lastSeen: 30)
        }
        let reopened = try PostgreSQLSessionStore(url: url)
        let first = try #require(try reopened.session(id: "s1"))
        #expect(first.csrfToken == "t1" && first.lastSeen == 30 && !first.isIssuedAtClick)
        #expect(first.pagers == ["news": record])
        #expect(try reopened.session(id: "s2")?.pagers == [:])
        #expect(try reopened.session(id: "nope") == nil)
        #expect(try reopened.count() == 2)
    }

    @Test func insertStoresTheSessionWithItsPagersAndAgainExactlyTheNewOne() throws {
        let store = try PostgreSQLSessionStore(url: url)
        var session = try clickedSession()
        try store.insert(session)
        #expect(try store.session(id: "s1") == session)
        session.pagers["sport"] = nil
        session.csrfToken = "t2"
        try store.insert(session)
        #expect(try PostgreSQLSessionStore(url: url).session(id: "s1") == session)
    }

    @Test func touchRecordsTheLastUseOfOneOrMany() throws {
        let store = try PostgreSQLSessionStore(url: url)
        for id in ["s1", "s2", "s3"] { try store.insert(SessionRecord(id: id, csrfToken: "t", lastSeen: 1)) }
        try store.touch(id: "s1", lastSeen: 7)
        try store.touch(["s2": 8, "s3": 9, "gone": 10])
        #expect(try store.session(id: "s1")?.lastSeen == 7)
        #expect(try store.session(id: "s2")?.lastSeen == 8)
        #expect(try store.session(id: "s3")?.lastSeen == 9)
        #expect(try store.count() == 3)
    }

    @Test func reissueMovesThePagersToTheNewIdAndTheOldFindsNothing() throws {
        let store = try PostgreSQLSessionStore(url: url)
        var session = try clickedSession()
        session.isIssuedAtClick = false
        try store.insert(session)
        let changed = try sampleRecord(selecting: 0)
        let reissued = SessionRecord(
            id: "s9", csrfToken: "t9", lastSeen: 6, pagers: ["news": changed], isIssuedAtClick: true)
        try store.reissue("s1", as: reissued, changedPager: "news")
        #expect(try store.session(id: "s1") == nil)
        let moved = try #require(try store.session(id: "s9"))
        #expect(moved.csrfToken == "t9" && moved.isIssuedAtClick && moved.lastSeen == 6)
        #expect(moved.pagers == ["news": changed, "sport": session.pagers["sport"]])
        // A second reissue of the old id (another instance's first click) finds it gone.
        #expect(throws: StoreError.self) { try store.reissue("s1", as: reissued, changedPager: "news") }
        #expect(try store.count() == 1)
    }

    @Test func idleSessionsExpireAndTheOldestAreEvictedFirst() throws {
        let store = try PostgreSQLSessionStore(url: url)
        for index in 0..<5 {
            try store.insert(SessionRecord(id: "s\(index)", csrfToken: "t", lastSeen: Double(index)))
        }
        try store.save(try sampleRecord(), pager: "news", session: "s0", lastSeen: 0)
        #expect(try store.removeSessions(idleBefore: 2) == 2)
        try store.removeLeastRecentlySeen(count: 1)
        #expect(try store.session(id: "s2") == nil)
        #expect(try store.session(id: "s3") != nil)
        #expect(try store.count() == 2)
    }

    @Test func evictionRemovesExactlyTheCountAskedEvenAmongEqualTimes() throws {
        try SessionStoreBehaviour.evictsExactlyTheCountAskedEvenAmongEqualTimes(
            try PostgreSQLSessionStore(url: url))
    }

    @Test func theFirstSecretStoredWinsAcrossStoresAndReopening() throws {
        let first: [UInt8] = Array(repeating: 1, count: 32)
        let second: [UInt8] = Array(repeating: 2, count: 32)
        let one = try PostgreSQLSessionStore(url: url)
        let other = try PostgreSQLSessionStore(url: url)
        #expect(try other.serverSecret(storingIfAbsent: second) == second)
        #expect(try one.serverSecret(storingIfAbsent: first) == second)
        #expect(try PostgreSQLSessionStore(url: url).serverSecret(storingIfAbsent: first) == second)
        #expect(try one.count() == 0)
    }

    @Test func aSaveThroughOneStoreIsWhatAnotherReadsAtOnce() throws {
        let instanceA = try PostgreSQLSessionStore(url: url)
        let instanceB = try PostgreSQLSessionStore(url: url)
        try instanceA.insert(try clickedSession())
        #expect(try instanceB.session(id: "s1")?.pagers["news"]?.state.selectedIndex == 1)
        for index in [0, 1, 0] {
            try instanceA.save(try sampleRecord(selecting: index), pager: "news", session: "s1", lastSeen: 9)
            #expect(try instanceB.session(id: "s1")?.pagers["news"] == (try sampleRecord(selecting: index)))
        }
        try instanceB.touch(id: "s1", lastSeen: 11)
        #expect(try instanceA.session(id: "s1")?.lastSeen == 11)
        // Nothing is kept per instance, and the store says so in its type: a
        // request for a session goes to a worker that reads the database.
        let store: any SessionStore = instanceA
        #expect(!(store is any SessionStoreAnsweringFromMemory))
        #expect(store is any SessionStoreWithoutWaiting)
        #expect(instanceA.isDurable)
    }

    @Test func theSchemaIsAtItsVersionAndANewerOneIsRefused() throws {
        _ = try PostgreSQLSessionStore(url: url)
        let connection = try PostgreSQLConnection(conninfo: url)
        let version = try connection.execute("SELECT version FROM folio_schema")
        #expect(version.count == 1 && version.integer(0, 0) == Int64(PostgreSQLSchema.currentVersion))
        // Live pages' shared table is a migration's (version 3), not the live bus's own.
        #expect(try connection.execute("SELECT to_regclass('folio_live_data') IS NOT NULL").boolean(0, 0))
        // Opening again migrates nothing and keeps one row.
        _ = try PostgreSQLSessionStore(url: url)
        #expect(try connection.execute("SELECT version FROM folio_schema").count == 1)
        try connection.execute("UPDATE folio_schema SET version = version + 1")
        #expect(throws: StoreError.self) { try PostgreSQLSessionStore(url: url) }
    }

    @Test func theStateArgumentNamesPostgreSQLByItsURLAndThePoolSize() throws {
        #expect(StateLocation(argument: "postgres://u@h/db") == .postgreSQL("postgres://u@h/db"))
        #expect(StateLocation(argument: "postgresql://u@h/db") == .postgreSQL("postgresql://u@h/db"))
        #expect(StateLocation(argument: "state.sqlite") == .file("state.sqlite"))
        let address = try PostgreSQLAddress(url: "postgresql://u:secret@h:5/db?sslmode=disable&pool=8")
        #expect(address.poolSize == 8)
        #expect(address.connectionURL == "postgresql://u:secret@h:5/db?sslmode=disable")
        #expect(address.redacted == "postgresql://u:***@h:5/db?sslmode=disable")
        #expect(try PostgreSQLAddress(url: "postgresql://h/db").poolSize == PostgreSQLAddress.defaultPoolSize)
        #expect(throws: StoreError.self) { try PostgreSQLAddress(url: "postgresql://h/db?pool=0") }
        #expect(try PostgreSQLSessionStore(url: url + "?pool=2").address.poolSize == 2)
    }
}
