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
