import FolioSync
import Synchronization

/// How other threads talk to an event loop: new sockets, workers' answers,
/// streams' chunks and the stop request go into a locked inbox, and the
/// eventfd wakes the loop to read it.
final class LoopMailbox: Sendable {
    struct Inbox {
        var sockets: [Int32] = []
        /// Answers from worker threads, in the order they finished.
        var answers: [OffloadedResponse] = []
        /// Chunks, ends and end handlers of streams, in the order they were given.
        var streamEvents: [StreamEvent] = []
        /// Monotonic nanoseconds by which the loop must have closed everything.
        var stopDeadline: UInt64?
        /// Cleared when the loop has stopped and closed the eventfd: nothing
        /// is delivered or signalled after that (the number may be reused).
        var isOpen = true
    }

    /// Registered in the loop's epoll; signalled after each delivery.
    let wakeup: EventFD
    private let inbox = LockedValue(Inbox())
    private let stopping = Atomic<Bool>(false)

    /// Whether a stop was requested; checked per response so one finishing
    /// during the request already says `Connection: close`.
    var isStopping: Bool { stopping.load(ordering: .relaxed) }

    init() throws(POSIXCallError) {
        wakeup = try EventFD()
    }

    /// Hands a newly accepted socket to the loop.
    func deliver(_ socket: Int32) {
        inbox.withLock { $0.sockets.append(socket) }
        wakeup.signal()
    }

    /// Hands a worker's answer to the loop; dropped when the loop has stopped
    /// (a job that outlived the shutdown's grace period).
    func deliver(_ answer: OffloadedResponse) {
        // Signalled under the lock, so `close()` cannot close the eventfd in
        // between; and only into an empty inbox: the loop drains the eventfd
        // before it takes the inbox, so a wake-up already due takes this one
        // too (a group commit's batch wakes each loop once, not per answer).
        inbox.withLock { inbox in
            guard inbox.isOpen else { return }
            let wakeupDue = inbox.hasDeliveries
            inbox.answers.append(answer)
            if !wakeupDue { wakeup.signal() }
        }
    }

    /// Hands a stream's event to the loop, waking it only when the inbox was
    /// empty: a broadcast to many streams wakes each loop once, not per chunk.
    ///
    /// - Returns: false when the loop has stopped (the event is dropped).
    func deliver(_ event: StreamEvent) -> Bool {
        inbox.withLock { inbox in
            guard inbox.isOpen else { return false }
            let wakeupDue = inbox.hasDeliveries
            inbox.streamEvents.append(event)
            if !wakeupDue { wakeup.signal() }
            return true
        }
    }

    /// Asks the loop to finish in-flight requests and stop by `deadline`.
    func requestStop(deadline: UInt64) {
        stopping.store(true, ordering: .relaxed)
        inbox.withLock { inbox in
            guard inbox.isOpen else { return }
            inbox.stopDeadline = inbox.stopDeadline.map { min($0, deadline) } ?? deadline
            wakeup.signal()
        }
    }

    /// Takes the sockets and answers delivered so far and the stop request, if any.
    func take() -> Inbox {
        inbox.withLock { inbox in
            let taken = inbox
            inbox.sockets.removeAll()
            inbox.answers.removeAll()
            inbox.streamEvents.removeAll()
            return taken
        }
    }

    /// Called by the loop as it stops: closes the eventfd and returns what
    /// is left; later deliveries of answers are dropped.
    func close() -> Inbox {
        inbox.withLock { inbox in
            let taken = inbox
            inbox = Inbox(isOpen: false)
            wakeup.close()
            return taken
        }
    }
}

extension LoopMailbox.Inbox {
    /// Whether something waits for the loop, so a wake-up is already due.
    var hasDeliveries: Bool { !answers.isEmpty || !sockets.isEmpty || !streamEvents.isEmpty }
}

/// Open connections across all loops, checked by the accept thread against the cap.
final class ConnectionCounter: Sendable {
    private let open = Atomic<Int>(0)

    /// Connections currently open.
    var count: Int { open.load(ordering: .relaxed) }

    func increment() { open.add(1, ordering: .relaxed) }
    func decrement() { open.subtract(1, ordering: .relaxed) }
}
