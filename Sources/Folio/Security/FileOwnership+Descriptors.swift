import Foundation

extension FileOwnership {
    /// The first of this process's open descriptors of `paths` (SQLite's,
    /// say) whose file is not Folio's own, as a problem to report.
    ///
    /// Checked with `fstat` on the descriptors themselves, found through
    /// `/proc/self/fd`: a path checked before SQLite opened it may have
    /// been someone else's file by then (made in a sticky folder in
    /// between, and unlinked after). Nothing is opened or closed, so no
    /// POSIX lock of SQLite's is dropped. Elsewhere than Linux: `nil`.
    static func foreignDescriptorProblem(of paths: [String]) -> String? {
        #if os(Linux)
            let wanted = Set(paths.map(canonical))
            let directory = "/proc/self/fd"
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
                return nil
            }
            for entry in entries {
                guard let descriptor = Int32(entry),
                    let target = try? FileManager.default.destinationOfSymbolicLink(
                        atPath: directory + "/" + entry)
                else { continue }
                let name =
                    target.hasSuffix(" (deleted)") ? String(target.dropLast(" (deleted)".count)) : target
                guard wanted.contains(name) else { continue }
                var status = stat()
                guard fstat(descriptor, &status) == 0 else { continue }
                if let problem = ownerProblem(status.st_uid, of: target) { return problem }
            }
        #endif
        return nil
    }

    /// `path` with its folder's symlinks resolved, as `/proc` names it.
    private static func canonical(_ path: String) -> String {
        let folder = folder(of: path)
        guard let resolved = realpath(folder, nil) else { return path }
        defer { free(resolved) }
        let base = String(cString: resolved)
        let name = (path as NSString).lastPathComponent
        return base == "/" ? "/" + name : base + "/" + name
    }
}
