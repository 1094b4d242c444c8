/// What a wall screen's view says about itself: where it goes next and
/// whether it is a kiosk. Rendered into the page's head by `RotationHead`.
struct WallScreen: Sendable, Equatable {
    /// The view a wall screen moves on to, and when.
    struct Next: Sendable, Equatable {
        /// Seconds the current view stays.
        var seconds: Double
        /// The next view's path and query, the base path included.
        var url: String
    }

    /// `nil` for a kiosk that does not rotate.
    var next: Next?
    var kiosk: Bool

    /// A pager's rotation: the page after `index` among the pager's
    /// `pageKeys` (those the viewer may see), keeping `?rotate` when the
    /// URL had it, and `?kiosk`.
    static func pager(
        _ pagerKey: String, pageKeys: [String], showing index: Int, seconds: Double?, fromQuery: Bool,
        kiosk: Bool, base: String
    ) -> WallScreen {
        guard let seconds, seconds > 0, !pageKeys.isEmpty else { return WallScreen(next: nil, kiosk: kiosk) }
        let next = pageKeys[PageRotation.nextIndex(after: index, count: pageKeys.count)]
        var query: [String] = []
        if fromQuery { query.append("rotate=" + PageRotation.text(seconds)) }
        if kiosk { query.append("kiosk") }
        let url =
            base + "/" + pagerKey + "/" + next + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        return WallScreen(next: Next(seconds: seconds, url: url), kiosk: kiosk)
    }
}
