#if canImport(Glibc)
    import Glibc
#endif

extension EventLoop {
    /// Reads once (epoll is level-triggered, so leftovers wake us again) and parses.
    func readable(_ connection: Connection) {
        guard !connection.peerClosed else {
            // Only hang-ups arrive here once reading stopped.
            if connection.output.isEmpty { close(connection) }
            return
        }
        let result: IOResult<Int>
        do {
            result = try Socket.read(connection.fd, into: readBuffer)
        } catch {
            close(connection)
            return
        }
        switch result {
        case .wouldBlock:
            return
        case .processed(0):
            connection.peerClosed = true
            if connection.machine.peerClosed() == .close {
                close(connection)
                return
            }
            updateInterest(connection)
        case .processed(let count):
            guard reserveHeadIfNeeded(connection, adding: count) else { return }
            connection.parser.append(UnsafeRawBufferPointer(rebasing: readBuffer[..<count]))
            process(connection)
            settleHeadReservation(connection)
        }
    }

    /// Sends queued output; once drained, parsing resumes where backpressure stopped it.
    func writable(_ connection: Connection) {
        flush(connection)
        if !connection.machine.isClosed && connection.output.isEmpty && !connection.peerClosed {
            process(connection)
        }
    }

    /// Turns buffered bytes into responses, in order, until more bytes are
    /// needed or a request went to a worker thread (parsing resumes with its answer).
    func process(_ connection: Connection) {
        parsing: while !connection.machine.closesAfterWrite && !connection.machine.holdsConnection
            && !connection.isBackpressured
        {
            switch connection.parser.next() {
            case .needMoreData:
                guard reserveBodyIfNeeded(connection, bytes: connection.parser.expectedBodyBytes) else {
                    return
                }
                connection.machine.waitingForMore(
                    now: wokeAt, readingBody: connection.parser.isReadingBody,
                    partialRequest: connection.parser.hasPartialRequest)
                break parsing
            case .sendContinue:
                guard reserveBodyIfNeeded(connection, bytes: connection.parser.expectedBodyBytes) else {
                    return
                }
                connection.output.append(Self.continueLine)
            case .request(var request):
                request.remoteAddress = connection.peerAddress
                guard reserveBodyIfNeeded(connection, bytes: request.body.count) else { return }
                let started = log.enabled ? monotonicNanoseconds() : 0
                switch handler.disposition(for: request) {
                case .answer(let response):
                    queue(response, to: request, on: connection, started: started)
                case .blocking(let work):
                    handOff(connection, request, work)
                    break parsing
                case .deferred(let start):
                    guard let response = startDeferred(connection, request, start) else { break parsing }
                    queue(response, to: request, on: connection, started: started)
                }
            case .error(let error):
                reject(connection, status: error.status, message: error.description)
                return
            }
        }
        flush(connection)
    }

    private static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Serializes `response` behind what the connection has queued, writing
    /// at once when it can, and logs it (`started`: when the request was parsed).
    func queue(_ response: HTTPResponse, to request: HTTPRequest, on connection: Connection, started: UInt64)
    {
        if case .stream(let body) = response.body {
            startStream(body, response, to: request, on: connection, started: started)
            return
        }
        let keepAlive = request.keepAlive && !connection.machine.isShuttingDown && !mailbox.isStopping
        serializer.serializeHead(response, keepAlive: keepAlive, http10: request.version == .http10)
        let sendsBody = request.method != .head && !response.status.forbidsBody
        send(connection, body: sendsBody ? response.body : .empty)
        // The clock itself only for the access log's duration.
        let now = log.enabled ? monotonicNanoseconds() : wokeAt
        connection.machine.responseQueued(now: now, keepAlive: keepAlive)
        releaseBody(connection)
        log.record(
            method: request.method.rawValue, target: request.target, status: response.status.code,
            bytes: sendsBody ? response.body.count : 0, microseconds: (now &- started) / 1000,
            note: response.accessLogNote)
    }

    /// Answers `status` with `Connection: close` and closes once it is written;
    /// `request`, when it was read, names the access log line.
    func reject(
        _ connection: Connection, status: HTTPStatus, message: String, retryAfterSeconds: Int? = nil,
        request: HTTPRequest? = nil
    ) {
        var response = HTTPResponse.text(status, message)
        if let retryAfterSeconds { response.headers.add(name: "Retry-After", value: "\(retryAfterSeconds)") }
        serializer.serializeHead(response, keepAlive: false, http10: false)
        send(connection, body: response.body)
        connection.machine.requestRejected()
        // Nothing more is parsed: what the request held goes now, not at the close.
        connection.parser.releaseBuffer()
        releaseBody(connection)
        releaseHead(connection)
        log.record(
            method: request?.method.rawValue ?? "-", target: request?.target ?? "-", status: status.code,
            bytes: response.body.count, microseconds: 0)
        flush(connection)
    }

    /// Writes the serializer's head and `body` with one `writev` when nothing
    /// is queued (the usual case: no copy, no allocation), queueing only what
    /// the socket did not take; else queues both.
    private func send(_ connection: Connection, body: HTTPBody) {
        let head = serializer.head
        var result: IOResult<Int>?
        do {
            switch body {
            case .bytes(let bytes) where connection.output.isEmpty:
                result = try OutputQueue.writev(connection.fd, head: head, body: bytes)
            case .parts(let parts)
            where connection.output.isEmpty && parts.count < OutputQueue.maximumVectors:
                result = try OutputQueue.writev(connection.fd, head: head, parts: parts)
            default: break
            }
        } catch {
            connection.peerClosed = true
            _ = connection.machine.peerClosed()
            return
        }
        // All written (the usual case): nothing to queue, and no part is
        // touched again (walking the parts took a reference to each).
        if case .processed(let count)? = result, count == head.count + body.count { return }
        // Not written at once: all of it queued. Written: what the socket did not take.
        let written: Int
        switch result {
        case nil: written = 0
        case .wouldBlock?: written = 0
        case .processed(let count)?: written = count
        }
        connection.output.append(head, from: min(written, head.count))
        var sent = max(0, written - head.count)
        switch body {
        case .bytes(let bytes): connection.output.append(bytes, from: sent)
        case .parts(let parts):
            for part in parts {
                connection.output.append(part, from: sent)
                sent = max(0, sent - part.count)
            }
        case .file(let region): connection.output.append(region)
        case .stream: break  // `queue` starts streams
        }
    }

    /// Writes what is queued; closes when the state machine says the connection is done.
    func flush(_ connection: Connection) {
        guard !connection.machine.isClosed else { return }
        if !connection.output.isEmpty {
            let progress: OutputQueue.Progress
            do {
                progress = try connection.output.write(to: connection.fd)
            } catch {
                close(connection)
                return
            }
            if progress.written > 0 { connection.machine.writeProgressed(now: wokeAt) }
            reportOutput(of: connection)
            if !progress.drained {
                connection.machine.writeBlocked(now: wokeAt)
                updateInterest(connection)
                return
            }
        }
        if connection.machine.outputDrained() == .close
            || (connection.peerClosed && connection.output.isEmpty)
        {
            close(connection)
            return
        }
        updateInterest(connection)
    }

    func updateInterest(_ connection: Connection) {
        let desired = connection.desiredInterest
        guard desired != connection.interest else { return }
        do {
            try epoll.modify(connection.fd, desired)
            connection.interest = desired
        } catch {
            close(connection)
        }
    }
}
