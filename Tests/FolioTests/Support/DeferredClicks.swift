import FolioCore

@testable import Folio

/// Pager `x`'s record (pages `p0` to `p3`) with page `index` selected and shown once.
func fourPageRecord(selecting index: Int) throws -> PagerRecord {
    var state = try PagerState(pages: (0..<4).map { Page(key: "p\($0)", title: "Page \($0)") })
    _ = try state.send(.appeared)
    _ = try state.select(index: index)
    return PagerRecord(state: state, shownCounts: ["p\(index)": 1])
}

extension SessionManager {
    /// Selects page `index` of pager `x` of `session` the way a click does
    /// on the event loop (`updatePagerWithoutWaiting`): `saved` runs once
    /// its save ended. Returns `nil` when a save started, else what
    /// happened instead: `declined`, `unchanged` or `rejected`.
    func selectWithoutWaiting(
        _ index: Int, of session: SessionRecord, saved: @escaping @Sendable (DeferredSave<Int>) -> Void
    ) -> String? {
        do {
            let update = try updatePagerWithoutWaiting(
                "x", session: session, isCurrent: { _ in true },
                { (record) throws(PagerError) -> Int in
                    _ = try record.state.select(index: index)
                    return index
                },
                prepare: { result, _ in result }, whenSaved: saved)
            switch update {
            case .saving: return nil
            case .unchanged: return "unchanged"
            case .declined: return "declined"
            }
        } catch {
            return "rejected"
        }
    }
}
