/// A round of the write path (`BatchTransaction`) as PostgreSQL runs it.
///
/// A batch of N clicks would be about 3N statements, and on a shared
/// machine PostgreSQL's cost per statement, not per row, set the click
/// rate (BENCHMARKS.md). So a round made only of row locks and record reads,
/// or only of record saves and last-use moves, between its `BEGIN` and
/// `COMMIT`, is sent as one statement per kind over arrays
/// (`lockSessions`, `selectPagers`, `upsertPagers`, `touchSessions`), and
/// each statement of the round is given its own outcome back. Doing all of
/// a kind at once is the same as one after the other: the reads come after
/// every lock, as before; a save of the same pager twice keeps the last, a
/// last use the latest. Any other round (new sessions, reissues) is sent
/// as it is.
struct PostgreSQLRound {
    /// What is sent, in order.
    let statements: [PipelinedStatement]
    /// Whether statements were joined: a constraint then cannot name the
    /// write it refused, so the batch is run again ungrouped.
    let isGrouped: Bool
    private let round: [SessionStatement]
    /// Per statement of `round`, the answer (by position in `statements`) that holds its outcome.
    private let sources: [Int]

    init(_ round: [SessionStatement], grouping: Bool = true) {
        self.round = round
        guard grouping, let grouped = Self.grouped(round) else {
            statements = round.map(\.pipelined)
            sources = Array(round.indices)
            isGrouped = false
            return
        }
        (statements, sources) = grouped
        isGrouped = true
    }

    /// Each statement of the round's outcome, from the answers to `statements`.
    func outcomes(_ answers: [PipelinedOutcome]) -> [StatementOutcome] {
        guard isGrouped else { return zip(round, answers).map { $0.outcome($1) } }
        // A joined round has at most one statement of each kind.
        var locked: [String: Double] = [:]
        var records: [PagerSlot: [UInt8]] = [:]
        for (position, answer) in answers.enumerated() {
            guard case .rows(let rows) = answer else { continue }
            switch statements[position].text {
            case .prepared(.lockSessions):
                locked = Dictionary(
                    (0..<rows.count).map { (rows.text($0, 0), rows.real($0, 1)) }, uniquingKeysWith: { $1 })
            case .prepared(.selectPagers):
                records = Dictionary(
                    (0..<rows.count).map {
                        (PagerSlot(rows.text($0, 0), rows.text($0, 1)), rows.bytes($0, 2))
                    },
                    uniquingKeysWith: { $1 })
            default: continue
            }
        }
        return zip(round, sources).map { statement, source in
            let answer = answers[source]
            guard case .rows = answer else { return statement.outcome(answer) }
            switch statement {
            case .lockSession(let id): return .lastSeen(locked[id])
            case .selectPager(let id, let pager): return .record(records[PagerSlot(id, pager)])
            default: return statement.outcome(answer)
            }
        }
    }

    /// The joined statements and each original's source, or `nil` when the
    /// round is not one the joining keeps the meaning of.
    private static func grouped(_ round: [SessionStatement]) -> ([PipelinedStatement], [Int])? {
        var locks: [String] = []
        var reads: [PagerSlot] = []
        var saves: [PagerSlot: [UInt8]] = [:]
        var saveOrder: [PagerSlot] = []
        var uses: [String: Double] = [:]
        var useOrder: [String] = []
        var kinds: [PostgreSQLStatement?] = []
        for (index, statement) in round.enumerated() {
            switch statement {
            case .begin where index == 0, .commit where index == round.count - 1: kinds.append(nil)
            case .lockSession(let id):
                locks.append(id)
                kinds.append(.lockSessions)
            case .selectPager(let id, let pager):
                reads.append(PagerSlot(id, pager))
                kinds.append(.selectPagers)
            case .upsertPager(let id, let pager, let record):
                let key = PagerSlot(id, pager)
                if saves.updateValue(record, forKey: key) == nil { saveOrder.append(key) }
                kinds.append(.upsertPagers)
            case .touchSession(let id, let lastSeen):
                if let noted = uses[id] {
                    uses[id] = max(noted, lastSeen)
                } else {
                    uses[id] = lastSeen
                    useOrder.append(id)
                }
                kinds.append(.touchSessions)
            default: return nil
            }
        }
        let isReading = !locks.isEmpty || !reads.isEmpty
        let isWriting = !saves.isEmpty || !uses.isEmpty
        guard isReading != isWriting, kinds.count(where: { $0 != nil }) > 1 else { return nil }
        var sent: [PipelinedStatement] = []
        if case .begin? = round.first { sent.append(SessionStatement.begin.pipelined) }
        var positions: [PostgreSQLStatement: Int] = [:]
        func add(_ kind: PostgreSQLStatement, _ arrays: [PostgreSQLBinaryArray]) {
            positions[kind] = sent.count
            sent.append(.prepared(kind, arrays.map { .array($0) }))
        }
        if !locks.isEmpty { add(.lockSessions, [.texts(locks)]) }
        if !reads.isEmpty { add(.selectPagers, [.texts(reads.map(\.session)), .texts(reads.map(\.pager))]) }
        if !saveOrder.isEmpty {
            add(
                .upsertPagers,
                [
                    .texts(saveOrder.map(\.session)), .texts(saveOrder.map(\.pager)),
                    .byteStrings(saveOrder.map { saves[$0] ?? [] }),
                ])
        }
        if !useOrder.isEmpty {
            add(.touchSessions, [.texts(useOrder), .reals(useOrder.map { uses[$0] ?? 0 })])
        }
        if case .commit? = round.last { sent.append(SessionStatement.commit.pipelined) }
        // `BEGIN` is the first sent, `COMMIT` the last.
        let sources = kinds.enumerated().map { index, kind in
            kind.flatMap { positions[$0] } ?? (index == 0 ? 0 : sent.count - 1)
        }
        return (sent, sources)
    }
}
