/// A batch of writes committed in two pipelined rounds, whatever its size:
/// the first opens the transaction and takes the rows the writes lock (and
/// the records conditional saves check); the second, decided here from
/// what the first read, writes and commits. Each round waits for the
/// network once, where one statement at a time waited for it 5-6 times
/// per write.
extension PostgreSQLConnection {
    /// How one try at committing a batch ended.
    enum BatchAttempt {
        /// Committed: per write (in the order given), `nil` or why it was refused alone.
        case committed([StoreError?])
        /// Undone as a whole; `sqlState` tells a deadlock (`40P01`) from the rest.
        case failed(StoreError, sqlState: String?)
    }

    /// Commits `batch`, writes in lock order. A write the database refuses
    /// on its own (a constraint) is taken out and the rest committed again
    /// from the start in a new transaction (a failed statement aborts the
    /// rest of its round, so it cannot be undone alone inside it); a write
    /// whose session is gone, or whose record changed, is refused before
    /// anything of it is sent.
    func commitPipelined(_ batch: [SessionWrite]) -> BatchAttempt {
        var outcomes = [StoreError?](repeating: nil, count: batch.count)
        var remaining = batch.indices.sorted { (batch[$0].lockOrder, $0) < (batch[$1].lockOrder, $1) }
        while !remaining.isEmpty {
            switch commitOnce(remaining.map { batch[$0] }) {
            case .done(let refusals):
                for (index, refusal) in zip(remaining, refusals) { outcomes[index] = refusal }
                return .committed(outcomes)
            case .refusedAlone(let position, let error):
                outcomes[remaining[position]] = error
                remaining.remove(at: position)
            case .failed(let error, let sqlState):
                return .failed(error, sqlState: sqlState)
            }
        }
        return .committed(outcomes)
    }

    private enum Try {
        case done([StoreError?])
        /// The write at this position broke a constraint; nothing was kept.
        case refusedAlone(Int, StoreError)
        case failed(StoreError, sqlState: String?)
    }

    private func commitOnce(_ writes: [SessionWrite]) -> Try {
        var reads: [PipelinedStatement] = []
        var readRanges: [Range<Int>] = []
        for write in writes {
            let start = reads.count
            reads += write.readsUnderLock
            readRanges.append(start..<reads.count)
        }
        var round: [PipelinedStatement] = []
        var read: [PipelinedOutcome] = []
        if reads.isEmpty {
            round.append(.sql("BEGIN"))
        } else {
            let first: [PipelinedOutcome]
            do throws(StoreError) {
                first = try runPipelined([.sql("BEGIN")] + reads)
            } catch {
                return .failed(error, sqlState: nil)
            }
            if let (error, state) = first.firstFailure {
                rollBack()
                return .failed(error, sqlState: state)
            }
            read = Array(first.dropFirst())
        }
        var refusals = [StoreError?](repeating: nil, count: writes.count)
        var owners: [Int?] = round.map { _ in nil }
        for (position, write) in writes.enumerated() {
            let decided = write.statements(given: Array(read[readRanges[position]]))
            switch decided {
            case .refused(let error): refusals[position] = error
            case .write(let statements):
                round += statements
                owners += statements.map { _ in position }
            }
        }
        round.append(.sql("COMMIT"))
        let second: [PipelinedOutcome]
        do throws(StoreError) {
            second = try runPipelined(round)
        } catch {
            return .failed(error, sqlState: nil)
        }
        if let failing = second.firstIndex(where: \.isFailure),
            case .failed(let error, let state) = second[failing]
        {
            rollBack()
            if state?.hasPrefix("23") == true, let position = owners[safe: failing] ?? nil, !isBroken {
                return .refusedAlone(position, error)
            }
            return .failed(error, sqlState: state)
        }
        // A transaction that failed answers COMMIT with ROLLBACK, not an error.
        guard case .rows(let committed) = second.last, committed.commandTag == "COMMIT" else {
            return .failed(StoreError("PostgreSQL rolled the transaction back"), sqlState: nil)
        }
        return .done(refusals)
    }

    private func rollBack() {
        if !isBroken { _ = try? execute("ROLLBACK") }
    }
}

/// What a write sends once its reads under lock are known.
private enum DecidedWrite {
    case write([PipelinedStatement])
    /// Refused alone (its session gone, its record changed): nothing sent.
    case refused(StoreError)
}

extension SessionWrite {
    /// What the write must read, under its session's row lock, before it is decided.
    fileprivate var readsUnderLock: [PipelinedStatement] {
        switch self {
        case .savePager(let id, let pager, _, _, let expected):
            // The record is read by its own statement after the lock, so it
            // sees every write committed before the lock was granted.
            [.prepared(.lockSession, [.text(id)])]
                + (expected == nil ? [] : [.prepared(.selectPager, [.text(id), .text(pager)])])
        case .reissue(let old, _, _): [.prepared(.lockSession, [.text(old)])]
        case .insert, .touch: []
        }
    }

    /// The statements that apply the write, given what `readsUnderLock` read.
    fileprivate func statements(given read: [PipelinedOutcome]) -> DecidedWrite {
        switch self {
        case .insert(let row, let pagers):
            return .write(
                [.prepared(.insertSession, row.postgreSQLValues), .prepared(.deletePagers, [.text(row.id)])]
                    + pagers.map {
                        .prepared(.upsertPager, [.text(row.id), .text($0.pager), .bytes($0.record)])
                    })
        case .savePager(let id, let pager, let record, let lastSeen, let expected):
            guard case .rows(let locked) = read.first, locked.count == 1 else {
                return .refused(PostgreSQLConnection.sessionEnded(id))
            }
            if let expected, case .rows(let stored) = read.last,
                !expected.matches(stored.count == 1 ? stored.bytes(0, 0) : nil)
            {
                return .refused(PostgreSQLConnection.changedMeanwhile(id))
            }
            var statements: [PipelinedStatement] = [
                .prepared(.upsertPager, [.text(id), .text(pager), .bytes(record)])
            ]
            if let lastSeen, lastSeen > locked.real(0, 0) {
                statements.append(.prepared(.touchSession, [.real(lastSeen), .text(id)]))
            }
            return .write(statements)
        case .reissue(let old, let row, let changed):
            guard case .rows(let locked) = read.first, locked.count == 1 else {
                return .refused(PostgreSQLConnection.sessionEnded(old))
            }
            var statements: [PipelinedStatement] = [
                .prepared(.insertSession, row.postgreSQLValues),
                .prepared(.movePagers, [.text(row.id), .text(old)]),
            ]
            if let (pager, record) = changed {
                statements.append(.prepared(.upsertPager, [.text(row.id), .text(pager), .bytes(record)]))
            }
            statements.append(.prepared(.deleteSession, [.text(old)]))
            return .write(statements)
        case .touch(let uses):
            return .write(
                uses.sorted { $0.session < $1.session }.map {
                    .prepared(.touchSession, [.real($0.lastSeen), .text($0.session)])
                })
        }
    }
}

extension PipelinedOutcome {
    fileprivate var isFailure: Bool {
        if case .failed = self { true } else { false }
    }
}

extension [PipelinedOutcome] {
    fileprivate var firstFailure: (StoreError, String?)? {
        for outcome in self {
            if case .failed(let error, let state) = outcome { return (error, state) }
        }
        return nil
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
