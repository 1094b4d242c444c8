import Dispatch
import FolioSync
import FolioTemplate
import Foundation

/// A page's loaded data: the template globals, or why there are none.
struct PageData: Sendable {
    var globals: [String: TemplateValue]
    var error: String?
    /// When it must be loaded again; `nil`: never (inline data, files).
    var expires: Double?
}

/// Loads each page's data once per source at a time and keeps it.
///
/// The rule for URL and provider data (a load that may take up to its
/// timeout):
/// - **Single flight.** One load per page at a time: the first view that
///   needs it (or the `load` effect) starts it off the request's thread
///   (a feed thread or `URLSession` for a URL, `ProviderExecutor` for a
///   provider); every view that needs it meanwhile shares that load's
///   result, and so does the view that follows a `load` effect within 1 s,
///   even when `cacheSeconds` is 0: a first view loads once.
/// - **Bounded wait.** A view waits for the load in flight until
///   `viewWaitSeconds` after the load *started*; then it is answered with
///   what is at hand: the previous data while a refresh runs
///   (stale-while-revalidate), or `.loading` on a first load. So a feed
///   that hangs holds a worker thread for at most that long, not its timeout.
/// - **Refresh and errors** as before: data is kept `cacheSeconds`; a failed
///   load shows the error panel and is tried again after at most
///   `failureRetrySeconds`.
///
/// Inline and file data load on the caller's thread, once.
final class PageDataLoader: Sendable {
    /// What a view gets.
    enum Lookup: Sendable {
        /// Data loaded within its cache period, or the result of the load the view waited for.
        case current(PageData)
        /// The previous data; a refresh is in flight.
        case stale(PageData)
        /// A first load is in flight and did not finish within the wait.
        case loading
    }

    /// One load in flight: waiters wait on `done` until `waitDeadline`.
    private final class Flight: Sendable {
        let done = DispatchGroup()
        /// Monotonic nanoseconds after which nobody waits for it.
        let waitDeadline: UInt64
        let result = LockedValue<PageData?>(nil)

        init(waitSeconds: Double) {
            // Past 10^6 s (`.infinity` included): wait for the load itself, whatever it takes.
            waitDeadline =
                waitSeconds >= 1e6
                ? UInt64.max : DispatchTime.now().uptimeNanoseconds + UInt64(max(0, waitSeconds) * 1e9)
            done.enter()
        }
    }

    private struct Slot {
        var data: PageData?
        var flight: Flight?
        /// Whether a view waits for `flight`: false while only the `load`
        /// effect started it, whose result is then kept `unclaimed`. Set
        /// under the same lock `complete` reads it under.
        var flightHasWaiter = false
        /// The result of a load the `load` effect started and no view
        /// waited for: the next view within `claimSeconds` takes it, even if
        /// `cacheSeconds` (0, say) has passed, so the first view loads once,
        /// not twice. `until` is in monotonic nanoseconds.
        var unclaimed: (data: PageData, until: UInt64)?
    }

    /// How long the result of a load the `load` effect started waits for its view.
    static let claimSeconds = 1.0
    /// Failed loads are retried after at most this many seconds.
    static let failureRetrySeconds = 5.0

    private let clock: any WallClock
    private let limits: PageDataLimits
    private let slots = LockedValue<[String: Slot]>([:])
    /// Called with a page's name after new data for it is stored, before waiters wake.
    private let loaded: @Sendable (String) -> Void

    init(clock: any WallClock, limits: PageDataLimits, loaded: @escaping @Sendable (String) -> Void) {
        self.clock = clock
        self.limits = limits
        self.loaded = loaded
    }

    /// The data of the page `name`, loading it first if needed: starts the
    /// load unless one is in flight, and with `waiting` waits for it within
    /// the bounded wait. Without `waiting` (the `load` effect) only starts it.
    func data(_ name: String, source: PageSource, waiting: Bool = true) -> Lookup {
        let now = clock.now
        guard source.isExternal, !source.isFile else {
            if let data = slots.withLock({ $0[name]?.data }) { return .current(data) }
            let data = Self.loadAtHand(source)
            slots.withLock { $0[name, default: Slot()].data = data }
            loaded(name)
            return .current(data)
        }
        let (stale, flight, isNew) = slots.withLock { slots -> (PageData?, Flight?, Bool) in
            let slot = slots[name] ?? Slot()
            if waiting, let unclaimed = slot.unclaimed {
                slots[name]?.unclaimed = nil
                if DispatchTime.now().uptimeNanoseconds < unclaimed.until {
                    return (unclaimed.data, nil, false)
                }
            }
            if let data = slot.data, data.expires.map({ $0 > now }) ?? true { return (data, nil, false) }
            if let flight = slot.flight {
                if waiting { slots[name]?.flightHasWaiter = true }
                return (slot.data, flight, false)
            }
            let flight = Flight(waitSeconds: limits.viewWaitSeconds)
            slots[name, default: Slot()].flight = flight
            slots[name]?.flightHasWaiter = waiting
            return (slot.data, flight, true)
        }
        guard let flight else { return .current(stale ?? PageData(globals: [:])) }
        if isNew { start(flight, name: name, source: source) }
        if waiting,
            flight.done.wait(timeout: DispatchTime(uptimeNanoseconds: flight.waitDeadline)) == .success,
            let result = flight.result.withLock({ $0 })
        {
            return .current(result)
        }
        return stale.map { .stale($0) } ?? .loading
    }

    /// Whether a view of the page `name` would wait now: its data is
    /// missing or expired and no load is in flight, or one is and its
    /// wait has not run out. One lock; `FolioApp.disposition(for:)` asks this on the event loop.
    func wouldWait(_ names: [String], now: Double) -> Bool {
        let instant = DispatchTime.now().uptimeNanoseconds
        return slots.withLock { slots in
            names.contains { name in
                guard let slot = slots[name] else { return true }
                if let unclaimed = slot.unclaimed, instant < unclaimed.until { return false }
                if let flight = slot.flight { return instant < flight.waitDeadline }
                guard let data = slot.data else { return true }
                return data.expires.map { $0 <= now } ?? false
            }
        }
    }

    private func start(_ flight: Flight, name: String, source: PageSource) {
        let finish: @Sendable (PageData) -> Void = { [self] data in complete(flight, name: name, with: data) }
        switch source {
        case .url(let url, let cacheSeconds, let timeoutSeconds):
            URLFetcher.start(url, timeout: timeoutSeconds, limits: limits) { [clock] result in
                let now = clock.now
                switch result {
                case .success(let body):
                    finish(Self.decode(body, expires: now + cacheSeconds, origin: url.absoluteString))
                case .failure(let failure):
                    finish(
                        PageData(
                            globals: [:],
                            error:
                                "This page's data could not be fetched from \(url.absoluteString): \(failure).",
                            expires: now + min(cacheSeconds, Self.failureRetrySeconds)))
                }
            }
        case .provider(let provider):
            ProviderCall.start(provider) { [clock] result in
                let now = clock.now
                switch result {
                case .success(let value):
                    finish(
                        Self.globals(of: value, expires: now + provider.cacheSeconds, origin: "the provider"))
                case .failure(let failure):
                    finish(
                        PageData(
                            globals: [:], error: "This page's data provider failed: \(failure).",
                            expires: now + min(provider.cacheSeconds, Self.failureRetrySeconds)))
                }
            }
        case .none, .inline, .file:
            finish(Self.loadAtHand(source))
        }
    }

    /// Stores a load's result, tells the content store, then wakes the waiters.
    private func complete(_ flight: Flight, name: String, with data: PageData) {
        flight.result.withLock { $0 = data }
        slots.withLock { slots in
            slots[name, default: Slot()].data = data
            guard slots[name]?.flight === flight else { return }
            slots[name]?.flight = nil
            if slots[name]?.flightHasWaiter == false {
                let until = DispatchTime.now().uptimeNanoseconds + UInt64(Self.claimSeconds * 1e9)
                slots[name]?.unclaimed = (data, until)
            }
        }
        loaded(name)
        flight.done.leave()
    }

    /// None, inline and file data: read here and now.
    private static func loadAtHand(_ source: PageSource) -> PageData {
        switch source {
        case .inline(let json):
            return decode(Data(json.utf8), expires: nil, origin: "inline data")
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else {
                return PageData(globals: [:], error: "The data file \(path) cannot be read.")
            }
            return decode(data, expires: nil, origin: path)
        case .none, .url, .provider:
            return PageData(globals: [:])
        }
    }

    private static func decode(_ data: Data, expires: Double?, origin: String) -> PageData {
        do {
            return globals(of: try TemplateValue(json: data), expires: expires, origin: origin)
        } catch {
            return PageData(
                globals: [:], error: "The data from \(origin) is not valid JSON: \(error).", expires: expires)
        }
    }

    private static func globals(of value: TemplateValue, expires: Double?, origin: String) -> PageData {
        guard case .object(let object) = value else {
            let kind = origin == "the provider" ? "an object" : "a JSON object"
            return PageData(globals: [:], error: "The data from \(origin) is not \(kind).", expires: expires)
        }
        var globals: [String: TemplateValue] = [:]
        for (key, value) in zip(object.keys, object.values) { globals[key] = value }
        return PageData(globals: globals, expires: expires)
    }
}

extension PageSource {
    /// Whether the data is a file (loaded on the caller's thread, once).
    var isFile: Bool {
        if case .file = self { return true }
        return false
    }
}
