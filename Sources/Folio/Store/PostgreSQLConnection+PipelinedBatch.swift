/// PostgreSQL's words for the write path's statements; the transaction's
/// shape is `BatchTransaction`'s, as on SQLite. A round is one pipelined
/// round trip (`PostgreSQLIOThread`), so a batch waits for the network
/// twice whatever its size.
extension SessionStatement {
    /// The statement as PostgreSQL runs it.
    var pipelined: PipelinedStatement {
        switch self {
        case .begin: .sql("BEGIN")
        case .commit: .sql("COMMIT")
        case .rollBack: .sql("ROLLBACK")
        case .lockSession(let id): .prepared(.lockSession, [.text(id)])
        case .selectPager(let id, let pager): .prepared(.selectPager, [.text(id), .text(pager)])
        case .insertSession(let row):
            .prepared(
                .insertSession,
                [
                    .text(row.id), .text(row.csrfToken), .real(row.lastSeen), .boolean(row.isIssuedAtClick),
                    .boolean(row.isBoundToPerson),
                ])
        case .deletePagers(let id): .prepared(.deletePagers, [.text(id)])
        case .upsertPager(let id, let pager, let record):
            .prepared(.upsertPager, [.text(id), .text(pager), .bytes(record)])
        case .touchSession(let id, let lastSeen): .prepared(.touchSession, [.real(lastSeen), .text(id)])
        case .movePagers(let old, let new): .prepared(.movePagers, [.text(new), .text(old)])
        case .deleteSession(let id): .prepared(.deleteSession, [.text(id)])
        }
    }

    /// What PostgreSQL's answer to this statement means for the batch.
    func outcome(_ answer: PipelinedOutcome) -> StatementOutcome {
        switch answer {
        case .skipped: return .skipped
        case .failed(let error, let sqlState):
            // Class 23: integrity constraints; 40P01 a deadlock, 40001 a serialization failure.
            if sqlState?.hasPrefix("23") == true { return .failed(error, .constraint) }
            if sqlState == "40P01" || sqlState == "40001" { return .failed(error, .transient) }
            return .failed(error, .other)
        case .rows(let rows):
            switch self {
            case .lockSession: return .lastSeen(rows.count == 1 ? rows.real(0, 0) : nil)
            case .selectPager: return .record(rows.count == 1 ? rows.bytes(0, 0) : nil)
            // A transaction that failed answers COMMIT with ROLLBACK, not an error.
            case .commit where rows.commandTag != "COMMIT":
                return .failed(StoreError("PostgreSQL rolled the transaction back"), .other)
            default: return .done
            }
        }
    }
}
