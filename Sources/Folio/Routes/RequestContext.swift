import FolioHTTP

/// A request to one pager, resolved once on the event loop before any
/// handler runs (`FolioApp.disposition(for:)`): its route, the pager as
/// the visitor may see it, the visitor, where their session is, and for a
/// click its form and token verdict. Handlers act on this value alone.
///
/// A class: a handler's plan hands it to the closure that answers, and
/// copying it there (with its request) cost some thirty retains and
/// releases per request, some on objects every event loop shares (the
/// pager), whose reference counts the loops' cores then fight over; a
/// reference to this request's own object costs one.
final class RequestContext: Sendable {
    /// The request, forwarded headers believed only from trusted proxies.
    let request: HTTPRequest
    let route: Route
    /// The pager, cut down to the pages the visitor may see.
    let pager: ResolvedPager
    let visitor: Visitor
    /// Whether answering must leave the store as it is: a `HEAD`, or a
    /// request the browser marks cross-site (a top-level `GET` from another
    /// site carries the `SameSite=Lax` cookie; without this it would move
    /// the session's selection and count a `pageDidShow`).
    let changesNothing: Bool
    /// Where the claimed session is (`.none` for routes that read none).
    let session: SessionLookup
    /// A click's form and token verdict (`nil` for other routes).
    let click: ResolvedClick?
    /// The request's instant (seconds since 1970), read once as it is
    /// resolved: whether its session is live, its token's age, whether page
    /// data has expired and its rendering's times all go by it, so one
    /// request never sees two times. A request that waits (for the store,
    /// or a page's data) is answered as of when it came.
    let now: Double

    init(
        request: HTTPRequest, route: Route, pager: ResolvedPager, visitor: Visitor, changesNothing: Bool,
        session: SessionLookup, click: ResolvedClick?, now: Double
    ) {
        self.request = request
        self.route = route
        self.pager = pager
        self.visitor = visitor
        self.changesNothing = changesNothing
        self.session = session
        self.click = click
        self.now = now
    }

    static func changesNothing(_ request: HTTPRequest, _ visitor: Visitor) -> Bool {
        request.method == .head || visitor.isCrossSite
    }

    /// This request, answered as one that must leave the store as it is
    /// (a wall screen's view).
    func changingNothing() -> RequestContext {
        RequestContext(
            request: request, route: route, pager: pager, visitor: visitor, changesNothing: true,
            session: session, click: click, now: now)
    }
}

extension Route {
    /// Whether handling the route reads the visitor's session.
    var readsSession: Bool {
        switch self {
        case .pager, .page, .fragment, .state, .panel, .select, .scroll: true
        case .index, .health, .publicFile, .stylesheet, .events, .playlist: false
        }
    }

    /// Whether the route is a click (a post of the pager's form).
    var isClick: Bool {
        switch self {
        case .select, .scroll: true
        default: false
        }
    }
}
