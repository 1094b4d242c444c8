import CLinux
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Folders watched with inotify for files written, replaced, moved or
/// removed. Folders, not files: editors save by writing a new file and
/// renaming it over the old, which a watch on the old file would miss.
final class FileWatch {
    /// What a watched folder's changes must name to count: any file, or
    /// only these (the configuration file in a folder shared with others,
    /// such as the state database's).
    enum Names {
        case any
        case only(Set<String>)
    }

    /// The inotify descriptor, readable when changes are waiting.
    let descriptor: Int32
    /// Files whose changes never count (data files, read without a reload).
    var ignoredFiles: Set<String> = []
    private var folders: [Int32: (path: String, names: Names)] = [:]

    /// Written, replaced by a rename, moved away, created or removed.
    private static let changes: UInt32 =
        UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM) | UInt32(IN_CREATE)
        | UInt32(IN_DELETE) | UInt32(IN_DELETE_SELF)

    /// - Throws: `FolioStartupError` when inotify is not available.
    init() throws(FolioStartupError) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw FolioStartupError("cannot watch files: inotify_init1: \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(descriptor) }

    /// Watches `folder` (again, after a reload, so new folders count too)
    /// for changes that `names` admits; a folder already watched for any
    /// name stays so. A folder that is gone is skipped.
    func watch(_ folder: String, names: Names) {
        let watch = inotify_add_watch(descriptor, folder, Self.changes)
        guard watch >= 0 else { return }
        switch (folders[watch]?.names, names) {
        case (.any?, _), (_, .any): folders[watch] = (folder, .any)
        case (.only(let known)?, .only(let more)): folders[watch] = (folder, .only(known.union(more)))
        case (nil, .only): folders[watch] = (folder, names)
        }
    }

    /// Reads what changed and says whether any of it counts. Never blocks.
    func drainCountingChanges() -> Bool {
        var counted = false
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return counted }
            var offset = 0
            // struct inotify_event: wd, mask, cookie, len (4 bytes each), then the name, NUL-padded.
            while offset + 16 <= count {
                let watch = Self.int32(buffer, at: offset)
                let nameLength = Int(Self.int32(buffer, at: offset + 12))
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + nameLength)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                if counts(name, in: watch) { counted = true }
                offset += 16 + nameLength
            }
        }
    }

    private func counts(_ name: String, in watch: Int32) -> Bool {
        guard let (folder, names) = folders[watch] else { return false }
        switch names {
        case .only(let names): return names.contains(name)
        case .any: return !Self.isEditorScratch(name) && !ignoredFiles.contains(folder + "/" + name)
        }
    }

    /// An editor's swap or backup file (`.folio.json.swp`, `folio.json~`,
    /// vim's `4913` probe), whose changes change nothing served.
    static func isEditorScratch(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx")
            || name == "4913"
    }

    private static func int32(_ bytes: [UInt8], at offset: Int) -> Int32 {
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
    }
}
