import CSQLite
import Dispatch
import FolioSync

/// Copies the write-ahead log back into the database mostly on a
/// connection and thread of its own, so that commits hardly wait for it.
///
/// SQLite's automatic checkpoint runs inside the commit that crosses 1000
/// WAL pages, on the committing connection: that commit (and with group
/// commit, every click queued behind it) waits for the copy and a sync of
/// the database file. Here the store's connection reports its WAL size
/// after each commit (`sqlite3_wal_hook`); past the same 1000 pages a
/// `PASSIVE` checkpoint runs on this thread, which never blocks the writer.
/// But while it copies, commits go on adding pages, so it never copies
/// *all* of the log, and SQLite starts the log over only once all of it is
/// copied: left alone, the log would grow without end. So when a background
/// checkpoint is done, the writer itself copies the few pages added
/// meanwhile (`finishIfDue`, after a batch is answered); the next commit
/// then starts the log over.
final class SQLiteCheckpointer: Sendable {
    /// WAL pages after which a checkpoint is started (SQLite's own default).
    static let walPages: Int32 = 1000

    private let connection: LockedValue<SQLiteConnection>
    private let queue = DispatchQueue(label: "Folio SQLite checkpoint", qos: .utility)
    private let isPending = LockedValue(false)
    /// Set when a background checkpoint is done: the writer finishes it.
    private let finishDue = LockedValue(false)

    /// Opens a second connection to `path` and takes over the checkpoints of `writer`.
    init(path: String, writer: SQLiteConnection) throws(StoreError) {
        connection = LockedValue(try SQLiteConnection(path: path))
        sqlite3_wal_hook(
            writer.handle,
            { context, _, _, pages in
                if pages >= SQLiteCheckpointer.walPages, let context {
                    Unmanaged<SQLiteCheckpointer>.fromOpaque(context).takeUnretainedValue().request()
                }
                return SQLITE_OK
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Starts a checkpoint unless one is waiting to run.
    func request() {
        let starts = isPending.withLock { pending -> Bool in
            defer { pending = true }
            return !pending
        }
        guard starts else { return }
        queue.async { [self] in
            isPending.withLock { $0 = false }
            // A checkpoint that fails (the disk full, say) leaves the WAL to
            // grow and is tried again at the next report.
            let status = connection.withLock { connection in
                sqlite3_wal_checkpoint_v2(connection.handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            }
            if status == SQLITE_OK { finishDue.withLock { $0 = true } }
        }
    }

    /// On the writer's thread, between its commits: copies what the last
    /// background checkpoint left, if one finished since the last call.
    func finishIfDue(on writer: SQLiteConnection) {
        let due = finishDue.withLock { due -> Bool in
            defer { due = false }
            return due
        }
        if due { _ = sqlite3_wal_checkpoint_v2(writer.handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil) }
    }
}
