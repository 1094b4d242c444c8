import FolioCore
import Testing

@testable import Folio

@Suite struct SessionManagerTests {
    let clock = TestClock()

    func manager(maxSessions: Int = 100, store: any SessionStore = MemorySessionStore()) -> SessionManager {
        var configuration = SessionConfiguration()
        configuration.maxSessions = maxSessions
        configuration.idleTimeout = 3600
        return SessionManager(
            store: store, configuration: configuration, clock: clock, random: CountingRandom())
    }

    @Test func newSessionGetsA128BitIdAndASeparateToken() throws {
        let sessions = manager()
        let session = try sessions.createSession(pagers: [:], boundToPerson: false)
        #expect(session.isIssuedAtClick)
        #expect(session.id == "00000000000000000000000000000000")
        #expect(session.csrfToken == "00000000000000000000000000000001")
        let again = try #require(try sessions.sessionNotingUse(.anonymous(session.id), notes: true))
        #expect(!again.touched && again.record.id == session.id)
        #expect(try sessions.store.count() == 1)
    }

    @Test func aPersonsSessionIsReachableOnlyThroughItsBoundClaim() throws {
        let sessions = manager()
        let owned = try sessions.createSession(pagers: [:], boundToPerson: true)
        let anonymous = try sessions.createSession(pagers: [:], boundToPerson: false)
        let bound = { (id: String) in SessionClaim(id: id, isBoundToPerson: true) }
        #expect(owned.isBoundToPerson && !anonymous.isBoundToPerson)
        #expect(try sessions.session(bound(owned.id))?.id == owned.id)
        #expect(try sessions.session(.anonymous(owned.id)) == nil, "the tag removed names no session")
        #expect(sessions.peekSession(.anonymous(owned.id)) == nil)
        #expect(try sessions.sessionNotingUse(.anonymous(owned.id), notes: false) == nil)
        #expect(try sessions.session(.anonymous(anonymous.id))?.id == anonymous.id)
        #expect(try sessions.session(bound(anonymous.id)) == nil, "nor does a person reach an anonymous one")
    }

    @Test func aChangeIsDecidedOnceWhenNothingMovedUnderIt() throws {
        let sessions = manager()
        let start = PagerRecord(
            state: try PagerState(pages: ["a", "b", "c"].map { Page(key: $0, title: $0) }))
        let session = try sessions.createSession(pagers: ["p": start], boundToPerson: false)
        var runs = 0
        let (_, after) = try sessions.updatePager(
            "p", session: session.id, known: session, initial: { start }, current: { $0 }
        ) { (record: inout PagerRecord) throws(PagerError) -> Int in
            runs += 1
            _ = try record.state.select(index: 2)
            return runs
        }
        #expect(after.state.selectedIndex == 2)
        #expect(runs == 1, "the step ran \(runs) times for one click")
    }

    @Test func systemRandomIdsAreHexAndDistinct() {
        let random = SystemRandomSource()
        let ids = Set((0..<100).map { _ in random.hexToken() })
        #expect(ids.count == 100)
        #expect(ids.allSatisfy(SessionManager.isWellFormed))
    }

    @Test func malformedOrUnknownCookiesFindNoSession() throws {
        let sessions = manager()
        #expect(try sessions.session(nil) == nil)
        #expect(try sessions.session(.anonymous("'; DROP TABLE sessions; --")) == nil)
        #expect(try sessions.session(.anonymous(String(repeating: "a", count: 32))) == nil)
    }

    @Test func idleSessionsExpire() throws {
        let sessions = manager()
        let session = try sessions.createSession(pagers: [:], boundToPerson: false)
        clock.advance(by: 3000)
        #expect(try sessions.session(.anonymous(session.id)) != nil)  // used: idle time restarts
        clock.advance(by: 3599)
        #expect(try sessions.session(.anonymous(session.id)) != nil)
        clock.advance(by: 3601)
        #expect(try sessions.session(.anonymous(session.id)) == nil)
    }

    @Test func theCapEvictsTheLeastRecentlyUsed() throws {
        let store = MemorySessionStore()
        let sessions = manager(maxSessions: 10, store: store)
        var ids: [String] = []
        for _ in 0..<10 {
            ids.append(try sessions.createSession(pagers: [:], boundToPerson: false).id)
            clock.advance(by: 61)
        }
        _ = try sessions.session(.anonymous(ids[0]))  // touched: now the most recent
        _ = try sessions.createSession(pagers: [:], boundToPerson: false)
        #expect(try store.count() <= 10)
        #expect(try sessions.session(.anonymous(ids[0])) != nil)
        #expect(try sessions.session(.anonymous(ids[1])) == nil)
    }

    @Test func aFloodWithinTheTouchIntervalDoesNotEvictASessionInUse() throws {
        let store = MemorySessionStore()
        let sessions = manager(maxSessions: 10, store: store)
        let active = try sessions.createSession(pagers: [:], boundToPerson: false).id
        var others: [String] = []
        for _ in 0..<9 {
            clock.advance(by: 1)
            others.append(try sessions.createSession(pagers: [:], boundToPerson: false).id)
            _ = try sessions.session(.anonymous(active))  // used, but not yet written (< 60 s)
        }
        _ = try sessions.createSession(pagers: [:], boundToPerson: false)
        #expect(try sessions.session(.anonymous(active)) != nil)
        #expect(try sessions.session(.anonymous(others[0])) == nil)
    }

    @Test func csrfTokensCompareExactly() throws {
        let sessions = manager()
        let session = try sessions.createSession(pagers: [:], boundToPerson: false)
        #expect(sessions.isValidToken(session.csrfToken, for: session))
        #expect(!sessions.isValidToken(nil, for: session))
        #expect(!sessions.isValidToken("", for: session))
        #expect(!sessions.isValidToken(String(session.csrfToken.dropLast()) + "0", for: session))
    }

    @Test func aRefusedChangeSavesNothing() throws {
        let store = MemorySessionStore()
        let sessions = manager(store: store)
        let session = try sessions.createSession(pagers: [:], boundToPerson: false)
        let initial = PagerRecord(state: try PagerState(pages: [Page(key: "a", title: "A")]))
        let selectMissing = { (record: inout PagerRecord) throws(PagerError) -> [PagerEffect] in
            try record.state.select(index: 5)
        }
        let appear = { (record: inout PagerRecord) throws(PagerError) -> [PagerEffect] in
            try record.state.send(.appeared)
        }
        #expect(throws: SessionUpdateError<PagerError>.self) {
            try sessions.updatePager(
                "p", session: session.id, initial: { initial }, current: { $0 }, selectMissing)
        }
        #expect(try store.session(id: session.id)?.pagers == [:])
        let (effects, after) = try sessions.updatePager(
            "p", session: session.id, initial: { initial }, current: { $0 }, appear)
        #expect(effects.first == .load("a"))
        #expect(try store.session(id: session.id)?.pagers["p"] == after)
    }
}
