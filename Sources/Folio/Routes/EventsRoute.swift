import FolioCore
import FolioHTTP

/// `GET /{pager}/events`: one live tab's stream of changes.
///
/// The query names the pages the tab has loaded (`pages=video,pictures`),
/// whose panels it is sent; every tab gets every badge. A tab that saw
/// events up to an id (`Last-Event-ID`, or `after=` for a stream opened
/// anew by folio.js) gets what it missed, or, when the id is of another
/// run of the server or older than the events kept, one snapshot of its
/// pages now. Snapshots may load data, so they are made on a worker; a
/// replay is answered on the loop.
struct EventsRoute: Sendable {
    let live: LiveHub
    let content: PageContentStore
    let trust: ProxyTrust

    /// The most panel HTML a snapshot carries (128 KiB, half the stream's
    /// output limit); the other panels are marked to be fetched.
    static let snapshotPanelBudget = 128 << 10

    /// Silence after which the server writes a comment, so proxies keep the stream.
    static let eventHeartbeat = HTTPStreamHeartbeat(
        interval: .seconds(15), bytes: Array(": heartbeat\n\n".utf8))

    func plan(_ context: RequestContext) throws(ClientError) -> RoutePlan {
        let request = context.request
        let pager = context.pager.configuration
        // A cut-down pager (`context.pager` is what this person may see) has a
        // channel of its own, which says nothing of the pages left out.
        guard let channel = live.channel(pager) else {
            throw .notFound("The pager '\(pager.key)' has no live pages, so it has no events.")
        }
        let asked = (request.query["pages"] ?? "").split(separator: ",").map(String.init)
        if let unknown = asked.first(where: { !channel.shownPages.contains($0) }) {
            // As for `/{pager}/{page}`: a page someone may not see answers as one that does not exist.
            throw .notFound("The pager '\(pager.key)' has no page '\(unknown)'.")
        }
        let pages = Set(asked)
        let after = request.headers["last-event-id"] ?? request.query["after"]
        if channel.canReplay(after: after), let seen = channel.sequence(of: after) {
            return .answered(eventStream(channel, request, pages: pages, seen: seen, first: nil))
        }
        return .act(waitsFor: .pageData) { [self] in
            let seen = channel.nextSequence - 1
            let snapshot = snapshotEvent(pager, channel, pages: pages, id: "\(channel.epoch)-\(seen)")
            return eventStream(channel, request, pages: pages, seen: seen, first: snapshot)
        }
    }

    /// The stream counts against its client's address (behind a trusted
    /// proxy, the forwarded one) for the server's streams-per-address cap.
    private func eventStream(
        _ channel: LiveChannel, _ request: HTTPRequest, pages: Set<String>, seen: Int, first: [UInt8]?
    ) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/event-stream; charset=utf-8")
        headers.add(name: "Cache-Control", value: "no-store")
        // nginx would otherwise hold the events back in its proxy buffer.
        headers.add(name: "X-Accel-Buffering", value: "no")
        let client = trust.clientAddress(of: request)
        return .stream(headers: headers, heartbeat: Self.eventHeartbeat, client: client) { stream in
            // How soon a browser's own EventSource tries again after a drop.
            stream.send(Array("retry: 2000\n\n".utf8))
            let number = channel.subscribe(stream, pages: pages, seen: seen, first: first)
            stream.onEnd { _ in channel.unsubscribe(number) }
        }
    }

    /// Every page the tab loaded, with its panel as it is now, and every
    /// badge, in one `snapshot` event carrying the id it goes on from. A
    /// panel that is its page's last event's carries that event's id
    /// (`state`), so the tab may apply the changed tiles of the next.
    private func snapshotEvent(
        _ pager: PagerConfiguration, _ channel: LiveChannel, pages: Set<String>, id: String
    ) -> [UInt8] {
        let panels = pager.pages.map { page in
            pages.contains(page.key) ? content.panel(page, of: pager, shownCount: 1).bytes : nil
        }
        content.loadBadgeData(of: pager)
        let badges = content.badges(of: pager)
        var json = JSONBytes(capacity: 1024)
        json.raw("{")
        json.key("pages")
        json.raw("[")
        var first = true
        var inlined = 0
        for (index, page) in pager.pages.enumerated() where pages.contains(page.key) || page.badge != nil {
            if !first { json.raw(",") }
            first = false
            // Past the budget, panels are fetched by the tab: the snapshot stays far below the stream's limit.
            let panel = panels[index]
            inlined += panel?.count ?? 0
            json.json(
                LiveEvent.payload(
                    page: page.key, html: panel.map { String(decoding: $0, as: UTF8.self) },
                    badge: badges[index],
                    inline: inlined <= Self.snapshotPanelBudget,
                    state: panel.flatMap { channel.panelState(of: page.key, bytes: $0) }))
        }
        json.raw("]}")
        return LiveEvent.frame(id: id, event: "snapshot", json.bytes)
    }
}

extension HTTPStream: LiveSink {}
