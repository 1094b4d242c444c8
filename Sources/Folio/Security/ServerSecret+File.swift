import Foundation

/// A secret file given on the command line and shared by several
/// instances: the first to start writes it, the others read it.
///
/// The file is created whole or not at all: the digits are written and
/// synced to a private temporary file beside it (`O_CREAT | O_EXCL`, mode
/// `0600`), which is then `link`ed to the path. `link` fails when the path
/// exists, so of two instances starting together one creates the file and
/// the other reads it, and no reader ever sees a half-written secret.
/// (The temporary name is always system-random, so an injected `random`
/// that repeats cannot make two creators collide.)
extension ServerSecret {
    /// The most bytes a secret file may hold: a secret, not a document.
    private static let maximumFileSize = 4096

    /// The secret in the file at `path`, creating the file when absent.
    ///
    /// A new file holds 32 random bytes as 64 lowercase hex digits and a
    /// newline, mode `0600`. An existing file's bytes, trailing whitespace
    /// trimmed, are decoded as hex when they are 64 or more hex digits
    /// (either case) and taken as they are otherwise.
    /// - Parameters:
    ///   - path: The secret file; its folder must exist.
    ///   - random: Where a new file's bytes come from. Default the system's
    ///     secure generator.
    /// - Throws: `ServerSecretError` naming the path and the fix when the
    ///   file cannot be created or read, is readable or writable by group
    ///   or others, is not a regular file, holds fewer than 32 bytes, or
    ///   is not Folio's user's own or in a folder others may change
    ///   (`FileOwnership`).
    public static func file(at path: String, random: any RandomSource = SystemRandomSource())
        throws(ServerSecretError) -> ServerSecret
    {
        if let problem = FileOwnership.folderProblem(of: path) {
            throw ServerSecretError(path: path, problem)
        }
        if let created = try createIfAbsent(path, random: random) { return created }
        return try read(path)
    }

    /// Writes a new secret to `path` and returns it, or returns `nil` when
    /// a file is already there (another instance's, to be read).
    private static func createIfAbsent(_ path: String, random: any RandomSource) throws(ServerSecretError)
        -> ServerSecret?
    {
        if FileManager.default.fileExists(atPath: path) { return nil }
        let secret = ServerSecret(unchecked: random.randomBytes(count: minimumByteCount))
        var text: [UInt8] = []
        Hex.append(secret.bytes, to: &text)
        text.append(UInt8(ascii: "\n"))
        let temporary = path + ".tmp-" + Hex.encode(SystemRandomSource().randomBytes(count: 8))
        let descriptor = retrying { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else {
            throw failure(path, "cannot create the server secret file", hint: createHint(path))
        }
        defer { unlink(temporary) }
        let written = text.withUnsafeBytes { bytes in
            retrying { write(descriptor, bytes.baseAddress, bytes.count) }
        }
        let synced = written == text.count && fsync(descriptor) == 0
        let closed = close(descriptor) == 0
        guard synced, closed else {
            throw failure(path, "cannot write the server secret file", hint: createHint(path))
        }
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { return nil }
            throw failure(path, "cannot create the server secret file", hint: createHint(path))
        }
        syncFolder(of: path)
        return secret
    }

    /// The secret in the existing file at `path`.
    private static func read(_ path: String) throws(ServerSecretError) -> ServerSecret {
        // O_NOFOLLOW: the owner checked below is that of the file read.
        let descriptor = retrying { open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }
        guard descriptor >= 0 else {
            throw failure(
                path, "cannot read the server secret file",
                hint: "check that it exists and that this user may read it")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw failure(path, "cannot check the server secret file", hint: "check its permissions")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw ServerSecretError(
                path: path, "the server secret file '\(path)' is not a regular file; give the path of a file")
        }
        if let problem = FileOwnership.ownerProblem(status.st_uid, of: path) {
            throw ServerSecretError(path: path, "the server secret file \(problem)")
        }
        let mode = status.st_mode & 0o7777
        guard mode & 0o077 == 0 else {
            throw ServerSecretError(
                path: path,
                "the server secret file '\(path)' is readable or writable by group or others (mode "
                    + "\(String(mode, radix: 8))); make it private with `chmod 600 \(path)`")
        }
        let contents = try readAll(descriptor, path)
        return try secret(from: contents, path)
    }

    /// Reads the whole (small) file behind `descriptor`.
    private static func readAll(_ descriptor: Int32, _ path: String) throws(ServerSecretError) -> [UInt8] {
        var contents = [UInt8](repeating: 0, count: maximumFileSize + 1)
        var count = 0
        while count < contents.count {
            let read = contents.withUnsafeMutableBytes { buffer in
                retrying { Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count) }
            }
            guard read >= 0 else {
                throw failure(path, "cannot read the server secret file", hint: "check that it is readable")
            }
            if read == 0 { break }
            count += read
        }
        guard count <= maximumFileSize else {
            throw ServerSecretError(
                path: path,
                "the server secret file '\(path)' is larger than \(maximumFileSize) bytes; it should hold "
                    + "64 hex digits (`openssl rand -hex 32`)")
        }
        return Array(contents[..<count])
    }

    /// The secret a file's `contents` spell: hex when they are 64 or more
    /// hex digits, the bytes themselves otherwise.
    static func secret(from contents: [UInt8], _ path: String) throws(ServerSecretError) -> ServerSecret {
        var end = contents.endIndex
        while end > contents.startIndex, isWhitespace(contents[end - 1]) { end -= 1 }
        let trimmed = contents[..<end]
        let isHex =
            trimmed.count >= 2 * minimumByteCount
            && trimmed.allSatisfy { Hex.value(of: $0, uppercase: true) != nil }
        if isHex {
            guard let bytes = Hex.decode(trimmed, uppercase: true) else {
                throw ServerSecretError(
                    path: path,
                    "the server secret file '\(path)' holds an odd number of hex digits (\(trimmed.count)); "
                        + "it should hold 64, e.g. from `openssl rand -hex 32`")
            }
            return ServerSecret(unchecked: bytes)
        }
        guard trimmed.count >= minimumByteCount else {
            throw ServerSecretError(
                path: path,
                "the server secret file '\(path)' holds \(trimmed.count) bytes, fewer than the "
                    + "\(minimumByteCount) a secret needs; put 64 hex digits in it "
                    + "(`openssl rand -hex 32 > \(path)`) or delete it to have one made")
        }
        return ServerSecret(unchecked: Array(trimmed))
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    private static func createHint(_ path: String) -> String {
        "check that its folder exists and this user may write there, or create it yourself "
            + "(`openssl rand -hex 32 > \(path) && chmod 600 \(path)`)"
    }

    /// An error for a failed call, with `errno`'s text, the path and the fix.
    private static func failure(_ path: String, _ what: String, hint: String) -> ServerSecretError {
        let reason = String(cString: strerror(errno))
        return ServerSecretError(path: path, "\(what) '\(path)': \(reason); \(hint)")
    }

    /// Syncs the folder holding `path`, so the new name survives a crash.
    /// Best effort: the file is usable either way.
    private static func syncFolder(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Calls `call` again while it fails with `EINTR`.
    private static func retrying<T: FixedWidthInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
