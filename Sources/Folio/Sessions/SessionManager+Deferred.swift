/// What `SessionManager.updatePagerWithoutWaiting` did.
enum DeferredPagerUpdate<Answer: Sendable, Result: Sendable>: Sendable {
    /// The change left the record as it was: nothing to save, answer now.
    case unchanged(Answer)
    /// The changed record is being saved; its completion answers.
    case saving
    /// Nothing changed: the update needs the blocking path
    /// (`updatePagerAtClick`), which uses what was decided here, if the
    /// step ran, instead of running it again on the same record.
    case declined(SessionManager.Decided<Result>?)
}

/// How a save started by `updatePagerWithoutWaiting` ended.
enum DeferredSave<Answer: Sendable>: Sendable {
    /// The record is durable: the prepared answer goes out.
    case saved(Answer)
    /// The store could not save it (nothing changed).
    case failed(StoreError)
    /// Another instance saved the record since it was read (nothing
    /// changed): the click is decided again on the fresh record.
    case conflicted
}

extension SessionManager {
    /// A click's change on one pager of a session, applied without any
    /// thread waiting for the store: the answer is prepared now from the
    /// changed record and handed to `whenSaved` once the record is durable.
    /// `session` is the session as the request found it: at hand (then its
    /// latest copy is taken again under the session's lock), or just read
    /// from a store shared by instances (then the save is conditional on
    /// the record read). Only for a live session issued at a click with a
    /// record of `pager` stored under the configuration in force (one to
    /// carry over to changed pages is saved on the blocking path), no
    /// blocking update of it under way here, and an answer that needs no
    /// wait; otherwise it declines, having changed nothing. A click of a
    /// session whose save is still under way decides on the record as that
    /// save leaves it and queues its own save behind it, conditional on
    /// it: it waits for no commit but its own (`SessionLocks`).
    /// - Parameters:
    ///   - change: A pure step on the record; throwing leaves everything unchanged.
    ///   - prepare: Builds the answer from `change`'s result and the record
    ///     after it; `nil` when that would wait (nothing is changed then).
    ///   - whenSaved: Runs once the save ended.
    func updatePagerWithoutWaiting<Result: Sendable, Failure: Error, Answer: Sendable>(
        _ pager: String, session known: SessionRecord, isCurrent: (PagerRecord) -> Bool,
        _ change: (inout PagerRecord) throws(Failure) -> Result,
        prepare: (Result, PagerRecord) -> Answer?,
        whenSaved: @escaping @Sendable (DeferredSave<Answer>) -> Void
    ) throws(SessionUpdateError<Failure>) -> DeferredPagerUpdate<Answer, Result> {
        let id = known.id
        guard let taken = updates.tryTake(id) else { return .declined(nil) }
        defer { updates.release(id) }
        let now = clock.now
        let shared = storeWithoutWaiting
        // Taken again now the session is ours: a save of it may have
        // completed since the request found it, or be queued still.
        let latest: SessionRecord? =
            if let queued = taken.afterQueuedSaves { queued } else if let shared {
                shared.ownCopy(of: id) ?? known
            } else {
                storeAnsweringFromMemory?.sessionIfAtHand(id: id)
            }
        guard let session = latest,
            isLive(session, now),
            session.isIssuedAtClick, let before = session.pagers[pager], isCurrent(before)
        else { return .declined(nil) }
        var after = before
        let result: Result
        do throws(Failure) { result = try change(&after) } catch { throw .rejected(error) }
        // What was decided is kept only when declining: each record it
        // holds is a copy (retains) on every click's way.
        guard let answer = prepare(result, after) else {
            return .declined(Decided(input: before, result: result, after: after))
        }
        // An unchanged click whose last use is due saves the record as it is
        // with the new time: its use rides in the click's own write. So does
        // any unchanged click of a shared store's session, which may be this
        // process's own copy: the save, conditional on that record, is what
        // confirms no other instance changed it. So does one behind a
        // queued save: it may show only what is durable.
        if after == before && shared == nil && taken.afterQueuedSaves == nil && !isUseDue(session, at: now) {
            counts.withLock { $0.unwrittenUse[id] = now }
            return .unchanged(answer)
        }
        let lastSeen = lastSeenToSave(for: session, at: now)
        updates.queuedSave(id, .init(session: session, pager: pager, record: after, lastSeen: lastSeen))
        let finish: @Sendable (DeferredSave<Answer>) -> Void = { [self] outcome in
            if case .saved = outcome, lastSeen == now { counts.withLock { $0.unwrittenUse[id] = nil } }
            updates.saveEnded(id)
            whenSaved(outcome)
        }
        // A conditional save's outcome: saved, refused (decide again), failed.
        let settle: @Sendable (Swift.Result<Bool, StoreError>) -> Void = { saved in
            switch saved {
            case .success(true): finish(.saved(answer))
            case .success(false): finish(.conflicted)
            case .failure(let error): finish(.failed(error))
            }
        }
        if let shared {
            shared.save(after, ifStill: before, pager: pager, session: id, lastSeen: lastSeen, then: settle)
        } else if taken.afterQueuedSaves != nil, let batches = storeWritingInBatches {
            // Behind a queued save, conditional on the record it leaves: if
            // that save fails, this one must not make its change after all.
            batches.writes.saveIfStill(
                after, expected: before, pager: pager, session: id, lastSeen: lastSeen, then: settle)
        } else {
            store.save(after, pager: pager, session: id, lastSeen: lastSeen) { error in
                finish(error.map { .failed($0) } ?? .saved(answer))
            }
        }
        return .saving
    }
}
