import FolioCore

/// The reducer event a request sends to one pager: a view's appearance or
/// a selection. Its effects are performed in one place, `FolioApp.perform`.
enum PagerStep: Sendable, Equatable {
    /// `GET /{pager}` (and a first click's view before it): shows the current page.
    case appear
    /// `GET /{pager}/{page}`: selects the page at this index.
    case select(Int)
    /// A click selecting the page at this index, made at `madeAt` by the
    /// browser's clock (milliseconds since 1970, `clickedAt` in the form;
    /// `nil` from a form posted without JavaScript). A click made before the
    /// last one applied, and reaching the server after it (a slow network,
    /// several quick clicks), changes nothing: the last click made wins.
    case click(Int, madeAt: Double?)

    /// How far back (milliseconds) a click can be older than the last one
    /// applied and still count as overtaken; beyond this the browser's clock
    /// was set back, and the click applies.
    static let overtakenWindow = 60_000.0

    /// Runs the step on `record`: the state changes, and every `pageDidShow`
    /// is counted in the record (the delegate callbacks of seed 004).
    /// Pure: the caller performs the `load` effects it returns.
    func apply(to record: inout PagerRecord) throws(PagerError) -> [PagerEffect] {
        let effects: [PagerEffect]
        switch self {
        case .appear: effects = try record.state.send(.appeared)
        case .select(let index): effects = try record.state.select(index: index)
        case .click(let index, let madeAt):
            if let madeAt, let last = record.lastClickAt, last > madeAt, last - madeAt <= Self.overtakenWindow
            {
                return []
            }
            effects = try record.state.select(index: index)
            if let madeAt { record.lastClickAt = madeAt }
        }
        for case .pageDidShow(let key) in effects { record.shownCounts[key, default: 0] += 1 }
        return effects
    }
}

/// A step run on one pager's record: the record before (the session's
/// stored one, `nil` when it has none under this configuration) and after.
struct StepOutcome: Sendable {
    var stored: PagerRecord?
    var after: PagerRecord
    var effects: [PagerEffect]

    /// Whether saving it changes what is stored.
    var changesRecord: Bool { stored != after }
}

extension FolioApp {
    /// `step` on the session's record of `pager`, or on the starting record
    /// (page `startIndex`) when it has none.
    /// - Throws: `ClientError` for a refused event (404/400).
    func outcome(of step: PagerStep, on pager: ResolvedPager, session: SessionRecord?, startIndex: Int)
        throws(ClientError) -> StepOutcome
    {
        let stored = pager.storedRecord(in: session)
        var after = stored ?? pager.startingRecord(at: startIndex)
        do {
            let effects = try step.apply(to: &after)
            return StepOutcome(stored: stored, after: after, effects: effects)
        } catch {
            throw ClientError.from(error, pager: pager.key)
        }
    }

    /// Performs what a step's effects ask of the world outside the record:
    /// loads the data of each page it loads (a file, URL or provider), after
    /// any session lock, so a slow URL holds up no one else.
    func perform(_ effects: [PagerEffect], on pager: ResolvedPager) {
        for case .load(let key) in effects {
            if let index = pager.pageIndex(key) {
                content.loadIfNeeded(pager.configuration.pages[index], of: pager.configuration)
            }
        }
    }

    /// Whether rendering `record` must first (re)load some page's data, so
    /// the answer may block.
    func needsLoad(_ record: PagerRecord, of pager: ResolvedPager) -> Bool {
        guard !pager.externalPages.isEmpty else { return false }
        let badges = Set(pager.badgePages.map(\.key))
        return content.needsLoad(
            pager.externalPages.compactMap {
                record.state.isLoaded($0.key) || badges.contains($0.key) ? $0.name : nil
            })
    }

    /// Whether performing `effects` would wait: a page they load has data
    /// that is not at hand (a URL, a provider, or a file not read yet).
    func wouldWait(_ effects: [PagerEffect], on pager: ResolvedPager) -> Bool {
        var names: [String] = []
        for case .load(let key) in effects {
            names += pager.externalPages.filter { $0.key == key }.map(\.name)
        }
        return content.needsLoad(names)
    }

    /// Whether some page of the pager has data that may need loading at all.
    func mayLoad(_ pager: ResolvedPager) -> Bool {
        content.needsLoad(pager.externalPages.map(\.name))
    }
}
