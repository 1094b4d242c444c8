import FolioCore

extension FolioApp {
    /// Runs one reducer step on a session's pager and performs its effects:
    /// counts `pageDidShow` in the record (saved with the state, under the
    /// session lock) and loads content for `load` (after the lock, so a slow
    /// URL holds up no one else).
    /// - Parameters:
    ///   - initialIndex: The page a session that never opened this pager starts on.
    ///   - step: The reducer call; throwing leaves the stored state unchanged.
    /// - Returns: The record after the step.
    /// - Throws: `ClientError` for a refused event (404/400) or a store failure (503).
    func apply(
        _ pagerIndex: Int, session: SessionRecord, initialIndex: Int = 0,
        _ step: (inout PagerState) throws(PagerError) -> [PagerEffect]
    ) throws(ClientError) -> PagerRecord {
        try apply(pagerIndex, session: session, initialIndex: initialIndex, atClick: false, step).record
    }

    /// `apply` for a click (select or scroll): a session begun by a view is
    /// reissued under a fresh id and token with the step's result
    /// (`SessionManager.updatePagerAtClick`).
    /// - Returns: The record after the step, and the session under its new
    ///   id when it was reissued.
    /// - Throws: `ClientError` as `apply`, and 403 when the session is gone.
    func applyClick(
        _ pagerIndex: Int, session: SessionRecord, initialIndex: Int,
        _ step: (inout PagerState) throws(PagerError) -> [PagerEffect]
    ) throws(ClientError) -> (record: PagerRecord, reissued: SessionRecord?) {
        try apply(pagerIndex, session: session, initialIndex: initialIndex, atClick: true, step)
    }

    private func apply(
        _ pagerIndex: Int, session: SessionRecord, initialIndex: Int, atClick: Bool,
        _ step: (inout PagerState) throws(PagerError) -> [PagerEffect]
    ) throws(ClientError) -> (record: PagerRecord, reissued: SessionRecord?) {
        let pager = configuration.pagers[pagerIndex]
        let initial = initialStates[pagerIndex]
        let result: ([PagerEffect], PagerRecord, reissued: SessionRecord?)
        do {
            result = try sessions.updatePager(
                pager.key, session: session.id, known: session, atClick: atClick,
                initial: { PagerRecord(state: initial[min(max(initialIndex, 0), initial.count - 1)]) },
                isCurrent: { Self.fits($0, initial[0]) },
                { (record) throws(PagerError) -> [PagerEffect] in
                    let effects = try step(&record.state)
                    for case .pageDidShow(let key) in effects { record.shownCounts[key, default: 0] += 1 }
                    return effects
                })
        } catch {
            switch error {
            case .rejected(let refusal): throw ClientError.from(refusal, pager: pager.key)
            case .store(let failure): throw ClientError.unavailable(failure)
            case .ended: throw ClientError.noSession
            }
        }
        for case .load(let key) in result.0 {
            if let index = pager.pageIndex(key) { content.loadIfNeeded(pager.pages[index], of: pager) }
        }
        return (result.1, result.reissued)
    }

    /// Runs a reducer step on a record that will not be saved (the store is
    /// failing) and performs its effects.
    /// - Throws: `ClientError` for a refused event.
    func applyWithoutSaving(
        _ pagerIndex: Int, to record: inout PagerRecord,
        _ step: (inout PagerState) throws(PagerError) -> [PagerEffect]
    ) throws(ClientError) {
        let pager = configuration.pagers[pagerIndex]
        let effects: [PagerEffect]
        do {
            effects = try step(&record.state)
        } catch {
            throw ClientError.from(error, pager: pager.key)
        }
        for case .pageDidShow(let key) in effects { record.shownCounts[key, default: 0] += 1 }
        for case .load(let key) in effects {
            if let index = pager.pageIndex(key) { content.loadIfNeeded(pager.pages[index], of: pager) }
        }
    }

    /// The stored record of a pager in a session, or the not-yet-shown
    /// initial one; never creates or saves anything (for `GET /state`).
    func currentRecord(_ pagerIndex: Int, session: SessionRecord?) -> PagerRecord {
        let initial = initialStates[pagerIndex][0]
        if let record = session?.pagers[configuration.pagers[pagerIndex].key],
            Self.fits(record, initial)
        {
            return record
        }
        return PagerRecord(state: initial)
    }

    /// Whether a stored record still matches the configured pager (same
    /// pages, transition and cache limit); one saved under another
    /// configuration starts over instead.
    static func fits(_ record: PagerRecord, _ configured: PagerState) -> Bool {
        record.state.pages == configured.pages && record.state.transition == configured.transition
            && record.state.cacheLimit == configured.cacheLimit
    }
}
