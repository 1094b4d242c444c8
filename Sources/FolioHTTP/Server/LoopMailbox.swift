import FolioSync
import Synchronization

/// How other threads talk to an event loop: new sockets and the stop request
/// go into a locked inbox, and the eventfd wakes the loop to read it.
final class LoopMailbox: Sendable {
    struct Inbox {
        var sockets: [Int32] = []
        /// Monotonic nanoseconds by which the loop must have closed everything.
        var stopDeadline: UInt64?
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

    /// Asks the loop to finish in-flight requests and stop by `deadline`.
    func requestStop(deadline: UInt64) {
        stopping.store(true, ordering: .relaxed)
        inbox.withLock { $0.stopDeadline = $0.stopDeadline.map { min($0, deadline) } ?? deadline }
        wakeup.signal()
    }

    /// Takes the sockets delivered so far and the stop request, if any.
    func take() -> Inbox {
        inbox.withLock { inbox in
            let taken = inbox
            inbox.sockets.removeAll()
            return taken
        }
    }
}

/// Open connections across all loops, checked by the accept thread against the cap.
final class ConnectionCounter: Sendable {
    private let open = Atomic<Int>(0)

    /// Connections currently open.
    var count: Int { open.load(ordering: .relaxed) }

    func increment() { open.add(1, ordering: .relaxed) }
    func decrement() { open.subtract(1, ordering: .relaxed) }
}
