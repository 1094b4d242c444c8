extension SessionManager {
    /// Whether a session not at hand can be read with no thread waiting
    /// (`readWithoutWaiting`): a store shared by instances.
    public var readsWithoutWaiting: Bool { storeWithoutWaiting != nil }

    /// Reads the live session `claim` names in the store's next batch of
    /// reads, with no thread waiting meanwhile: `completion` gets it
    /// (`nil`: none live that the claim may reach) or why it could not be
    /// read, on whatever thread finished the read. False, having done
    /// nothing, when the store cannot read so.
    func readWithoutWaiting(
        _ claim: SessionClaim,
        then completion: @escaping @Sendable (Result<SessionRecord?, StoreError>) -> Void
    ) -> Bool {
        guard let store = storeWithoutWaiting else { return false }
        guard Self.isWellFormed(claim.id) else {
            completion(.success(nil))
            return true
        }
        store.session(id: claim.id) { [self] read in
            let now = clock.now
            completion(read.map { found in found.flatMap { isLive($0, now) && claim.admits($0) ? $0 : nil } })
        }
        return true
    }
}
