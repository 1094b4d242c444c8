import FolioHTTP

/// `?rotate=SECONDS` and `?kiosk` in a view's URL.
///
/// A bad `rotate` is a `400` naming the allowed range rather than ignored:
/// whoever types a wall screen's address sees the mistake at once, instead
/// of a screen that silently never moves.
struct WallScreenQuery: Sendable, Equatable {
    /// Seconds per page; `nil` when the URL has no `rotate`, `0` for
    /// `rotate=0`, which turns a pager's configured rotation off.
    var rotate: Double?
    /// `?kiosk` (any value): navigation and pointer hidden, screen kept awake.
    var kiosk: Bool

    /// - Throws: `ClientError` 400 for a `rotate` that is not `0` or a
    ///   number of seconds in `PageRotation.allowedSeconds`.
    init(_ query: FormFields) throws(ClientError) {
        kiosk = query["kiosk"] != nil
        guard let text = query["rotate"] else {
            rotate = nil
            return
        }
        guard let seconds = Double(text), seconds == 0 || PageRotation.allowedSeconds.contains(seconds) else {
            let range = PageRotation.allowedSeconds
            throw .badRequest(
                "rotate must be 0 (off) or seconds from \(PageRotation.text(range.lowerBound)) to "
                    + "\(PageRotation.text(range.upperBound)), not '\(text)'.")
        }
        rotate = seconds
    }
}
