import Folio

/// The JSON of `GET /{pager}/state`, decoded: what the server holds for
/// this browser's session, to compare with what the HTML shows. It is the
/// server's own `PagerProjection`, the value the page's markup is rendered
/// from, so the two cannot drift apart.
public typealias PagerStateSnapshot = PagerProjection
