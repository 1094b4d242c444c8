import FolioCore

/// The reducer event a request sends to one pager: a view's appearance or
/// a selection. Its effects are performed in one place, `PagerSteps.perform`.
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
    /// A click also clears the record's `pagesChanged`.
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
            // The visitor has acted on the pages as they are now.
            record.pagesChanged = nil
        }
        for case .pageDidShow(let key) in effects { record.shownCounts[key, default: 0] += 1 }
        return effects
    }
}
