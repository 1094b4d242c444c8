import Dispatch
import FolioSync
import Foundation

/// Live dashboards: for each pager with a live page (`refreshSeconds`) or
/// a badge, the channels its open tabs listen to and the refresher that
/// loads its pages while one is open.
///
/// A pager cut down for people who may not see all its pages (a variant,
/// `PagerConfiguration.variant`) has a channel of its own, showing only
/// their pages: its event ids count only their changes, and their streams
/// make the refresher load only their pages, so nothing of a hidden page
/// shapes what they get. A variant without a live page has no channel.
///
/// The data flows one way: a refresh (or any view) loads new data into the
/// content store; the store tells the hub; the hub renders the page's panel
/// once, from that data, and the channel sends it to every open tab.
final class LiveHub: Sendable {
    private final class Live: Sendable {
        let pager: PagerConfiguration
        let refresher: LiveRefresher
        /// Per variant (`""` for the whole pager), made at its first stream or view.
        private let channels = LockedValue<[String: LiveChannel]>([:])

        init(pager: PagerConfiguration, refresher: LiveRefresher) {
            self.pager = pager
            self.refresher = refresher
        }

        /// The channel of `shown`, a variant of this pager (or the pager).
        func channel(_ shown: PagerConfiguration, epoch: @autoclosure () -> String) -> LiveChannel {
            channels.withLock { channels in
                if let channel = channels[shown.variant] { return channel }
                let channel = LiveChannel(
                    pager: shown.key, shownPages: Set(shown.pages.map(\.key)), epoch: epoch()
                ) { [weak self] _ in
                    guard let self else { return }
                    refresher.viewersChanged { self.watchedPages() }
                }
                channels[shown.variant] = channel
                return channel
            }
        }

        /// Every channel made so far.
        var allChannels: [LiveChannel] { channels.withLock { Array($0.values) } }

        /// The pages some open tab may see, for the refresher.
        private func watchedPages() -> Set<String> {
            allChannels.reduce(into: Set<String>()) { watched, channel in
                if channel.viewers > 0 { watched.formUnion(channel.shownPages) }
            }
        }
    }

    private let live: [String: Live]
    /// Names this run in the whole pagers' event ids; a variant's channel gets a random one of its own.
    private let epoch: String
    private let content: PageContentStore
    private let bus: any LiveBus
    /// Renders and sends changes off the thread that loaded the data (an
    /// event loop, for a data file), one at a time, in the order they came.
    private let publisher = DispatchQueue(label: "Folio live publish")

    /// - Parameters:
    ///   - bus: Shares refreshes with the other instances of the dashboard.
    ///   - epoch: Names this run of the server in event ids.
    init(
        pagers: [PagerConfiguration], content: PageContentStore, bus: any LiveBus = LocalLiveBus(),
        epoch: String = LiveHub.newEpoch()
    ) {
        self.content = content
        self.bus = bus
        self.epoch = epoch
        var live: [String: Live] = [:]
        for pager in pagers where pager.isLive {
            let refresher = LiveRefresher(
                pager: pager,
                refresh: { [content] page in
                    // Only the leading instance fetches; the others get its data through the bus.
                    if bus.leads(pager.key) { content.refresh(page, of: pager) }
                },
                stopped: { bus.resign(pager.key) })
            live[pager.key] = Live(pager: pager, refresher: refresher)
        }
        self.live = live
        let publisher = self.publisher
        content.observeChanges { [weak self] name, data in
            publisher.async { [weak self] in self?.dataChanged(name, data) }
        }
    }

    /// A new generation replaced this one: every open stream is told
    /// (`event: reload`) and ended, so its tab fetches the pager anew and
    /// opens its stream on the new generation; a stream opened here later
    /// gets the same at once. The bus stays open: it outlives generations.
    func retire(generation: Int) {
        let event = LiveEvent.frame(id: nil, event: "reload", Array("{\"generation\":\(generation)}".utf8))
        for entry in live.values {
            for channel in entry.allChannels { channel.retire(with: event) }
        }
    }

    /// The channel of `shown` (a pager, or a variant of it cut down for
    /// someone), nil when nothing of it is live.
    func channel(_ shown: PagerConfiguration) -> LiveChannel? {
        guard let entry = live[shown.key], shown.isLive else { return nil }
        // A variant's epoch is random like the pager's, so no id tells a cut-down pager from the whole.
        return entry.channel(shown, epoch: shown.variant.isEmpty ? epoch : Self.newEpoch())
    }

    /// Renders the changed page's panel from its new data and publishes it.
    private func dataChanged(_ name: String, _ data: PageData) {
        let pageName = String(TileDataName.page(of: name))
        guard let (entry, page) = livePage(pageName) else { return }
        guard pageName == name else {
            // A tile's own data changed: its page's panel, drawn again from every tile's data, goes out.
            publish(content.panel(page, of: entry.pager, shownCount: 1).bytes, of: page, in: entry)
            return
        }
        entry.refresher.loaded(page.key, failed: data.error != nil || data.refreshFailure != nil)
        if page.refreshSeconds != nil, !data.fromPeer, data.error == nil, data.refreshFailure == nil {
            bus.share(name, body: data.json)
        }
        publish(content.livePanel(page, of: entry.pager, data: data), of: page, in: entry)
    }

    /// Sends `page`'s new panel to every channel that shows it; a page of
    /// tiles is cut into its tiles once for all of them.
    private func publish(_ panel: [UInt8], of page: PageConfiguration, in entry: Live) {
        let channels = entry.allChannels.filter { $0.shownPages.contains(page.key) }
        guard !channels.isEmpty else { return }
        let html = String(decoding: panel, as: UTF8.self)
        let tiled = page.drawsTileGrid ? TiledPanel(panel) : nil
        let badge = content.badge(entry.pager.key + "/" + page.key)
        for channel in channels {
            channel.publish(
                page: page.key, html: html, tiled: tiled, badge: badge, hasBadge: page.badge != nil)
        }
    }

    /// The id of the event of `shown`'s channel that left `page`'s panel as
    /// `bytes`, if that is its last (``LiveChannel/panelState(of:bytes:)``).
    func panelState(_ shown: PagerConfiguration, page: String, bytes: [UInt8]) -> String? {
        channel(shown)?.panelState(of: page, bytes: bytes)
    }

    /// Data another instance loaded for a page of a live pager here.
    func accept(_ name: String, _ body: [UInt8]) {
        guard let (entry, page) = livePage(name) else { return }
        content.accept(page, of: entry.pager, body: body)
    }

    /// The live pager and the page that `name` (`pager/page`) names.
    private func livePage(_ name: String) -> (Live, PageConfiguration)? {
        guard let slash = name.firstIndex(of: "/"), let entry = live[String(name[..<slash])] else {
            return nil
        }
        let pageKey = String(name[name.index(after: slash)...])
        return entry.pager.pages.first { $0.key == pageKey }.map { (entry, $0) }
    }

    /// A run's epoch: the start time in milliseconds and 32 random bits,
    /// base 36, so two instances started in the same millisecond differ
    /// (a tab moving between them must not take one's ids for the other's).
    static func newEpoch() -> String {
        String(UInt64(Date().timeIntervalSince1970 * 1000), radix: 36)
            + String(UInt32.random(in: .min ... .max), radix: 36)
    }
}

extension PageConfiguration {
    /// Whether Folio's own `tiles.html` draws the page, so its panel is a
    /// grid of tiles of a known shape (a page's own template places tiles
    /// as it likes).
    var drawsTileGrid: Bool { isTiled && template == "tiles.html" }
}

extension PagerConfiguration {
    /// Whether a page of the pager refreshes itself or shows a badge.
    var isLive: Bool { pages.contains { $0.liveSeconds != nil || $0.badge != nil } }
}
