import Dispatch
import FolioSync

/// Loads a live pager's pages again on their `refreshSeconds` while some
/// tab that may see them holds its event stream, and not at all while none
/// does: a page hidden from everyone watching is never refreshed for them.
///
/// When the first tab that may see a page opens, the page (a live page, or
/// one with a badge: a badge is shown even on tabs nobody opened) is
/// refreshed at once, then each live page every `refreshSeconds`. A refresh that fails is retried
/// after twice the previous wait, up to `maximumBackoffSeconds` (or the
/// page's own interval, when longer); a success goes back to the interval.
/// One serial queue per pager runs the refreshes; a stop ends the round
/// of timers, which then lapse.
final class LiveRefresher: Sendable {
    /// The longest wait between retries of a failing page.
    static let maximumBackoffSeconds = 300.0

    private struct Change {
        var started: [(page: PageConfiguration, round: Int)] = []
        var stoppedAll = false
    }

    private struct Schedule: Sendable {
        /// The pages some open tab may see.
        var watched: Set<String> = []
        /// Per page, bumped at each start and stop: a timer of an earlier round does nothing.
        var rounds: [String: Int] = [:]
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
        pages = pager.pages.filter { $0.liveSeconds != nil || $0.badge != nil }
        self.refresh = refresh
        self.stopped = stopped
        queue = DispatchQueue(label: "Folio live refresh \(pager.key)")
    }

    /// Starts or stops each page's timer for the pages open tabs may see,
    /// as `watched` gives them (the keys of every page some tab's person
    /// may see), read under the schedule's lock so calls that cross (a tab
    /// opening as another closes) end on the last set.
    func viewersChanged(_ watched: () -> Set<String>) {
        let change = schedule.withLock { schedule -> Change in
            let now = watched()
            var change = Change()
            for page in pages where now.contains(page.key) != schedule.watched.contains(page.key) {
                let round = (schedule.rounds[page.key] ?? 0) + 1
                schedule.rounds[page.key] = round
                if now.contains(page.key) { change.started.append((page, round)) }
            }
            change.stoppedAll = !schedule.watched.isEmpty && now.isEmpty
            schedule.watched = now
            return change
        }
        if change.stoppedAll {
            queue.async { [self] in if !isRunning { stopped() } }
        }
        for (page, round) in change.started {
            queue.async { [self] in
                guard isCurrent(page, round) else { return }
                refresh(page)
                if let seconds = page.liveSeconds { arm(page, after: seconds, round: round) }
            }
        }
    }

    /// Whether any timer runs (some open tab may see a page of the pager).
    var isRunning: Bool { schedule.withLock { !$0.watched.isEmpty } }

    /// Whether `page` is still watched in the round its timer was armed for.
    private func isCurrent(_ page: PageConfiguration, _ round: Int) -> Bool {
        schedule.withLock { $0.watched.contains(page.key) && $0.rounds[page.key] == round }
    }

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
        let interval = page.liveSeconds ?? 0
        let failures = schedule.withLock { $0.failures[page.key] ?? 0 }
        let backoff = interval * Double(1 << min(failures, 16))
        return min(backoff, max(Self.maximumBackoffSeconds, interval))
    }

    private func arm(_ page: PageConfiguration, after seconds: Double, round: Int) {
        queue.asyncAfter(deadline: .now() + seconds) { [self] in
            guard isCurrent(page, round) else { return }
            refresh(page)
            arm(page, after: nextWait(for: page), round: round)
        }
    }
}
