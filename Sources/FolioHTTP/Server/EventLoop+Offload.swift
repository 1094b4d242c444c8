import FolioSync

extension EventLoop {
    /// Gives a request that may block to the worker threads. The connection
    /// reads and parses nothing more until the answer is back, so pipelined
    /// responses keep their order; the loop serves its other connections meanwhile.
    func handOff(
        _ connection: Connection, _ request: HTTPRequest, _ work: @escaping @Sendable () -> HTTPResponse
    ) {
        connection.machine.requestHandedOff()
        let started = monotonicNanoseconds()
        workers.submit(
            OffloadedRequest(
                ticket: OffloadTicket(
                    fd: connection.fd, serial: connection.serial, request: request, started: started),
                work: work, mailbox: mailbox))
    }

    /// Starts a request answered later from another thread: like a hand-off,
    /// the connection waits for the answer, which comes back through the
    /// mailbox. An answer given before `start` returns (nothing had to wait
    /// after all) skips the mailbox: it is returned, for the loop to send now.
    func startDeferred(
        _ connection: Connection, _ request: HTTPRequest, _ start: @Sendable (HTTPResponder) -> Void
    ) -> HTTPResponse? {
        connection.machine.requestHandedOff()
        let ticket = OffloadTicket(
            fd: connection.fd, serial: connection.serial, request: request, started: monotonicNanoseconds())
        let (mailbox, workers) = (self.mailbox, self.workers)
        let early = LockedValue(EarlyAnswer.starting)
        start(
            HTTPResponder(
                { response in
                    let isEarly = early.withLock { state -> Bool in
                        guard case .starting = state else { return false }
                        state = .answered(response)
                        return true
                    }
                    if !isEarly { mailbox.deliver(OffloadedResponse(ticket: ticket, response: response)) }
                },
                offload: { work in
                    workers.submit(OffloadedRequest(ticket: ticket, work: work, mailbox: mailbox))
                }))
        return early.withLock { state -> HTTPResponse? in
            defer { state = .started }
            guard case .answered(let response) = state else { return nil }
            return response
        }
    }

    /// Sends a worker's answer as `respond` would have, then parses what the
    /// client sent meanwhile. An answer whose connection is gone (closed,
    /// timed out, its descriptor now someone else's) is dropped.
    func deliver(_ answer: OffloadedResponse) {
        let ticket = answer.ticket
        let index = Int(ticket.fd)
        guard index >= 0, index < connections.count, let connection = connections[index],
            connection.serial == ticket.serial, connection.machine.isAnswering
        else { return }
        queue(answer.response, to: ticket.request, on: connection, started: ticket.started)
        if connection.peerClosed {
            flush(connection)
        } else {
            process(connection)
        }
    }
}

/// A deferred request's answer while its `start` runs.
private enum EarlyAnswer: Sendable {
    case starting
    case answered(HTTPResponse)
    /// `start` returned: answers from now on go through the mailbox.
    case started
}
