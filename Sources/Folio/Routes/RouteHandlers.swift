/// The route handlers, each holding only what it uses: assembled once by
/// `FolioApp`, which dispatches every request to one of them.
struct RouteHandlers: Sendable {
    let index: IndexRoute
    let health: HealthRoute
    let staticFiles: StaticFileRoute
    let stylesheet: StylesheetRoute
    let view: ViewRoute
    let state: StateRoute
    let panel: PanelRoute
    let events: EventsRoute
    let click: ClickRoute
}
