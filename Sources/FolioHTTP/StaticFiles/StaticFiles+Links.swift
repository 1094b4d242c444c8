#if canImport(Glibc)
    import Glibc
#endif

/// Where a request's path leads among the roots, symlinks included.
extension StaticFiles {
    /// What `find(_:)` found.
    enum Found {
        /// The file, open read-only, and its path (the symlink-free one when reached through a link).
        case found(Int32, path: String)
        case missing
        /// A symlink whose target lies outside every root.
        case linkOutside
    }

    /// The file at `relative` in the first root that has it. A path through
    /// a symlink is resolved with `realpath` and opened inside the root that
    /// holds its target, with no symlink on the way (so a link swapped
    /// between the two steps is refused, not followed); a target with a
    /// hidden component is missing, as when asked for by name.
    func find(_ relative: String) -> Found {
        for folder in folders {
            switch folder.openFile(relative) {
            case .file(let fd): return .found(fd, path: folder.path + "/" + relative)
            case .missing: continue
            case .symlink:
                guard let target = Self.resolved(folder.path + "/" + relative) else { continue }
                guard let (home, inside) = root(holding: target) else { return .linkOutside }
                // A hidden file is never served, also when a link names it.
                guard !inside.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
                    return .missing
                }
                if case .file(let fd) = home.openFile(inside) { return .found(fd, path: target) }
                return .missing
            }
        }
        return .missing
    }

    /// The root whose folder holds `path` (resolved), and the path inside it.
    private func root(holding path: String) -> (PublicRoot, String)? {
        for folder in folders where path.hasPrefix(folder.path + "/") {
            return (folder, String(path.dropFirst(folder.path.count + 1)))
        }
        return nil
    }

    /// Every symbolic link in the roots (hidden names skipped, as they are
    /// never served) whose target lies outside all of them: `link -> target`,
    /// for a warning at start. At most `limit` entries are looked at.
    public func linksLeavingRoots(limit: Int = 20_000) -> [String] {
        var found: [String] = []
        var budget = limit
        for folder in folders {
            walk(folder.path, depth: 0, budget: &budget) { link in
                guard let target = Self.resolved(link), !folders.contains(where: { $0.path == target }),
                    root(holding: target) == nil
                else { return }
                found.append("\(link) -> \(target)")
            }
        }
        return found
    }

    /// Calls `visit` with each symlink under `directory`, not following them.
    private func walk(_ directory: String, depth: Int, budget: inout Int, visit: (String) -> Void) {
        guard depth < 32, let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        while budget > 0, let entry = readdir(stream) {
            budget -= 1
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFLNK: visit(path)
            case S_IFDIR: walk(path, depth: depth + 1, budget: &budget, visit: visit)
            default: break
            }
        }
    }

    /// `realpath` of `path`; nil when it leads nowhere.
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
