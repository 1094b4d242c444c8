extension SessionManager {
    /// Whether a session not at hand can be read with no thread waiting
    /// (`readWithoutWaiting`): a store shared by instances.
    public var readsWithoutWaiting: Bool { storeWithoutWaiting != nil }

    /// Reads the live session `claim` names for a click, in the store's
    /// next batch of reads or from this process's own copy (the click's
    /// save is conditional on it), with no thread waiting meanwhile:
    /// `completion` gets it (`nil`: none live that the claim may reach) or
    /// why it could not be read, on whatever thread finished the read.
    /// False, having done nothing, when the store cannot read so. `now`
    /// (the request's instant) is what the session must be live at.
    func readWithoutWaiting(
        _ claim: SessionClaim, at now: Double,
        then completion: @escaping @Sendable (Result<SessionRecord?, StoreError>) -> Void
    ) -> Bool {
        guard let store = storeWithoutWaiting else { return false }
        guard Self.isWellFormed(claim.id) else {
            completion(.success(nil))
            return true
        }
        let admitted: @Sendable (SessionRecord) -> Bool = { [self] in isLive($0, now) && claim.admits($0) }
        store.session(id: claim.id, acceptingOwnCopy: true) { read in
            guard case .success(let found?) = read, !admitted(found) else { return completion(read) }
            // Another instance may have kept it in use, or signed it in: ask the database.
            store.session(id: claim.id, acceptingOwnCopy: false) { read in
                completion(read.map { found in found.flatMap { admitted($0) ? $0 : nil } })
            }
        }
        return true
    }
}
