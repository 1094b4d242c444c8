/// What each write reads under its session's lock and then runs: one plan
/// for both stores (`BatchTransaction` sends it, each store words it).
extension SessionWrite {
    /// The session whose row this write locks first. A batch applies its
    /// writes in this order (ties in queue order), so two instances' batches
    /// take their row locks in one order and do not deadlock each other.
    var lockOrder: String {
        switch self {
        case .insert(let row, _): row.id
        case .savePager(let id, _, _, _, _): id
        case .reissue(let old, _, _): old
        case .touch(let uses): uses.map(\.session).min() ?? ""
        }
    }

    /// The pager row a save writes (`nil`: not a save of one pager).
    var savedSlot: PagerSlot? {
        if case .savePager(let id, let pager, _, _, _) = self { PagerSlot(id, pager) } else { nil }
    }

    /// What the write must read, under its session's row lock, before it is decided.
    var readsUnderLock: [SessionStatement] {
        switch self {
        case .savePager(let id, let pager, _, _, let expected):
            [.lockSession(id)] + (expected == nil ? [] : [.selectPager(session: id, pager: pager)])
        case .reissue(let old, _, _): [.lockSession(old)]
        case .insert, .touch: []
        }
    }

    /// The statements that apply the write, given what `readsUnderLock`
    /// read (in its order) and the record an earlier write of the same
    /// batch saved for its pager, if one did (what a conditional save then
    /// finds, not the read); or why it is refused alone, nothing of it sent.
    func statements(given read: ArraySlice<StatementOutcome>, savedEarlier: [UInt8]? = nil)
        -> Result<[SessionStatement], StoreError>
    {
        switch self {
        case .insert(let row, let pagers):
            return .success(
                [.insertSession(row), .deletePagers(session: row.id)]
                    + pagers.map { .upsertPager(session: row.id, pager: $0.pager, record: $0.record) })
        case .savePager(let id, let pager, let record, let lastSeen, let expected):
            guard case .lastSeen(let stored?) = read.first else { return .failure(Self.sessionEnded(id)) }
            if let expected {
                let found: [UInt8]? =
                    if let savedEarlier { savedEarlier } else if case .record(let stored) = read.last {
                        stored
                    } else {
                        nil
                    }
                if !expected.matches(found) { return .failure(Self.changedMeanwhile(id)) }
            }
            var statements: [SessionStatement] = [.upsertPager(session: id, pager: pager, record: record)]
            if let lastSeen, lastSeen > stored { statements.append(.touchSession(id, lastSeen: lastSeen)) }
            return .success(statements)
        case .reissue(let old, let row, let changed):
            guard case .lastSeen(_?) = read.first else { return .failure(Self.sessionEnded(old)) }
            var statements: [SessionStatement] = [.insertSession(row), .movePagers(from: old, to: row.id)]
            if let (pager, record) = changed {
                statements.append(.upsertPager(session: row.id, pager: pager, record: record))
            }
            statements.append(.deleteSession(old))
            return .success(statements)
        case .touch(let uses):
            return .success(
                uses.sorted { $0.session < $1.session }.map {
                    .touchSession($0.session, lastSeen: $0.lastSeen)
                })
        }
    }

    static func changedMeanwhile(_ id: String) -> StoreError {
        StoreError(
            "session \(id.prefix(8))…'s record changed since it was read (another instance saved it)",
            isConflict: true)
    }

    static func sessionEnded(_ id: String) -> StoreError {
        var error = StoreError("session \(id.prefix(8))… is no longer stored (removed or reissued meanwhile)")
        error.isSessionGone = true
        return error
    }
}
