import Foundation

/// Folio's private files (the state database and its `-wal` and `-shm`, the
/// form-signing secret, the database password) must belong to the user
/// Folio runs as, in a folder nobody else may change. A file another local
/// user made (in `/tmp`, before Folio first ran) stays theirs whatever
/// mode Folio gives it, so they could read every session and the secret.
enum FileOwnership {
    /// Why a file owned by `owner` is not Folio's own, or `nil` when it is.
    static func ownerProblem(_ owner: uid_t, of path: String) -> String? {
        let folio = geteuid()
        guard owner != folio else { return nil }
        return "'\(path)' belongs to \(userName(owner)), not to \(userName(folio)) that Folio runs as, "
            + "so that user could read what Folio keeps in it; remove it, or choose a path in a folder "
            + "only \(userName(folio)) may write to"
    }

    /// Why the folder holding `path` lets someone else replace it, or `nil`
    /// when only Folio's user and root may change its entries. A sticky
    /// folder (`/tmp`) protects each entry from all but its owner, so files
    /// in it are safe once they are Folio's own.
    static func folderProblem(of path: String) -> String? {
        let folder = folder(of: path)
        var status = stat()
        // A missing folder is reported by whoever opens the file.
        guard stat(folder, &status) == 0 else { return nil }
        let owner = status.st_uid
        guard owner == geteuid() || owner == 0 else {
            return "the folder '\(folder)' holding '\(path)' belongs to \(userName(owner)), who could "
                + "replace the file; keep it in a folder of \(userName(geteuid())) or root"
        }
        let mode = status.st_mode & 0o7777
        guard mode & 0o022 == 0 || mode & S_ISVTX != 0 else {
            return "the folder '\(folder)' holding '\(path)' may be written by group or others (mode "
                + "\(String(mode, radix: 8))) and is not sticky, so they could replace the file; "
                + "use a folder only \(userName(geteuid())) may write to (`chmod go-w`), or make it sticky (`chmod +t`)"
        }
        return nil
    }

    /// The folder of `path`: `.` for a bare name.
    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// `user nobody (uid 65534)`, or `uid 1234` when it has no name.
    static func userName(_ uid: uid_t) -> String {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        let name = buffer.withUnsafeMutableBufferPointer { bytes -> String? in
            guard let start = bytes.baseAddress, getpwuid_r(uid, &entry, start, bytes.count, &found) == 0,
                found != nil,
                let name = entry.pw_name
            else { return nil }
            return String(cString: name)
        }
        return name.map { "user \($0) (uid \(uid))" } ?? "uid \(uid)"
    }
}
