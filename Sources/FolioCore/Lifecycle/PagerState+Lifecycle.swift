// The appearance lifecycle: the only code that emits will/did appear and
// disappear, so the order documented on `PagerState` lives in one place.
// These helpers never fail; `send` has validated their input.
extension PagerState {
    /// Shows the selected page for the first time; nothing if already appeared.
    mutating func appearIfNeeded(into effects: inout [PagerEffect]) {
        guard case .notAppeared(let index) = selection else { return }
        let key = pages[index].key
        loadIfNeeded(key, into: &effects)
        effects.append(.willAppear(key))
        effects.append(.didAppear(key))
        selection = .shown(index: index)
        completeShow(of: key, into: &effects)
    }

    /// Moves the selection to `index`, running whichever halves of the
    /// lifecycle the phase and transition call for.
    /// - Parameter immediately: Finish cross-dissolves at once (``select(index:)``).
    mutating func selectPage(_ index: Int, immediately: Bool, into effects: inout [PagerEffect]) {
        switch selection {
        case .notAppeared:
            // Nothing is visible yet: only the page to show first changes.
            selection = .notAppeared(index: index)
        case .shown(let current):
            guard index != current else { return }
            beginChange(from: current, to: index, into: &effects)
            if immediately || transition.completesImmediately {
                finishTransitionIfNeeded(into: &effects)
            }
        case .transitioning(_, let target):
            if index == target {
                // Already on its way there: nothing new, unless asked to arrive now.
                if immediately { finishTransitionIfNeeded(into: &effects) }
                return
            }
            finishTransitionIfNeeded(into: &effects)
            selectPage(index, immediately: immediately, into: &effects)
        }
    }

    /// The will-half: `willDisappear(old) load(new)? willAppear(new)`.
    private mutating func beginChange(from old: Int, to new: Int, into effects: inout [PagerEffect]) {
        let newKey = pages[new].key
        effects.append(.willDisappear(pages[old].key))
        loadIfNeeded(newKey, into: &effects)
        effects.append(.willAppear(newKey))
        selection = .transitioning(from: old, to: new)
    }

    /// The did-half of a running transition:
    /// `didDisappear(old) didAppear(new) pageDidShow(new) unload(lru)*`.
    mutating func finishTransitionIfNeeded(into effects: inout [PagerEffect]) {
        guard case .transitioning(let old, let new) = selection else { return }
        let newKey = pages[new].key
        effects.append(.didDisappear(pages[old].key))
        effects.append(.didAppear(newKey))
        selection = .shown(index: new)
        completeShow(of: newKey, into: &effects)
    }

    /// Records the page as most recently shown, tells the delegate, then
    /// trims the cache (the shown page is never trimmed).
    private mutating func completeShow(of key: String, into effects: inout [PagerEffect]) {
        markShown(key)
        effects.append(.pageDidShow(key))
        trimCacheIfNeeded(into: &effects)
    }
}

extension Transition {
    /// Whether a tap completes the change at once (no `transitionFinished` expected).
    var completesImmediately: Bool {
        switch self {
        case .slide: return true
        case .crossDissolve(let duration): return duration == 0
        }
    }
}
