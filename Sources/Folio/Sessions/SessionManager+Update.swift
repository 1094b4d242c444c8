/// A session's pager record changed under the session's lock and saved
/// on the condition that it is still what was read, decided again on the
/// fresh record when another instance saved it first.
extension SessionManager {
    /// Runs `change` on the latest copy of one pager's record of a session
    /// and saves the result when it differs, all under one lock. `change`
    /// must be a pure function of the record: it may run several times
    /// (again on the fresh record when another instance saved it first).
    /// - Parameters:
    ///   - known: The session as just read, if the caller has it (saves a
    ///     lookup when nothing changes).
    ///   - initial: The record to start from when the session has none
    ///     (or one `current` cannot carry over).
    ///   - current: A stored record as the configuration in force has it
    ///     (`ResolvedPager.current(_:)`: itself, or adapted to new pages);
    ///     `nil` to start from `initial`. The save stays conditional on the
    ///     record as stored, not as adapted.
    ///   - change: Applies the event; throwing leaves everything unchanged.
    /// - Returns: `change`'s result and the record after it.
    public func updatePager<Result, Failure: Error>(
        _ pager: String, session id: String, known: SessionRecord? = nil, initial: () -> PagerRecord,
        current: (PagerRecord) -> PagerRecord?,
        _ change: (inout PagerRecord) throws(Failure) -> Result
    ) throws(SessionUpdateError<Failure>) -> (Result, PagerRecord) {
        let (result, record, _) = try updatePager(
            pager, session: id, known: known, atClick: false, initial: initial, current: current, change)
        return (result, record)
    }

    /// `updatePager` for a click (select or scroll): the first write of a
    /// session always issues an id the server just generated. A session
    /// whose id was not issued at a click (one begun by a view, whose id
    /// someone else may have planted) is moved, in the same transaction as
    /// the change, to a fresh id and CSRF token; the old id finds nothing
    /// after that. Later clicks keep their id.
    /// - Returns: `change`'s result, the record after it, and the session
    ///   under its new id when it was reissued (the answer must set its
    ///   cookie and carry its token), else `nil`.
    /// - Throws: `SessionUpdateError.ended` when the session is gone (a
    ///   concurrent first click reissued it, or it expired).
    public func updatePagerAtClick<Result, Failure: Error>(
        _ pager: String, session id: String, known: SessionRecord? = nil, initial: () -> PagerRecord,
        current: (PagerRecord) -> PagerRecord?,
        _ change: (inout PagerRecord) throws(Failure) -> Result
    ) throws(SessionUpdateError<Failure>) -> (Result, PagerRecord, reissued: SessionRecord?) {
        try updatePager(
            pager, session: id, known: known, atClick: true, initial: initial, current: current, change)
    }

    /// `updatePager` or, with `atClick`, `updatePagerAtClick`: for a caller
    /// that serves both and passes its closures once. `decided` is the
    /// step already run on the record the caller found, if it ran: used
    /// as long as the stored record is still that one.
    func updatePager<Result, Failure: Error>(
        _ pager: String, session id: String, known: SessionRecord?, atClick: Bool,
        decided: Decided<Result>? = nil, initial: () -> PagerRecord, current: (PagerRecord) -> PagerRecord?,
        _ change: (inout PagerRecord) throws(Failure) -> Result
    ) throws(SessionUpdateError<Failure>) -> (Result, PagerRecord, reissued: SessionRecord?) {
        // Most requests change nothing (a view of the current page): they are
        // answered without the lock, so they never wait behind a disk write.
        // What `change` decided here is kept: under the lock it runs again
        // only on a record other than the one it was decided on.
        var decided = decided
        if decided == nil {
            var read = known
            if read == nil {
                do throws(StoreError) { read = try store.session(id: id) } catch { throw .store(error) }
            }
            if let read, read.isIssuedAtClick || !atClick, let existing = read.pagers[pager].flatMap(current)
            {
                var after = existing
                do throws(Failure) {
                    decided = Decided(input: existing, result: try change(&after), after: after)
                } catch { throw .rejected(error) }
            }
        }
        // Unless an update of the session is under way or done since the
        // record was read: this one must build on it. (An update shows in
        // the store before its session is given back.)
        if let decided, decided.after == decided.input, !updates.isTaken(id),
            storeAnsweringFromMemory?.sessionIfAtHand(id: id)?.pagers[pager] == decided.input
        {
            return (decided.result, decided.after, nil)
        }
        return try updates.withLock(for: id) {
            () throws(SessionUpdateError<Failure>) -> (Result, PagerRecord, reissued: SessionRecord?) in
            // Another instance may save the session between this read and
            // this save: the save is then refused, and the change decided
            // again on the record that instance saved (so the last click
            // made wins), a bounded number of times.
            for attempt in 0..<Self.conflictRetries {
                if let done = try updateOnce(
                    pager, session: id, atClick: atClick, onOwnCopy: attempt == 0, decided: decided, initial,
                    current, change)
                {
                    return done
                }
            }
            throw .store(
                StoreError(
                    "session \(id.prefix(8))… was saved by other instances \(Self.conflictRetries) times while this request changed it; try again"
                ))
        }
    }

    /// A step already run on `input`, with what it gave.
    struct Decided<Result> {
        let input: PagerRecord
        let result: Result
        let after: PagerRecord
    }

    /// How often an update is decided again when other instances keep
    /// saving the session first, before it fails (503).
    static let conflictRetries = 8

    /// One read, change and conditional save of the session's pager, under
    /// the session's lock; `nil` when the save was refused because another
    /// instance saved the record since the read (nothing changed then).
    /// `onOwnCopy`: a shared store's own copy of a session issued at a click
    /// may stand in for the read, since the save is conditional on it; a
    /// change it does not confirm by a save (none to make) is `nil` too.
    private func updateOnce<Result, Failure: Error>(
        _ pager: String, session id: String, atClick: Bool, onOwnCopy: Bool, decided: Decided<Result>?,
        _ initial: () -> PagerRecord, _ current: (PagerRecord) -> PagerRecord?,
        _ change: (inout PagerRecord) throws(Failure) -> Result
    ) throws(SessionUpdateError<Failure>) -> (Result, PagerRecord, reissued: SessionRecord?)? {
        let copy =
            onOwnCopy ? storeWithoutWaiting?.ownCopy(of: id).flatMap { $0.isIssuedAtClick ? $0 : nil } : nil
        var stored = copy
        if copy == nil {
            do throws(StoreError) { stored = try store.session(id: id) } catch { throw .store(error) }
        }
        let before = stored?.pagers[pager].flatMap(current) ?? initial()
        var after = before
        let result: Result
        if let decided, decided.input == before {
            (result, after) = (decided.result, decided.after)
        } else {
            do throws(Failure) { result = try change(&after) } catch { throw .rejected(error) }
        }
        if atClick {
            guard var session = stored else { throw .ended }
            if !session.isIssuedAtClick {
                session.pagers[pager] = after
                let reissued = SessionRecord(
                    id: random.hexToken(), csrfToken: random.hexToken(), lastSeen: clock.now,
                    pagers: session.pagers, isIssuedAtClick: true,
                    isBoundToPerson: session.isBoundToPerson)
                do throws(StoreError) {
                    try store.reissue(id, as: reissued, changedPager: pager)
                } catch { throw .store(error) }
                counts.withLock { $0.unwrittenUse[id] = nil }
                return (result, after, reissued)
            }
        }
        // Nothing to save would leave a copy unconfirmed: decide on a read.
        if copy != nil && after == stored?.pagers[pager] { return nil }
        // Also when unchanged by `change` but adapted to new pages: the
        // adapted record (and its `pagesChanged`) is what later reads find.
        if after != stored?.pagers[pager] {
            let now = clock.now
            let lastSeen = stored.map { lastSeenToSave(for: $0, at: now) } ?? now
            let saved: Bool
            do throws(StoreError) {
                saved = try store.save(
                    after, ifStill: stored?.pagers[pager], pager: pager, session: id, lastSeen: lastSeen)
            } catch { throw .store(error) }
            guard saved else { return nil }
        }
        return (result, after, nil)
    }
}

extension SessionManager.Decided: Sendable where Result: Sendable {}

/// Why `SessionManager.updatePager` did not apply a change.
public enum SessionUpdateError<Failure: Error>: Error {
    /// The change itself refused the input (state unchanged).
    case rejected(Failure)
    /// The store could not be read or written (state unchanged).
    case store(StoreError)
    /// A click's session no longer exists (state unchanged).
    case ended
}
