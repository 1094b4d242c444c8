import Dispatch
import FolioCore
import FolioSync
import Foundation
import Testing

@testable import Folio

/// One session's clicks on two instances (two stores and managers on one
/// database): the last click made wins. A trigger of the test's own
/// database audits every committed write of the pager's record, in the
/// order the session's row lock let them commit.
@Suite(.enabled(if: PostgreSQLTestServer.url != nil, PostgreSQLTestServer.skipReason))
struct PostgreSQLLastClickTests {
    let url: String
    let instances: [SessionManager]
    let pages = (0..<4).map { Page(key: "p\($0)", title: "Page \($0)") }
    /// The browser's clock: every click made is later than the one before.
    let clock = LockedValue(1_000_000.0)

    init() throws {
        url = try PostgreSQLTestServer.freshDatabase()
        // Each instance takes a while between its read and its save, as a
        // busy server does, so the other's saves often come in between; the
        // first longer, so of a double click it tends to save second.
        let slower: @Sendable () -> Void = { usleep(UInt32.random(in: 2_000...4_000)) }
        let faster: @Sendable () -> Void = { usleep(UInt32.random(in: 0...2_000)) }
        instances = [
            SessionManager(store: ObservedStore(try PostgreSQLSessionStore(url: url), afterRead: slower)),
            SessionManager(store: ObservedStore(try PostgreSQLSessionStore(url: url), afterRead: faster)),
        ]
        let connection = try PostgreSQLConnection(conninfo: url)
        try connection.execute("CREATE TABLE audit (n bigserial PRIMARY KEY, record bytea NOT NULL)")
        try connection.execute(
            """
            CREATE FUNCTION audit_write() RETURNS trigger AS $$
            BEGIN INSERT INTO audit (record) VALUES (NEW.record); RETURN NEW; END $$ LANGUAGE plpgsql
            """)
        try connection.execute(
            "CREATE TRIGGER audit AFTER INSERT OR UPDATE ON pagers FOR EACH ROW EXECUTE FUNCTION audit_write()"
        )
    }

    func startingRecord() throws -> PagerRecord { PagerRecord(state: try PagerState(pages: pages)) }

    func openSession() throws -> String {
        try instances[0].createSession(pagers: ["x": try startingRecord()], boundToPerson: false).id
    }

    /// A click made now (by the browser's clock), selecting page `index`.
    func madeNow() -> Double {
        clock.withLock {
            $0 += 1
            return $0
        }
    }

    func click(_ index: Int, madeAt: Double, on instance: Int, session id: String) throws {
        let startingRecord = try startingRecord()
        _ = try instances[instance].updatePagerAtClick(
            "x", session: id, initial: { startingRecord }, current: { $0 }
        ) { (record) throws(PagerError) -> [PagerEffect] in
            try PagerStep.click(index, madeAt: madeAt).apply(to: &record)
        }
    }

    /// The click times of every committed write, in commit order.
    func auditedClickTimes() throws -> [Double] {
        let rows = try PostgreSQLConnection(conninfo: url).execute("SELECT record FROM audit ORDER BY n")
        return try (0..<rows.count).compactMap { row in
            try JSONDecoder().decode(PagerRecord.self, from: Data(rows.bytes(row, 0))).lastClickAt
        }
    }

    /// How many committed writes a later write of an older click replaced.
    static func overwrittenByOlder(_ times: [Double]) -> Int {
        var lost = 0
        var oldestAfter = Double.infinity
        for made in times.reversed() {
            if made > oldestAfter { lost += 1 }
            oldestAfter = min(oldestAfter, made)
        }
        return lost
    }

    @Test func noCommittedClickIsOverwrittenByAnOlderOne() throws {
        let id = try openSession()
        let failures = LockedValue<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var random = SystemRandomNumberGenerator()
            for _ in 0..<50 {
                do {
                    try click(
                        Int.random(in: 0..<4, using: &random), madeAt: madeNow(),
                        on: Int.random(in: 0..<2, using: &random), session: id)
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let times = try auditedClickTimes()
        #expect(Self.overwrittenByOlder(times) == 0, "of \(times.count) committed writes")
        let last = clock.withLock { $0 }
        #expect(try instances[1].store.session(id: id)?.pagers["x"]?.lastClickAt == last)
    }

    @Test func ofADoubleClickOnTwoInstancesTheLaterOneWins() throws {
        let id = try openSession()
        var lost: [Int] = []
        for attempt in 0..<100 {
            let first = attempt % 4
            let second = (attempt + 1 + attempt % 3) % 4
            let firstMade = madeNow()
            let secondMade = madeNow()
            let failures = LockedValue<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { instance in
                do {
                    try click(
                        instance == 0 ? first : second, madeAt: instance == 0 ? firstMade : secondMade,
                        on: instance, session: id)
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            #expect(failures.withLock { $0 } == [])
            let shown = try #require(try instances[attempt % 2].store.session(id: id)?.pagers["x"])
            if shown.state.selectedPage.key != "p\(second)" { lost.append(attempt) }
        }
        #expect(lost == [], "double clicks that kept the first click")
    }
}
