/// The route handlers, each holding only what it uses: assembled once by
/// `FolioApp`, which dispatches every request to one of them. A class, so
/// that a request takes one reference to them all rather than a copy of
/// every handler's references.
final class RouteHandlers: Sendable {
    let index: IndexRoute
    let health: HealthRoute
    let staticFiles: StaticFileRoute
    let stylesheet: StylesheetRoute
    let view: ViewRoute
    let state: StateRoute
    let panel: PanelRoute
    let events: EventsRoute
    let click: ClickRoute

    init(
        index: IndexRoute, health: HealthRoute, staticFiles: StaticFileRoute, stylesheet: StylesheetRoute,
        view: ViewRoute, state: StateRoute, panel: PanelRoute, events: EventsRoute, click: ClickRoute
    ) {
        self.index = index
        self.health = health
        self.staticFiles = staticFiles
        self.stylesheet = stylesheet
        self.view = view
        self.state = state
        self.panel = panel
        self.events = events
        self.click = click
    }
}
