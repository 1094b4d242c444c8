import FolioCore

/// A step run on one pager's record: the record it ran on (`before`: the
/// session's stored one as this configuration has it, or the starting
/// record) and the record after.
final class StepOutcome: Sendable {
    let before: PagerRecord
    let after: PagerRecord
    let effects: [PagerEffect]
    /// Whether saving it changes what is stored: `after` differs from the
    /// session's record as stored, or there was none.
    let changesRecord: Bool
    /// The data names rendering `after` reads (`ResolvedPager.dataNames(shownIn:)`),
    /// when the outcome was made once for many requests (a new visitor's);
    /// `nil` for one made per request, whose names are worked out only if asked.
    let dataNames: [String]?

    // A class: a view's plan hands it to the closure that answers, which
    // then takes one reference rather than copying two records.
    init(
        before: PagerRecord, after: PagerRecord, effects: [PagerEffect], changesRecord: Bool,
        dataNames: [String]? = nil
    ) {
        self.before = before
        self.after = after
        self.effects = effects
        self.changesRecord = changesRecord
        self.dataNames = dataNames
    }

    /// The step as run, for a save that would otherwise run it again.
    var decided: SessionManager.Decided<[PagerEffect]> {
        SessionManager.Decided(input: before, result: effects, after: after)
    }
}

/// Runs reducer steps on pagers' records, saves them, and performs their
/// effects: the one place a request's step meets the session and the data.
struct PagerSteps: Sendable {
    let sessions: SessionManager
    let content: PageContentStore

    /// `step` on the session's record of `pager`, or on the starting record
    /// (page `startIndex`) when it has none: a view's, as run at start.
    /// - Throws: `ClientError` for a refused event (404/400).
    func outcome(of step: PagerStep, on pager: ResolvedPager, session: SessionRecord?, startIndex: Int)
        throws(ClientError) -> StepOutcome
    {
        // The stored record is taken, not copied: one adapted to new pages
        // changes when saved, whatever the step does.
        let before: PagerRecord
        var asStored = false
        if let stored = session?.pagers[pager.key], let current = pager.current(taking: stored) {
            (before, asStored) = current
        } else if let outcome = pager.newVisitorOutcome(of: step, startIndex: startIndex) {
            return outcome
        } else {
            before = pager.startingRecord(at: startIndex)
        }
        var after = before
        do {
            let effects = try step.apply(to: &after)
            return StepOutcome(
                before: before, after: after, effects: effects, changesRecord: !asStored || before != after)
        } catch {
            throw ClientError.from(error, pager: pager.key)
        }
    }

    /// Saves `step` on the session's record of `pager` (its latest copy,
    /// under the session lock), reissuing a session begun by a view under a
    /// fresh id at a click (`SessionManager.updatePagerAtClick`). `decided`
    /// is the step as already run, used while the stored record is the one
    /// it ran on.
    /// - Throws: `ClientError` for a refused event (404/400), a store
    ///   failure (503), or a session that is gone (403).
    func save(
        _ step: PagerStep, on pager: ResolvedPager, session: SessionRecord, startIndex: Int,
        atClick: Bool = false, decided: SessionManager.Decided<[PagerEffect]>?
    ) throws(ClientError) -> (StepOutcome, reissued: SessionRecord?) {
        let stored = session.pagers[pager.key]
        let result: ([PagerEffect], PagerRecord, reissued: SessionRecord?)
        let initial = { pager.startingRecord(at: startIndex) }
        do {
            result = try sessions.updatePager(
                pager.key, session: session.id, known: session, atClick: atClick, decided: decided,
                initial: initial, current: pager.current,
                { (record) throws(PagerError) -> [PagerEffect] in try step.apply(to: &record) })
        } catch {
            throw ClientError(error, pager: pager.key)
        }
        let outcome = StepOutcome(
            before: pager.record(from: stored, startingAt: startIndex), after: result.1, effects: result.0,
            changesRecord: stored.map { $0 != result.1 } ?? true)
        return (outcome, result.reissued)
    }

    /// Performs what a step's effects ask of the world outside the record:
    /// loads the data of each page it loads (a file, URL or provider), after
    /// any session lock, so a slow URL holds up no one else. A page with
    /// no data from outside has nothing to load: rendering reads its own.
    /// `now`: the request's instant, against which kept data has expired.
    func perform(_ effects: [PagerEffect], on pager: ResolvedPager, now: Double) {
        for case .load(let key) in effects {
            if let index = pager.pageIndex(key) { content.loadIfNeeded(pager.externalData[index], now: now) }
        }
    }

    /// Whether rendering the outcome's record must first (re)load some page's data.
    func needsLoad(_ outcome: StepOutcome, of pager: ResolvedPager, now: Double) -> Bool {
        guard let names = outcome.dataNames else { return needsLoad(outcome.after, of: pager, now: now) }
        return content.needsLoad(names, now: now)
    }

    /// Whether rendering `record` must first (re)load some page's data.
    func needsLoad(_ record: PagerRecord, of pager: ResolvedPager, now: Double) -> Bool {
        content.needsLoad(pager.dataNames(shownIn: record), now: now)
    }

    /// Whether performing `effects` would wait: a page they load has data
    /// that is not at hand (a URL, a provider, or a file not read yet).
    func wouldWait(_ effects: [PagerEffect], on pager: ResolvedPager, now: Double) -> Bool {
        var names: [String] = []
        for case .load(let key) in effects {
            names += pager.externalPages.filter { $0.key == key }.map(\.name)
        }
        return content.needsLoad(names, now: now)
    }

    /// What a write of `pager`'s session waits for: the store when it is
    /// durable, else (in memory) only a page's data that may need loading.
    func writeWait(_ pager: ResolvedPager, now: Double) -> RouteWait {
        if sessions.storeIsDurable { return .store }
        return content.needsLoad(pager.externalPages.map(\.name), now: now) ? .pageData : .nothing
    }
}

extension ClientError {
    /// The answer to a session update that did not apply: a refused event
    /// (404/400), a store failure (503), or a session that is gone (403).
    init(_ error: SessionUpdateError<PagerError>, pager: String) {
        switch error {
        case .rejected(let refusal): self = .from(refusal, pager: pager)
        case .store(let failure): self = .unavailable(failure)
        case .ended: self = .noSession
        }
    }
}
