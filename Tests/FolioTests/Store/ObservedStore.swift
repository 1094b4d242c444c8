import FolioSync

@testable import Folio

/// A store over another that lets a test watch it: `afterRead` runs after
/// each read of a session (a test widens or orders the moment between an
/// instance's read and its save with it), and `writes` lists each write
/// by kind (`touch`, `save`, ...) in order.
final class ObservedStore<Base: SessionStore>: SessionStore {
    let base: Base
    let afterRead: @Sendable () -> Void
    private let log = LockedValue<[String]>([])

    init(_ base: Base, afterRead: @escaping @Sendable () -> Void = {}) {
        self.base = base
        self.afterRead = afterRead
    }

    /// The writes so far, by kind.
    var writes: [String] { log.withLock { $0 } }

    private func note(_ kind: String) { log.withLock { $0.append(kind) } }

    func session(id: String) throws(StoreError) -> SessionRecord? {
        defer { afterRead() }
        return try base.session(id: id)
    }
    func insert(_ session: SessionRecord) throws(StoreError) {
        note("insert")
        try base.insert(session)
    }
    func serverSecret(storingIfAbsent candidate: [UInt8]) throws(StoreError) -> [UInt8] {
        try base.serverSecret(storingIfAbsent: candidate)
    }
    func touch(id: String, lastSeen: Double) throws(StoreError) {
        note("touch")
        try base.touch(id: id, lastSeen: lastSeen)
    }
    func touch(_ uses: [String: Double]) throws(StoreError) {
        note("touch")
        try base.touch(uses)
    }
    func save(_ record: PagerRecord, pager: String, session id: String, lastSeen: Double) throws(StoreError) {
        note("save")
        try base.save(record, pager: pager, session: id, lastSeen: lastSeen)
    }
    func save(
        _ record: PagerRecord, ifStill expected: PagerRecord?, pager: String, session id: String,
        lastSeen: Double
    ) throws(StoreError) -> Bool {
        note("save")
        return try base.save(record, ifStill: expected, pager: pager, session: id, lastSeen: lastSeen)
    }
    func reissue(_ id: String, as session: SessionRecord, changedPager: String) throws(StoreError) {
        note("reissue")
        try base.reissue(id, as: session, changedPager: changedPager)
    }
    func removeSessions(idleBefore cutoff: Double) throws(StoreError) -> Int {
        try base.removeSessions(idleBefore: cutoff)
    }
    func removeLeastRecentlySeen(count: Int) throws(StoreError) {
        try base.removeLeastRecentlySeen(count: count)
    }
    func count() throws(StoreError) -> Int { try base.count() }
    var isDurable: Bool { base.isDurable }
}

/// Over a store that keeps sessions in memory, the observed one does too.
extension ObservedStore: SessionStoreAnsweringFromMemory where Base: SessionStoreAnsweringFromMemory {
    func sessionIfAtHand(id: String) -> SessionRecord? { base.sessionIfAtHand(id: id) }
}
