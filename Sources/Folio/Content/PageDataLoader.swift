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
    /// When the data shown was loaded (wall-clock seconds), for the
    /// "updated HH:MM" note of a refresh that failed.
    var updatedAt: Double?
    /// Why the last refresh failed, when this is the previous good data,
    /// kept (with a note) while the load is retried; nil otherwise.
    var refreshFailure: String?
    /// Whether another instance loaded it (and shared it here): not shared again.
    var fromPeer = false

    /// Whether it may still be shown as loaded at `now` (it has not expired).
    func isCurrent(at now: Double) -> Bool { expires.map { $0 > now } ?? true }

    /// The data as one JSON object, as another instance takes it.
    var json: [UInt8] {
        Array(TemplateValue.object(TemplateObject(globals.sorted { $0.key < $1.key })).jsonText.utf8)
    }
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
        /// What the feed said identifies the data kept, for a conditional refresh.
        var validators = FeedValidators.none
        /// A data file's size and modification time when it was read.
        var fileStamp: FileStamp?
    }

    /// How long the result of a load the `load` effect started waits for its view.
    static let claimSeconds = 1.0
    /// Failed loads are retried after at most this many seconds.
    static let failureRetrySeconds = 5.0

    private let clock: any WallClock
    private let limits: PageDataLimits
    /// Read on every view (`wouldWait`, the `load` effect's check), changed
    /// by loads: readers do not queue on each other.
    private let slots = ReadWriteLockedValue<[String: Slot]>([:])
    /// Called with a page's name and its new data after they are stored,
    /// before waiters wake; not for a refresh that found nothing new.
    private let loaded: @Sendable (String, PageData) -> Void

    init(
        clock: any WallClock, limits: PageDataLimits, loaded: @escaping @Sendable (String, PageData) -> Void
    ) {
        self.clock = clock
        self.limits = limits
        self.loaded = loaded
    }

    /// The data of the page `name`, loading it first if needed: starts the
    /// load unless one is in flight, and with `waiting` waits for it within
    /// the bounded wait. Without `waiting` (the `load` effect) only starts it.
    /// - Parameter recheckAfter: For a data file, how long its data is
    ///   taken as current before the file is looked at again (a live page's
    ///   `refreshSeconds`, so a view without JavaScript gets the newest);
    ///   nil: read once.
    func data(_ name: String, source: PageSource, waiting: Bool = true, recheckAfter: Double? = nil) -> Lookup
    {
        let now = clock.now
        guard source.isExternal, !source.isFile else {
            if let data = keptData(name) {
                if data.isCurrent(at: now) { return .current(data) }
                refresh(name, source: source, recheckAfter: recheckAfter)
                return .current(keptData(name) ?? data)
            }
            let stamp = source.filePath.flatMap(FileStamp.init(path:))
            var data = Self.loadAtHand(source, now: now)
            if source.isFile { data.expires = recheckAfter.map { now + $0 } }
            slots.withWriteLock {
                $0[name, default: Slot()].data = data
                $0[name]?.fileStamp = stamp
            }
            loaded(name, data)
            return .current(data)
        }
        let (stale, flight, isNew) = slots.withWriteLock { slots -> (PageData?, Flight?, Bool) in
            let slot = slots[name] ?? Slot()
            if waiting, let unclaimed = slot.unclaimed {
                slots[name]?.unclaimed = nil
                if DispatchTime.now().uptimeNanoseconds < unclaimed.until {
                    return (unclaimed.data, nil, false)
                }
            }
            if let data = slot.data, data.isCurrent(at: now) { return (data, nil, false) }
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

    /// Starts loading the page `name` unless the data kept is current (the
    /// `load` effect): the kept data is looked at under the read lock, not
    /// copied out as `data(_:source:waiting:recheckAfter:)` returns it.
    func loadIfNeeded(_ name: String, source: PageSource, recheckAfter: Double?, now: Double) {
        let current = slots.withReadLock { slots in
            guard let index = slots.index(forKey: name) else { return false }
            return Self.holdsCurrentData(slots.values[index], now: now)
        }
        if !current { _ = data(name, source: source, waiting: false, recheckAfter: recheckAfter) }
    }

    /// Whether a view of the page `name` would wait now: its data is
    /// missing or expired and no load is in flight, or one is and its
    /// wait has not run out. One lock; `FolioApp.disposition(for:)` asks this on the event loop.
    func wouldWait(_ names: [String], now: Double) -> Bool {
        // Read before the lock: a call the compiler cannot see into, made
        // while a slot is read in place, makes it copy the slot.
        let instant = DispatchTime.now().uptimeNanoseconds
        return slots.withReadLock { slots in
            names.contains { name in
                // Read in place (`values[index]`): `slots[name]` copies the
                // whole slot, a retain and a release of each of its references.
                guard let index = slots.index(forKey: name) else { return true }
                return Self.wouldWait(slots.values[index], instant: instant, now: now)
            }
        }
    }

    /// The data kept for `name`, read in place as in `wouldWait`.
    private func keptData(_ name: String) -> PageData? {
        slots.withReadLock { slots in slots.index(forKey: name).flatMap { slots.values[$0].data } }
    }

    private static func holdsCurrentData(_ slot: borrowing Slot, now: Double) -> Bool {
        slot.data?.isCurrent(at: now) ?? false
    }

    private static func wouldWait(_ slot: borrowing Slot, instant: UInt64, now: Double) -> Bool {
        if let until = slot.unclaimed?.until, instant < until { return false }
        if let deadline = slot.flight?.waitDeadline { return instant < deadline }
        guard let expires = slot.data.map({ $0.expires }) else { return true }
        return expires.map { $0 <= now } ?? false
    }

    /// Loads the page `name` again now, without waiting (a live page's
    /// refresh): a URL conditionally, with the validators of the data kept,
    /// unless a load is in flight; a data file only when its size or
    /// modification time changed, its data then taken as current for
    /// `recheckAfter` seconds. New data reaches `loaded` as any load's.
    func refresh(_ name: String, source: PageSource, recheckAfter: Double? = nil) {
        if let path = source.filePath {
            let now = clock.now
            let stamp = FileStamp(path: path)
            let changed = slots.withWriteLock { slots in
                guard slots[name]?.fileStamp != stamp || slots[name]?.data == nil else {
                    slots[name]?.data?.expires = recheckAfter.map { now + $0 }
                    return false
                }
                slots[name, default: Slot()].fileStamp = stamp
                return true
            }
            guard changed else { return }
            var data = Self.loadAtHand(source, now: now)
            data.expires = recheckAfter.map { now + $0 }
            slots.withWriteLock { $0[name, default: Slot()].data = data }
            loaded(name, data)
            return
        }
        guard source.isExternal else { return }
        let flight = slots.withWriteLock { slots -> Flight? in
            guard slots[name]?.flight == nil else { return nil }
            let flight = Flight(waitSeconds: limits.viewWaitSeconds)
            slots[name, default: Slot()].flight = flight
            // Kept as data, not as an unclaimed result: nobody's first view waits for it.
            slots[name]?.flightHasWaiter = true
            return flight
        }
        if let flight { start(flight, name: name, source: source) }
    }

    /// Takes data another instance loaded for the page `name` (its live
    /// page's leader), as if loaded here: kept as long as a load of its own
    /// would be, and told to `loaded` unless it is what is kept already.
    func accept(_ name: String, body: [UInt8], source: PageSource, recheckAfter: Double?) {
        let now = clock.now
        let keptFor: Double? =
            switch source {
            case .url(_, let cacheSeconds, _): cacheSeconds
            default: recheckAfter
            }
        var data = Self.decode(
            Data(body), expires: keptFor.map { now + $0 }, origin: "another instance", now: now)
        data.fromPeer = true
        let unchanged = slots.withWriteLock { slots -> Bool in
            let previous = slots[name]?.data
            slots[name, default: Slot()].data = data
            return previous?.globals == data.globals && previous?.error == nil
                && previous?.refreshFailure == nil
        }
        if !unchanged { loaded(name, data) }
    }

    private func start(_ flight: Flight, name: String, source: PageSource) {
        let finish: @Sendable (PageData) -> Void = { [self] data in complete(flight, name: name, with: data) }
        switch source {
        case .url(let url, let cacheSeconds, let timeoutSeconds):
            let (validators, previous) = slots.withReadLock {
                ($0[name]?.validators ?? .none, $0[name]?.data)
            }
            URLFetcher.start(url, timeout: timeoutSeconds, limits: limits, validators: validators) {
                [clock, self] result in
                let now = clock.now
                switch result {
                case .success(.body(let body, let validators)):
                    slots.withWriteLock { $0[name, default: Slot()].validators = validators }
                    finish(
                        Self.decode(body, expires: now + cacheSeconds, origin: url.absoluteString, now: now))
                case .success(.notModified):
                    var kept = previous ?? PageData(globals: [:])
                    kept.expires = now + cacheSeconds
                    kept.updatedAt = now
                    kept.refreshFailure = nil
                    finish(kept)
                case .failure(let failure):
                    let retry = now + min(cacheSeconds, Self.failureRetrySeconds)
                    let why = "This page's data could not be fetched from \(url.absoluteString): \(failure)."
                    if var kept = previous, kept.error == nil {
                        // The last good data stays, with a note, while the load is retried.
                        kept.expires = retry
                        kept.refreshFailure = why
                        finish(kept)
                    } else {
                        finish(PageData(globals: [:], error: why, expires: retry))
                    }
                }
            }
        case .provider(let provider):
            ProviderCall.start(provider) { [clock] result in
                let now = clock.now
                switch result {
                case .success(let value):
                    finish(
                        Self.globals(
                            of: value, expires: now + provider.cacheSeconds, origin: "the provider", now: now)
                    )
                case .failure(let failure):
                    finish(
                        PageData(
                            globals: [:], error: "This page's data provider failed: \(failure).",
                            expires: now + min(provider.cacheSeconds, Self.failureRetrySeconds)))
                }
            }
        case .none, .inline, .file:
            finish(Self.loadAtHand(source, now: clock.now))
        }
    }

    /// Stores a load's result, tells the content store (unless a refresh
    /// found the same data), then wakes the waiters.
    private func complete(_ flight: Flight, name: String, with data: PageData) {
        flight.result.withLock { $0 = data }
        let unchanged = slots.withWriteLock { slots -> Bool in
            let previous = slots[name]?.data
            slots[name, default: Slot()].data = data
            defer { finishFlight(flight, name: name, in: &slots) }
            guard let previous else { return false }
            return previous.error == nil && data.error == nil
                && (previous.refreshFailure == nil) == (data.refreshFailure == nil)
                && previous.globals == data.globals
        }
        if !unchanged { loaded(name, data) }
        flight.done.leave()
    }

    /// Ends `flight` if it is still the page's, keeping its result for the
    /// next view when no view waited for it.
    private func finishFlight(_ flight: Flight, name: String, in slots: inout [String: Slot]) {
        guard slots[name]?.flight === flight, let data = slots[name]?.data else { return }
        slots[name]?.flight = nil
        if slots[name]?.flightHasWaiter == false {
            let until = DispatchTime.now().uptimeNanoseconds + UInt64(Self.claimSeconds * 1e9)
            slots[name]?.unclaimed = (data, until)
        }
    }

    /// None, inline and file data: read here and now.
    private static func loadAtHand(_ source: PageSource, now: Double) -> PageData {
        switch source {
        case .inline(let json):
            return decode(Data(json.utf8), expires: nil, origin: "inline data", now: now)
        case .file(let path):
            guard let data = FileManager.default.contents(atPath: path) else {
                return PageData(globals: [:], error: "The data file \(path) cannot be read.")
            }
            return decode(data, expires: nil, origin: path, now: now)
        case .none, .url, .provider:
            return PageData(globals: [:])
        }
    }

    private static func decode(_ data: Data, expires: Double?, origin: String, now: Double) -> PageData {
        do {
            return globals(of: try TemplateValue(json: data), expires: expires, origin: origin, now: now)
        } catch {
            return PageData(
                globals: [:], error: "The data from \(origin) is not valid JSON: \(error).", expires: expires)
        }
    }

    private static func globals(of value: TemplateValue, expires: Double?, origin: String, now: Double)
        -> PageData
    {
        guard case .object(let object) = value else {
            let kind = origin == "the provider" ? "an object" : "a JSON object"
            return PageData(globals: [:], error: "The data from \(origin) is not \(kind).", expires: expires)
        }
        var globals: [String: TemplateValue] = [:]
        for (key, value) in zip(object.keys, object.values) { globals[key] = value }
        return PageData(globals: globals, expires: expires, updatedAt: now)
    }
}

extension PageSource {
    /// Whether the data is a file (loaded on the caller's thread, once).
    var isFile: Bool { filePath != nil }

    /// The data file's path, for file data.
    var filePath: String? {
        if case .file(let path) = self { return path }
        return nil
    }
}
