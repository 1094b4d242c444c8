@testable import Folio

/// A store that runs `afterRead` after each read of a session: a test widens
/// or orders the moment between an instance's read and its save with it.
final class SlowReadingStore: SessionStore {
    let base: any SessionStore
    let afterRead: @Sendable () -> Void

    init(_ base: any SessionStore, afterRead: @escaping @Sendable () -> Void) {
        self.base = base
        self.afterRead = afterRead
    }

    func session(id: String) throws(StoreError) -> SessionRecord? {
        defer { afterRead() }
        return try base.session(id: id)
    }
    func insert(_ session: SessionRecord) throws(StoreError) { try base.insert(session) }
    func serverSecret(storingIfAbsent candidate: [UInt8]) throws(StoreError) -> [UInt8] {
        try base.serverSecret(storingIfAbsent: candidate)
    }
    func touch(id: String, lastSeen: Double) throws(StoreError) { try base.touch(id: id, lastSeen: lastSeen) }
    func save(_ record: PagerRecord, pager: String, session id: String, lastSeen: Double) throws(StoreError) {
        try base.save(record, pager: pager, session: id, lastSeen: lastSeen)
    }
    func save(
        _ record: PagerRecord, ifStill expected: PagerRecord?, pager: String, session id: String,
        lastSeen: Double
    ) throws(StoreError) -> Bool {
        try base.save(record, ifStill: expected, pager: pager, session: id, lastSeen: lastSeen)
    }
    func reissue(_ id: String, as session: SessionRecord, changedPager: String) throws(StoreError) {
        try base.reissue(id, as: session, changedPager: changedPager)
    }
    func removeSessions(idleBefore cutoff: Double) throws(StoreError) -> Int {
        try base.removeSessions(idleBefore: cutoff)
    }
    func removeLeastRecentlySeen(count: Int) throws(StoreError) {
        try base.removeLeastRecentlySeen(count: count)
    }
    func count() throws(StoreError) -> Int { try base.count() }
    func sessionIfAtHand(id: String) -> SessionRecord? { base.sessionIfAtHand(id: id) }
    var isDurable: Bool { base.isDurable }
}
