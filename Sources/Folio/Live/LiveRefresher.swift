import Dispatch
import FolioSync

/// Loads a live pager's pages again on their `refreshSeconds` while some
/// tab holds its event stream, and not at all while none does.
///
/// When the first tab opens, every live page and every page with a badge
/// is refreshed at once (a badge is shown even on tabs nobody opened), then
/// each live page every `refreshSeconds`. A refresh that fails is retried
/// after twice the previous wait, up to `maximumBackoffSeconds` (or the
/// page's own interval, when longer); a success goes back to the interval.
/// One serial queue per pager runs the refreshes; a stop ends the round
/// of timers, which then lapse.
final class LiveRefresher: Sendable {
    /// The longest wait between retries of a failing page.
    static let maximumBackoffSeconds = 300.0

    private enum Change {
        case none, stopped
        case started(round: Int)
    }

    private struct Schedule: Sendable {
        var running = false
        /// Bumped at each start and stop: a timer of an earlier round does nothing.
        var round = 0
        var failures: [String: Int] = [:]
    }

    private let pages: [PageConfiguration]
    private let refresh: @Sendable (PageConfiguration) -> Void
    private let stopped: @Sendable () -> Void
    private let queue: DispatchQueue
    private let schedule = LockedValue(Schedule())

    /// - Parameters:
    ///   - pager: The pager whose live (`refreshSeconds`) and badge pages are refreshed.
    ///   - refresh: Starts loading a page again without waiting for it.
    ///   - stopped: Told, on the refresh queue, when the last tab closed.
    init(
        pager: PagerConfiguration, refresh: @escaping @Sendable (PageConfiguration) -> Void,
        stopped: @escaping @Sendable () -> Void = {}
    ) {
        pages = pager.pages.filter { $0.refreshSeconds != nil || $0.badge != nil }
        self.refresh = refresh
        self.stopped = stopped
        queue = DispatchQueue(label: "Folio live refresh \(pager.key)")
    }

    /// Starts or stops the timers for the number of open tabs `viewers`
    /// gives, read under the schedule's lock so calls that cross (a tab
    /// opening as another closes) end on the last count.
    func viewersChanged(_ viewers: () -> Int) {
        let change = schedule.withLock { schedule -> Change in
            let running = viewers() > 0
            guard running != schedule.running else { return .none }
            schedule.running = running
            schedule.round += 1
            return running ? .started(round: schedule.round) : .stopped
        }
        switch change {
        case .none:
            return
        case .stopped:
            queue.async { [self] in if !isRunning { stopped() } }
        case .started(let round):
            for page in pages {
                queue.async { [self] in
                    refresh(page)
                    if let seconds = page.refreshSeconds { arm(page, after: seconds, round: round) }
                }
            }
        }
    }

    /// Whether the timers run (some tab is open).
    var isRunning: Bool { schedule.withLock { $0.running } }

    /// Notes how a page's last load went, so the next refresh waits the
    /// interval again, or twice as long as the last wait.
    func loaded(_ page: String, failed: Bool) {
        schedule.withLock { schedule in
            schedule.failures[page] = failed ? (schedule.failures[page] ?? 0) + 1 : 0
        }
    }

    /// The wait before the next refresh of `page`: its interval, doubled per
    /// failure in a row, at most the longer of the cap and the interval.
    func nextWait(for page: PageConfiguration) -> Double {
        let interval = page.refreshSeconds ?? 0
        let failures = schedule.withLock { $0.failures[page.key] ?? 0 }
        let backoff = interval * Double(1 << min(failures, 16))
        return min(backoff, max(Self.maximumBackoffSeconds, interval))
    }

    private func arm(_ page: PageConfiguration, after seconds: Double, round: Int) {
        queue.asyncAfter(deadline: .now() + seconds) { [self] in
            guard schedule.withLock({ $0.running && $0.round == round }) else { return }
            refresh(page)
            arm(page, after: nextWait(for: page), round: round)
        }
    }
}
