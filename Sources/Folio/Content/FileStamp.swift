#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A data file's identity, size and modification time (to the nanosecond):
/// a refresh reads the file again only when one of them changed, so a file
/// replaced by a rename, or rewritten within the same second, is seen.
struct FileStamp: Sendable, Hashable {
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    /// The stamp of the file at `path`, or nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Glibc)
            modifiedSeconds = Int(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        #else
            modifiedSeconds = Int(info.st_mtimespec.tv_sec)
            modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
        #endif
    }
}
