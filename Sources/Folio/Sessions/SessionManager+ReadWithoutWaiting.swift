import Dispatch

extension SessionManager {
    /// Whether a click of a session not at hand can be decided and saved
    /// with no thread waiting (`updatePagerReadingWithoutWaiting`).
    public var readsWithoutWaiting: Bool { storeWithoutWaiting != nil }

    /// `updatePagerWithoutWaiting` for a session that is not at hand (a
    /// store shared by instances): the session is read, the click decided
    /// in the read's completion, and saved on the condition that the
    /// pager's record is still the one read, the answer going out from the
    /// save's completion; no thread waits on the database meanwhile. When
    /// the store cannot do this, or an update of the session is under way
    /// here, it returns false having done nothing. Otherwise exactly one of
    /// `answer`, `rejected`, `unavailable` and `otherwise` runs later:
    /// `unavailable` when the read failed (the store is down or past its
    /// bound: trying again on the blocking path would only double the
    /// wait), `otherwise` when the click needs the blocking path after all
    /// (the session gone, not issued at a click, its use due to be written,
    /// `prepare` declining, or another instance saving the record first, so
    /// that the click is decided again on the fresh record there).
    /// - Parameters:
    ///   - prepare: Builds the answer from `change`'s result, the record
    ///     after it and the session read; `nil` sends the click to `otherwise`.
    ///   - answer: The answer, once the save is durable (`nil`) or failed (the error).
    ///   - rejected: `change` refused the click (nothing changed).
    public func updatePagerReadingWithoutWaiting<Result, Failure: Error, Answer: Sendable>(
        _ pager: String, claim: SessionClaim, isCurrent: @escaping @Sendable (PagerRecord) -> Bool,
        _ change: @escaping @Sendable (inout PagerRecord) throws(Failure) -> Result,
        prepare: @escaping @Sendable (Result, PagerRecord, SessionRecord) -> Answer?,
        answer: @escaping @Sendable (Answer, StoreError?) -> Void,
        rejected: @escaping @Sendable (Failure) -> Void,
        unavailable: @escaping @Sendable (StoreError) -> Void,
        otherwise: @escaping @Sendable () -> Void
    ) -> Bool {
        let id = claim.id
        // Never on the reader or the committer: the blocking path reads and
        // commits through them, and may be run right where it is started.
        let otherwise = { @Sendable in DispatchQueue.global().async(execute: otherwise) }
        guard let store = storeWithoutWaiting, Self.isWellFormed(id), updates.tryTake(id) else {
            return false
        }
        store.session(id: id) { [self] read in
            let now = clock.now
            if case .failure(let error) = read {
                updates.release(id)
                return unavailable(error)
            }
            guard case .success(let found) = read, let session = found, isLive(session, now),
                claim.admits(session), session.isIssuedAtClick, let before = session.pagers[pager],
                isCurrent(before)
            else {
                updates.release(id)
                return otherwise()
            }
            var after = before
            let result: Result
            do throws(Failure) {
                result = try change(&after)
            } catch {
                updates.release(id)
                return rejected(error)
            }
            guard let prepared = prepare(result, after, session),
                after != before || !isUseDue(session, at: now)
            else {
                updates.release(id)
                return otherwise()
            }
            if after == before {
                counts.withLock { $0.unwrittenUse[id] = now }
                updates.release(id)
                return answer(prepared, nil)
            }
            let lastSeen = lastSeenToSave(for: session, at: now)
            store.save(after, ifStill: before, pager: pager, session: id, lastSeen: lastSeen) {
                [self] saved in
                if case .success(true) = saved, lastSeen == now {
                    counts.withLock { $0.unwrittenUse[id] = nil }
                }
                updates.release(id)
                switch saved {
                case .success(true): answer(prepared, nil)
                case .success(false): otherwise()
                case .failure(let error): answer(prepared, error)
                }
            }
        }
        return true
    }
}
