import Foundation

/// `--state-password-file FILE`: the PostgreSQL password, kept out of the
/// URL (which every local user sees in `ps`) and so out of messages.
///
/// The file is held to the rules of `--csrf-secret-file`: a regular file
/// (not a symlink), Folio's user's own, neither readable nor writable by
/// group or others, in a folder nobody else may change. Its trailing line
/// ends are not part of the password (`echo PW > FILE` adds one).
public enum PostgreSQLPasswordFile {
    /// The most bytes the file may hold: a password, not a document.
    private static let maximumSize = 4096

    /// The password in the file at `path`.
    /// - Throws: `StoreError` naming the file and the fix.
    public static func read(_ path: String) throws(StoreError) -> String {
        if let problem = FileOwnership.folderProblem(of: path) { throw StoreError(problem) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            throw StoreError("cannot read the password file '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        // Checked on the descriptor read from, so the file cannot change in between.
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw StoreError("the password file '\(path)' is not a regular file")
        }
        if let problem = FileOwnership.ownerProblem(status.st_uid, of: path) {
            throw StoreError("the password file \(problem)")
        }
        let mode = status.st_mode & 0o7777
        guard mode & 0o077 == 0 else {
            throw StoreError(
                "the password file '\(path)' is readable or writable by group or others (mode "
                    + "\(String(mode, radix: 8))); make it private with `chmod 600 \(path)`")
        }
        var bytes = try readAll(descriptor, path)
        while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
            bytes.removeLast()
        }
        guard !bytes.isEmpty, let password = String(validating: bytes, as: UTF8.self) else {
            throw StoreError("the password file '\(path)' holds no password (it is empty or not UTF-8 text)")
        }
        return password
    }

    private static func readAll(_ descriptor: Int32, _ path: String) throws(StoreError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: maximumSize + 1)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else {
                throw StoreError(
                    "cannot read the password file '\(path)': \(String(cString: strerror(errno)))")
            }
            if read == 0 { break }
            count += read
        }
        guard count <= maximumSize else {
            throw StoreError("the password file '\(path)' is larger than \(maximumSize) bytes")
        }
        return Array(bytes[..<count])
    }
}
