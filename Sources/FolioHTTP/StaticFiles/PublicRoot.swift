import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// One folder `StaticFiles` serves, opened once, and how files are opened
/// beneath it. Where the kernel has `openat2` (Linux 5.6+), relative to an
/// `O_PATH` descriptor of the folder with `RESOLVE_BENEATH |
/// RESOLVE_NO_SYMLINKS`: the kernel stops at a symlink in any component and
/// at any way out, with no window between checking and opening. Elsewhere
/// (`ENOSYS`), `realpath` must give back the very path asked for (so no
/// component was a symlink), and `O_NOFOLLOW` refuses one swapped in since.
/// A path with a symlink is reported as such: `StaticFiles` resolves it and
/// opens the target, itself symlink-free, beneath an allowed folder.
final class PublicRoot: Sendable {
    /// The folder, resolved with `realpath`.
    let path: String
    /// `folio_O_PATH | O_DIRECTORY` of the folder when `openat2` works here, else nil.
    let descriptor: Int32?

    /// Opens `path` (already resolved); `useOpenat2: false` forces the `realpath` way (for tests).
    init(resolved path: String, useOpenat2: Bool = true) {
        self.path = path
        var descriptor: Int32?
        if useOpenat2 {
            let fd = open(path, folio_O_PATH | O_DIRECTORY | O_CLOEXEC)
            if fd >= 0 {
                let probe = Self.openat2(fd, ".", flags: folio_O_PATH | O_DIRECTORY | O_CLOEXEC)
                if case .opened(let opened) = probe { _ = Glibc.close(opened) }
                if probe == .unsupported { _ = Glibc.close(fd) } else { descriptor = fd }
            }
        }
        self.descriptor = descriptor
    }

    deinit { if let descriptor { _ = Glibc.close(descriptor) } }

    /// Whether files are opened with `openat2`.
    var usesOpenat2: Bool { descriptor != nil }

    /// What opening a path beneath the root found.
    enum Opened: Equatable {
        /// The file, open read-only.
        case file(Int32)
        /// Nothing there (or unreadable).
        case missing
        /// A symlink on the way: `StaticFiles` decides where it may lead.
        case symlink
    }

    /// Opens `relative` (no `.`, `..` or empty components) read-only when no
    /// component on the way is a symlink; says `.symlink` when one is.
    /// `O_NONBLOCK`: a FIFO left in the folder cannot hang the loop (regular files ignore it).
    func openFile(_ relative: String) -> Opened {
        let flags = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
        if let descriptor {
            switch Self.openat2(descriptor, relative, flags: flags) {
            case .opened(let fd): return .file(fd)
            case .symlink: return .symlink
            case .refused, .unsupported: return .missing
            }
        }
        let lexical = path + "/" + relative
        guard let resolvedPointer = realpath(lexical, nil) else {
            // A dangling link is missing; `StaticFiles` finds the same when it resolves it.
            return .missing
        }
        let resolved = String(cString: resolvedPointer)
        free(resolvedPointer)
        // Anything else means a symlink on the way (inside the root or out of it).
        guard resolved == lexical else { return .symlink }
        let fd = Glibc.open(lexical, flags)
        return fd >= 0 ? .file(fd) : .missing
    }

    private enum Outcome: Equatable {
        case opened(Int32)
        case symlink
        case refused
        case unsupported
    }

    private static func openat2(_ directory: Int32, _ relative: String, flags: Int32) -> Outcome {
        let resolve = UInt64(RESOLVE_BENEATH) | UInt64(RESOLVE_NO_SYMLINKS)
        do {
            let fd = try syscallRetrying("openat2") {
                folio_openat2(directory, relative, UInt64(UInt32(bitPattern: flags)), resolve)
            }
            return .opened(fd)
        } catch {
            // Old kernels say ENOSYS; some seccomp filters EPERM for calls they do not know.
            if error.errno == ENOSYS || (error.errno == EPERM && relative == ".") { return .unsupported }
            // RESOLVE_NO_SYMLINKS and O_NOFOLLOW both answer a symlink with ELOOP.
            return error.errno == ELOOP ? .symlink : .refused
        }
    }
}
