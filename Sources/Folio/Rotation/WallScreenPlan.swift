/// What makes a view a wall screen's, known when the request is resolved;
/// the page it moves on to is chosen once the view's page is (a pager's
/// own URL shows the session's selection).
enum WallScreenPlan: Sendable, Equatable {
    /// A pager's view: rotating every `seconds` (`nil` for a kiosk that
    /// does not rotate); `fromQuery` when `?rotate` set them, so the next
    /// URL keeps it.
    case pager(seconds: Double?, fromQuery: Bool, kiosk: Bool, base: String)
    /// A playlist's position: its next view is already decided.
    case playlist(WallScreen)

    /// The plan of a pager view's URL, or `nil` for an ordinary view.
    init?(_ query: WallScreenQuery, configured: Double?, base: String) {
        let seconds = query.rotate ?? configured
        guard query.kiosk || (seconds ?? 0) > 0 else { return nil }
        self = .pager(
            seconds: (seconds ?? 0) > 0 ? seconds : nil, fromQuery: query.rotate != nil, kiosk: query.kiosk,
            base: base)
    }

    /// The screen of a view of `pager` showing the page at `index` (among
    /// the pages the viewer may see).
    func screen(of pager: ResolvedPager, showing index: Int) -> WallScreen {
        switch self {
        case .pager(let seconds, let fromQuery, let kiosk, let base):
            WallScreen.pager(
                pager.key, pageKeys: pager.configuration.pages.map(\.key), showing: index, seconds: seconds,
                fromQuery: fromQuery, kiosk: kiosk, base: base)
        case .playlist(let screen): screen
        }
    }
}
