import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// The accept thread: waits on the listening socket and a stop eventfd, and
/// deals new sockets round-robin to the event loops.
struct Acceptor: Sendable {
    let listener: Int32
    let stop: EventFD
    let mailboxes: [LoopMailbox]
    let counter: ConnectionCounter
    let maxConnections: Int

    /// Sent to a client past `maxConnections`, before closing it.
    private static let busyResponse = Array(
        ("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\nContent-Length: 12\r\n"
            + "Connection: close\r\nRetry-After: 1\r\n\r\nserver busy\n").utf8)

    /// Accepts until `stop` is signalled, then accepts what is already queued
    /// and closes the listener. Connections the kernel completed but nobody
    /// accepted would be reset by the close, their requests unanswered: the
    /// last pass hands them to the loops, which answer requests already sent.
    func run() {
        defer {
            Socket.close(listener)
            stop.close()
        }
        var pollers = [
            pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stop.fd, events: Int16(POLLIN), revents: 0),
        ]
        var next = 0
        while true {
            let ready = poll(&pollers, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            // Also on a stop: the pass runs until the backlog is empty, so it is the last one.
            acceptAll(next: &next)
            if pollers[1].revents != 0 { return }
        }
    }

    private func acceptAll(next: inout Int) {
        while true {
            let result: IOResult<Int32>
            do {
                result = try Socket.accept(listener)
            } catch {
                switch error.errno {
                case ECONNABORTED, EPROTO: continue
                default:
                    // EMFILE and friends: back off briefly instead of spinning on a ready listener.
                    usleep(10_000)
                    return
                }
            }
            guard case .processed(let fd) = result else { return }
            if counter.count >= maxConnections {
                Self.busyResponse.withUnsafeBytes {
                    _ = send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                Socket.close(fd)
                continue
            }
            counter.increment()
            mailboxes[next].deliver(fd)
            next = (next + 1) % mailboxes.count
        }
    }
}
