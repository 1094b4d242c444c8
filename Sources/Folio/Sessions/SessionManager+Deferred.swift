/// What `SessionManager.updatePagerWithoutWaiting` did.
public enum DeferredPagerUpdate<Answer: Sendable>: Sendable {
    /// The change left the record as it was: nothing to save, answer now.
    case unchanged(Answer)
    /// The changed record is being saved; its completion answers.
    case saving
}

extension SessionManager {
    /// A click's change on one pager of a session, applied without any
    /// thread waiting for the disk: the answer is prepared now from the
    /// changed record and handed to `whenSaved` once the record is durable
    /// (or failed to save). Only for a live session in memory that was
    /// issued at a click and already has a current record of `pager`, with
    /// no other update of it under way; otherwise (or when the use of an
    /// unchanged session is due to be written) it returns `nil` having
    /// changed nothing, and the caller uses `updatePagerAtClick` where it
    /// may block. The session stays taken until its save completes, so a
    /// second click of it waits and then sees this one.
    /// - Parameters:
    ///   - change: A pure step on the record; throwing leaves everything unchanged.
    ///   - prepare: Builds the answer from `change`'s result and the record
    ///     after it; `nil` when that would block (nothing is changed then,
    ///     and this returns `nil`).
    ///   - whenSaved: Runs once the save is durable (`nil`) or failed (the error).
    public func updatePagerWithoutWaiting<Result, Failure: Error, Answer: Sendable>(
        _ pager: String, session id: String, isCurrent: (PagerRecord) -> Bool,
        _ change: (inout PagerRecord) throws(Failure) -> Result,
        prepare: (Result, PagerRecord) -> Answer?,
        whenSaved: @escaping @Sendable (Answer, StoreError?) -> Void
    ) throws(SessionUpdateError<Failure>) -> DeferredPagerUpdate<Answer>? {
        guard updates.tryTake(id) else { return nil }
        var saving = false
        defer { if !saving { updates.release(id) } }
        let now = clock.now
        guard let session = storeAnsweringFromMemory?.sessionIfAtHand(id: id), isLive(session, now),
            session.isIssuedAtClick,
            let before = session.pagers[pager], isCurrent(before)
        else { return nil }
        var after = before
        let result: Result
        do throws(Failure) { result = try change(&after) } catch { throw .rejected(error) }
        guard let answer = prepare(result, after) else { return nil }
        if after == before {
            // A due last-use note is a write of its own: for the caller's blocking path.
            guard !isUseDue(session, at: now) else { return nil }
            counts.withLock { $0.unwrittenUse[id] = now }
            return .unchanged(answer)
        }
        saving = true
        let lastSeen = lastSeenToSave(for: session, at: now)
        store.save(after, pager: pager, session: id, lastSeen: lastSeen) { [self] error in
            if error == nil, lastSeen == now { counts.withLock { $0.unwrittenUse[id] = nil } }
            updates.release(id)
            whenSaved(answer, error)
        }
        return .saving
    }
}
