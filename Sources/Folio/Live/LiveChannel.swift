import FolioSync

/// The event stream of one live pager as one group of people sees it (the
/// pager, or a variant cut down to the pages they may see): every open
/// tab's sink, and the last events, so a tab that reconnects gets what it
/// missed.
///
/// Event ids are `EPOCH-N`: `N` counts the changes of the pages this
/// channel shows (so a hidden page's changes never move its ids), `EPOCH`
/// names this channel in this run of the server, so an id from before a
/// restart, or of another variant, is never taken for one of this. A tab whose id is of another run, or older than the
/// events kept, gets a snapshot instead (``canReplay(after:)``).
///
/// Events are sent under the channel's lock, so each tab gets them in
/// order, a replay before anything newer (a send only queues bytes).
final class LiveChannel: Sendable {
    /// How many events are kept for tabs that reconnect.
    static let keptEvents = 64

    private struct Subscriber: Sendable {
        let sink: any LiveSink
        let pages: Set<String>

        /// What of `event` this tab is sent, if anything.
        func bytes(of event: LiveEvent) -> [UInt8]? { event.bytes(for: pages) }
    }

    private struct State: Sendable {
        var sequence = 0
        var events: [LiveEvent] = []
        var subscribers: [Int: Subscriber] = [:]
        var nextSubscriber = 0
        /// The last event of a channel whose generation was replaced.
        var retired: [UInt8]?
        /// Per page of tiles, its panel as its last event left it, and that event's number.
        var tiledPanels: [String: (sequence: Int, panel: TiledPanel)] = [:]
    }

    let pager: String
    /// The keys of the pages this channel's viewers may see: only their
    /// changes are published here.
    let shownPages: Set<String>
    let epoch: String
    private let state = LockedValue(State())
    /// Told (outside the lock) whenever the number of open tabs may have
    /// changed; it reads ``viewers`` then, so calls that cross see the last count.
    private let viewersChanged: @Sendable (LiveChannel) -> Void

    init(
        pager: String, shownPages: Set<String>, epoch: String,
        viewersChanged: @escaping @Sendable (LiveChannel) -> Void = { _ in }
    ) {
        self.pager = pager
        self.shownPages = shownPages
        self.epoch = epoch
        self.viewersChanged = viewersChanged
    }

    /// The id of the newest event, `EPOCH-0` before the first.
    var lastEventID: String { "\(epoch)-\(state.withLock { $0.sequence })" }

    /// How many tabs hold a stream now.
    var viewers: Int { state.withLock { $0.subscribers.count } }

    /// The sequence number in `id`, when it is of this run.
    func sequence(of id: String?) -> Int? {
        guard let id, id.hasPrefix(epoch + "-"), let number = Int(id.dropFirst(epoch.count + 1)), number >= 0
        else { return nil }
        return number
    }

    /// Whether a tab that saw events up to `id` can be given what it missed
    /// from the events kept (else it needs a snapshot).
    func canReplay(after id: String?) -> Bool {
        guard let seen = sequence(of: id) else { return false }
        return state.withLock { state in
            seen <= state.sequence && seen >= (state.events.first?.sequence ?? state.sequence + 1) - 1
        }
    }

    /// Adds a tab that has loaded `pages` and saw events up to sequence
    /// `seen`: sends it `first` (a snapshot, if any), then every kept event
    /// after `seen`, then each new one.
    /// - Returns: The number to unsubscribe it with.
    func subscribe(_ sink: any LiveSink, pages: Set<String>, seen: Int, first: [UInt8]? = nil) -> Int {
        let subscriber = Subscriber(sink: sink, pages: pages)
        let number = state.withLock { state -> Int in
            if let retired = state.retired {
                // Opened just as a reload replaced this channel: straight on to the new one.
                sink.send(retired)
                sink.finish()
            }
            if let first { sink.send(first) }
            for event in state.events where event.sequence > seen {
                if let bytes = subscriber.bytes(of: event) { sink.send(bytes) }
            }
            let number = state.nextSubscriber
            state.nextSubscriber += 1
            state.subscribers[number] = subscriber
            return number
        }
        viewersChanged(self)
        return number
    }

    /// Removes a tab (its stream ended).
    func unsubscribe(_ number: Int) {
        let removed = state.withLock { $0.subscribers.removeValue(forKey: number) != nil }
        if removed { viewersChanged(self) }
    }

    /// Sends `event` to every open tab and ends their streams, and to any
    /// tab that subscribes later: a reload replaced this channel.
    func retire(with event: [UInt8]) {
        let ended = state.withLock { state -> [any LiveSink] in
            state.retired = event
            return state.subscribers.values.map(\.sink)
        }
        for sink in ended {
            sink.send(event)
            sink.finish()
        }
    }

    /// The sequence number of the next event.
    var nextSequence: Int { state.withLock { $0.sequence + 1 } }

    /// The id of the event that left `page`'s panel as `bytes`, when it is
    /// the page's last event and `bytes` are its panel byte for byte: a tab
    /// that shows `bytes` may apply the changed tiles of the page's next event.
    func panelState(of page: String, bytes: [UInt8]) -> String? {
        state.withLock { state in
            guard let last = state.tiledPanels[page], last.panel.bytes == bytes else { return nil }
            return "\(epoch)-\(last.sequence)"
        }
    }

    /// Records a change of `page` and sends it to every open tab: the panel
    /// to those that loaded the page (for a page of tiles cut as `tiled`,
    /// only the tiles changed since its last event), the badge alone to the others.
    /// - Returns: How many tabs it was sent to.
    @discardableResult
    func publish(page: String, html: String, tiled: TiledPanel? = nil, badge: Int?, hasBadge: Bool) -> Int {
        state.withLock { state in
            state.sequence += 1
            let event = LiveEvent(
                sequence: state.sequence, epoch: epoch, page: page, html: html, tiled: tiled,
                previous: state.tiledPanels[page], badge: badge, hasBadge: hasBadge)
            state.tiledPanels[page] = tiled.map { (state.sequence, $0) }
            state.events.append(event)
            if state.events.count > Self.keptEvents {
                state.events.removeFirst(state.events.count - Self.keptEvents)
            }
            var sent = 0
            for subscriber in state.subscribers.values {
                guard let bytes = subscriber.bytes(of: event) else { continue }
                if subscriber.sink.send(bytes) { sent += 1 }
            }
            return sent
        }
    }
}
