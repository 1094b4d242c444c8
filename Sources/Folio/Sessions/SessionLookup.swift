/// Where the session a request claims is, found on the event loop without
/// waiting, once per request: what decides whether answering it must read
/// the store first.
enum SessionLookup: Sendable {
    /// No session: no cookie, or none live (in memory, a session not at
    /// hand does not exist).
    case none
    /// At hand (in memory, or the durable store's cache): the live record,
    /// and whether its use is due to be written.
    case atHand(SessionRecord, useDue: Bool)
    /// In a durable store and not at hand (a store shared by instances
    /// keeps none): it must be read.
    case unread(SessionClaim)
}

extension SessionManager {
    /// Where the session `claim` names is at `now`, without reading the store.
    func lookUp(_ claim: SessionClaim?, now: Double) -> SessionLookup {
        guard let claim else { return .none }
        if let (record, useDue) = peekSession(claim, now: now) { return .atHand(record, useDue: useDue) }
        return storeIsDurable ? .unread(claim) : .none
    }
}
