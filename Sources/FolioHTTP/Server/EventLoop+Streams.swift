extension EventLoop {
    /// Queues a stream response's head and runs its `start`; the stream then
    /// owns the connection until it ends. `HEAD`, or a status without a body,
    /// gets the head alone and the connection goes on. A stream past a cap
    /// of `StreamSlots` is refused instead.
    func startStream(
        _ body: HTTPStreamBody, _ response: HTTPResponse, to request: HTTPRequest, on connection: Connection,
        started: UInt64
    ) {
        let http10 = request.version == .http10
        let sendsBody = request.method != .head && !response.status.forbidsBody
        let client = body.client ?? connection.peerAddress
        if sendsBody, let refusal = streamSlots.take(for: client) {
            refuse(refusal, request, on: connection)
            return
        }
        // HTTP/1.0 has no chunks: the end of the body is the end of the connection.
        let keepAlive =
            request.keepAlive && !connection.machine.isShuttingDown && !mailbox.isStopping
            && !(http10 && sendsBody)
        serializer.serializeHead(response, keepAlive: keepAlive, http10: http10)
        connection.output.append(serializer.head)
        releaseBody(connection)
        let now = monotonicNanoseconds()
        guard sendsBody else {
            connection.machine.responseQueued(now: now, keepAlive: keepAlive)
            log.record(
                method: request.method.rawValue, target: request.target, status: response.status.code,
                bytes: 0, microseconds: (now &- started) / 1000, note: response.accessLogNote)
            return
        }
        connection.machine.streamStarted()
        // Nothing is parsed while the stream runs, maybe for hours: free the buffer.
        connection.parser.shrinkWhileIdle()
        let stream = HTTPStream(
            mailbox: mailbox, fd: connection.fd, serial: connection.serial,
            outputLimit: configuration.streamOutputLimit)
        connection.stream = ActiveStream(
            stream: stream, heartbeat: body.heartbeat, chunked: !http10, keepAlive: keepAlive,
            request: request, client: client,
            status: response.status.code, note: response.accessLogNote, started: started, now: now)
        body.start(stream)
        if connection.machine.isShuttingDown || mailbox.isStopping { endStream(connection, .serverStopping) }
    }

    /// Answers a stream past a cap of `StreamSlots` with a plain refusal and
    /// closes, freeing the connection at once; `start` never runs.
    private func refuse(_ refusal: StreamSlots.Refusal, _ request: HTTPRequest, on connection: Connection) {
        switch refusal {
        case .addressFull:
            reject(
                connection, status: .tooManyRequests,
                message: "Too many event streams from your address (at most \(streamSlots.perAddress)). "
                    + "Close a tab, or try again later.",
                retryAfterSeconds: 10, request: request)
        case .serverFull:
            reject(
                connection, status: .serviceUnavailable,
                message: "Too many event streams are open on this server. Try again later.",
                retryAfterSeconds: 10, request: request)
        }
    }

    /// Carries out what other threads asked of this loop's streams, then
    /// writes each stream touched once: a broadcast costs one `writev` per
    /// connection, however many chunks it got.
    func deliver(_ events: [StreamEvent]) {
        guard !events.isEmpty else { return }
        let now = monotonicNanoseconds()
        for event in events {
            switch event {
            case .run(let body):
                body()
            case .send(let stream, let bytes):
                guard let connection = connection(of: stream), let active = connection.stream else {
                    continue
                }
                active.takenSinceReport += bytes.count + HTTPStream.framingAllowance
                queueChunk(bytes, on: connection, now: now)
            case .finish(let stream):
                guard let connection = connection(of: stream) else { continue }
                endStream(connection, .finished)
            case .drop(let stream):
                guard let connection = connection(of: stream) else { continue }
                close(connection, streamEnd: .stalled)
            }
        }
        flushStreams()
    }

    /// Writes every stream that got chunks since the last call, once each.
    func flushStreams() {
        for connection in streamsToFlush {
            connection.stream?.flushPending = false
            flush(connection)
        }
        streamsToFlush.removeAll(keepingCapacity: streamsToFlush.capacity <= 1024)
    }

    /// The open connection `stream` is the response of, if it still runs.
    private func connection(of stream: HTTPStream) -> Connection? {
        let index = Int(stream.fd)
        guard index >= 0, index < connections.count, let connection = connections[index],
            connection.serial == stream.serial, connection.stream?.stream === stream
        else { return nil }
        return connection
    }

    /// Queues one chunk behind the connection's output (written by the next
    /// flush); a reader whose unsent output would pass the limit is dropped.
    /// What the kernel still holds for the socket counts too: a flush moves
    /// bytes there, so the queue alone would let a reader that never reads
    /// pile up megabytes in the socket's send buffer.
    func queueChunk(_ bytes: [UInt8], on connection: Connection, now: UInt64) {
        guard let active = connection.stream, !bytes.isEmpty else { return }
        let cost = bytes.count + HTTPStream.framingAllowance
        let limit = configuration.streamOutputLimit
        guard
            connection.output.byteCount + cost <= limit,
            connection.output.byteCount + Socket.kernelQueuedBytes(connection.fd) + cost <= limit
        else {
            close(connection, streamEnd: .stalled)
            return
        }
        if active.chunked {
            connection.output.append(chunkFraming.sizeLine(bytes.count))
            connection.output.append(bytes)
            connection.output.append(ChunkFraming.trailer)
        } else {
            connection.output.append(bytes)
        }
        active.bytesQueued += bytes.count
        active.lastChunkAt = now
        if !active.flushPending {
            active.flushPending = true
            streamsToFlush.append(connection)
        }
    }

    /// Ends a stream cleanly: the final chunk is queued, the access log
    /// written, the end handlers run; then the connection goes on with the
    /// next request (keep-alive) or closes once its output is written.
    func endStream(_ connection: Connection, _ end: HTTPStreamEnd) {
        guard let active = connection.stream else { return }
        if active.chunked { connection.output.append(ChunkFraming.lastChunk) }
        connection.stream = nil
        streamSlots.release(for: active.client)
        let now = monotonicNanoseconds()
        connection.machine.responseQueued(now: now, keepAlive: active.keepAlive)
        logEnd(of: active, now: now)
        active.stream.complete(end)
        if connection.machine.closesAfterWrite || connection.peerClosed {
            flush(connection)
        } else {
            process(connection)
        }
    }

    /// Queues the heartbeat of a stream silent for its interval; the loop's
    /// one tick asks every connection (no timer per stream).
    func writeHeartbeatIfDue(_ connection: Connection, now: UInt64) {
        guard let active = connection.stream, active.heartbeatDue(now: now), let bytes = active.heartbeat
        else { return }
        queueChunk(bytes, on: connection, now: now)
    }

    /// Tells the stream what is left to write, after a flush.
    func reportOutput(of connection: Connection) {
        guard let active = connection.stream else { return }
        active.stream.loopWrote(taken: active.takenSinceReport, unsent: connection.output.byteCount)
        active.takenSinceReport = 0
    }

    /// The access log line of a stream, written as it ends.
    func logEnd(of active: ActiveStream, now: UInt64) {
        log.record(
            method: active.method, target: active.target, status: active.status, bytes: active.bytesQueued,
            microseconds: (now &- active.started) / 1000, note: active.note)
    }
}
