import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Made readable by the SIGTERM/SIGINT handler (`write(2)` is async-signal-safe)
/// and waited on by the signal thread. A `let`, created before the handler is installed.
private let signalEvent: EventFD? = try? EventFD()

extension HTTPServer {
    /// Makes `SIGTERM` and `SIGINT` shut the server down gracefully, so
    /// `waitUntilStopped()` returns and the process can exit 0.
    ///
    /// The handler is installed with `sigaction` before this returns (a
    /// `DispatchSource` would register it asynchronously and lose an early
    /// signal); a small thread then calls `shutdown(gracePeriod:)`. Meant for one
    /// server per process: a second call replaces nothing and adds a second waiter.
    public func stopOnSignals(gracePeriod: Duration = .seconds(5)) {
        guard let event = signalEvent else { return }
        for number in [SIGTERM, SIGINT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in signalEvent?.signal() }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        let thread = Thread { [self] in
            var waiter = pollfd(fd: event.fd, events: Int16(POLLIN), revents: 0)
            while poll(&waiter, 1, -1) < 0 && errno == EINTR {}
            event.drain()
            shutdown(gracePeriod: gracePeriod)
        }
        thread.name = "FolioHTTP signals"
        thread.stackSize = 1 << 18
        thread.start()
    }
}
