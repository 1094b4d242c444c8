/// The one transaction shape of both stores' group commits, as a state
/// machine that says which round of statements to run next and is told
/// what came of it, so a store may run the rounds blocking (SQLite) or from
/// a socket's readiness (PostgreSQL).
///
/// A batch is two rounds, whatever its size: the first opens the
/// transaction and takes the rows its writes lock (and the records
/// conditional saves check); the second, decided here from what the first
/// read, writes and commits. A write whose session is gone, or whose record
/// changed, is refused before anything of it is sent. A write a constraint
/// refuses is taken out and the rest tried again from the start in a new
/// transaction (a failed statement aborts the rest of its transaction, so
/// it cannot be undone alone inside it). A transaction the database undid
/// to end a deadlock is tried once more. Any other failure undoes the batch.
struct BatchTransaction: Sendable {
    /// What to do next.
    enum Step: Sendable {
        /// Run these statements as one round, then call `next(after:)` with their outcomes.
        case run([SessionStatement])
        case finished(BatchAttempt)
    }

    private enum Phase: Sendable {
        case reading(ranges: [Range<Int>])
        /// `owners`: the write (its position in `remaining`) each statement belongs to.
        case writing(owners: [Int?], refusals: [StoreError?])
        case rollingBack(thenRetry: Bool, error: StoreError)
    }

    private let batch: [SessionWrite]
    private var outcomes: [StoreError?]
    /// Indexes into `batch` still to commit, in lock order.
    private var remaining: [Int]
    private var phase = Phase.reading(ranges: [])
    private var triedAgain = false

    init(_ batch: [SessionWrite]) {
        self.batch = batch
        outcomes = Array(repeating: nil, count: batch.count)
        remaining = batch.indices.sorted { (batch[$0].lockOrder, $0) < (batch[$1].lockOrder, $1) }
    }

    /// The same batch, to be run again from its first round.
    var restarted: BatchTransaction { BatchTransaction(batch) }

    /// The first round.
    mutating func start() -> Step {
        var reads: [SessionStatement] = []
        var ranges: [Range<Int>] = []
        for index in remaining {
            let start = reads.count
            reads += batch[index].readsUnderLock
            ranges.append(start..<reads.count)
        }
        guard reads.isEmpty else {
            phase = .reading(ranges: ranges)
            return .run([.begin] + reads)
        }
        return .run(writes(given: [], ranges: ranges, after: [.begin]))
    }

    /// The step after a round whose statements came to `round` (in order).
    mutating func next(after round: [StatementOutcome]) -> Step {
        switch phase {
        case .reading(let ranges):
            if let (error, failure) = round.firstFailure {
                return rollBack(thenRetry: failure == .transient && takeRetry(), error: error)
            }
            return .run(writes(given: Array(round.dropFirst()), ranges: ranges, after: []))
        case .writing(let owners, let refusals):
            guard let failing = round.firstIndex(where: \.isFailure),
                case .failed(let error, let failure) = round[failing]
            else {
                for (index, refusal) in zip(remaining, refusals) { outcomes[index] = refusal }
                return .finished(.committed(outcomes))
            }
            if failure == .constraint, let position = owners[failing] {
                outcomes[remaining[position]] = error
                remaining.remove(at: position)
                return rollBack(thenRetry: true, error: error)
            }
            return rollBack(thenRetry: failure == .transient && takeRetry(), error: error)
        case .rollingBack(let thenRetry, let error):
            guard thenRetry else { return .finished(.failed(error)) }
            return remaining.isEmpty ? .finished(.committed(outcomes)) : start()
        }
    }

    /// The second round (after `opening`): every write decided on what the
    /// first read, then the commit.
    private mutating func writes(
        given read: [StatementOutcome], ranges: [Range<Int>], after opening: [SessionStatement]
    ) -> [SessionStatement] {
        var round = opening
        var owners: [Int?] = opening.map { _ in nil }
        var refusals = [StoreError?](repeating: nil, count: remaining.count)
        // A click queued behind another of its session's saves expects the
        // record that save leaves, which the read, made before, cannot show.
        var savedEarlier: [PagerSlot: [UInt8]] = [:]
        for (position, index) in remaining.enumerated() {
            let write = batch[index]
            let slot = write.savedSlot
            switch write.statements(
                given: read[ranges[position]], savedEarlier: slot.flatMap { savedEarlier[$0] })
            {
            case .failure(let error): refusals[position] = error
            case .success(let statements):
                round += statements
                owners += statements.map { _ in position }
                if let slot, case .savePager(_, _, let record, _, _) = write { savedEarlier[slot] = record }
            }
        }
        phase = .writing(owners: owners + [nil], refusals: refusals)
        return round + [.commit]
    }

    private mutating func rollBack(thenRetry: Bool, error: StoreError) -> Step {
        phase = .rollingBack(thenRetry: thenRetry, error: error)
        return .run([.rollBack])
    }

    /// Whether the batch may still be tried once more after a transient failure.
    private mutating func takeRetry() -> Bool {
        defer { triedAgain = true }
        return !triedAgain
    }
}

extension StatementOutcome {
    var isFailure: Bool {
        if case .failed = self { true } else { false }
    }
}

extension [StatementOutcome] {
    fileprivate var firstFailure: (StoreError, StatementFailure)? {
        for outcome in self {
            if case .failed(let error, let failure) = outcome { return (error, failure) }
        }
        return nil
    }
}
