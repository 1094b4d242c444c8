/// How page data from URLs and providers is fetched and waited for, for
/// every page of an app (`FolioAppOptions.pageData`). Each default is stated.
public struct PageDataLimits: Sendable, Hashable {
    /// The most bytes of a feed's body that are read. One byte more, or a
    /// `Content-Length` over it, stops the fetch at once and the page shows
    /// the error panel. Default 4 MiB.
    public var maxFeedBytes: Int = 4 << 20
    /// Where a feed's redirects may lead. Default `.sameOrigin`.
    public var redirects: FeedRedirects = .sameOrigin
    /// The most bytes of HTML one page's panel may render to. Rendering stops
    /// at the first repeated item past it, the page shows its error panel
    /// and the log says why: a feed within `maxFeedBytes` can still hold
    /// tens of thousands of items, each rendered to far more bytes than its
    /// JSON. Default 2 MiB.
    public var maxPanelBytes: Int = 2 << 20
    /// The most redirects followed for one fetch; one more is an error.
    /// Default 5.
    public var maxRedirects: Int = 5
    /// How long a view waits for a load in flight, counted from the load's
    /// start (not from the view's arrival): a quick feed or provider shows
    /// its data on the first view. Past it, views are answered at once with
    /// what is at hand: the previous data while a refresh runs, or the
    /// loading panel on a first load. So a hanging feed holds an HTTP worker
    /// thread for at most this long, however many views it gets, and never
    /// for its whole timeout. `.infinity` waits for the load itself, up to
    /// its timeout (`folio render` does: it prints one view). Default 0.5 s.
    public var viewWaitSeconds: Double = 0.5

    /// Creates the defaults above.
    public init() {}

    /// `4 MiB` for 4 << 20, `1000 bytes` for 1000.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

/// Where the redirects of a page's feed may lead.
public enum FeedRedirects: String, Sendable, Hashable {
    /// Only to the feed's own scheme, host and port; a redirect elsewhere
    /// is not followed, and the page's error panel names where it led.
    case sameOrigin = "same-origin"
    /// Anywhere (other hosts too), up to `PageDataLimits.maxRedirects`.
    case anyHost = "any-host"
}
