import CLinux
import Foundation
import Testing

@testable import FolioHTTP

#if canImport(Glibc)
    import Glibc
#endif

/// A symlink anywhere on the path, a folder included, is refused with 404,
/// with `openat2` and on the `realpath` way kernels without it take (issue 11, item 12c).
@Suite struct StaticFilesSymlinkTests {
    let root: String
    let outside: String

    init() throws {
        let top = NSTemporaryDirectory() + "folio-symlink-\(UUID().uuidString)"
        root = top + "/public"
        outside = top + "/outside"
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/real/deeper", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try "inner".write(toFile: root + "/real/inner.txt", atomically: true, encoding: .utf8)
        try "deep".write(toFile: root + "/real/deeper/deep.txt", atomically: true, encoding: .utf8)
        try "secret".write(toFile: outside + "/secret.txt", atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root + "/linked", withDestinationPath: root + "/real")
        try manager.createSymbolicLink(atPath: root + "/relative", withDestinationPath: "real")
        try manager.createSymbolicLink(atPath: root + "/real/up", withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: root + "/out", withDestinationPath: outside)
        try manager.createSymbolicLink(atPath: root + "/real/file-link.txt", withDestinationPath: "inner.txt")
    }

    func status(_ path: String, useOpenat2: Bool) throws -> HTTPStatus {
        let files = try StaticFiles(root: root, useOpenat2: useOpenat2)
        return files.response(for: HTTPRequest(method: .get, target: "/" + path), path: path).status
    }

    @Test(arguments: [true, false])
    func servesPlainPathsAtAnyDepth(useOpenat2: Bool) throws {
        #expect(try status("real/inner.txt", useOpenat2: useOpenat2) == .ok)
        #expect(try status("real/deeper/deep.txt", useOpenat2: useOpenat2) == .ok)
    }

    @Test(arguments: [true, false])
    func refusesASymlinkInAnyComponent(useOpenat2: Bool) throws {
        for path in [
            "linked/inner.txt", "relative/inner.txt", "linked/deeper/deep.txt", "real/up/real/inner.txt",
            "out/secret.txt", "real/file-link.txt",
        ] {
            #expect(try status(path, useOpenat2: useOpenat2) == .notFound, "\(path)")
        }
    }

    @Test func usesOpenat2WhereTheKernelHasIt() throws {
        let probe = folio_openat2(AT_FDCWD, "/", UInt64(UInt32(bitPattern: O_RDONLY | O_DIRECTORY)), 0)
        let kernelHasIt = probe >= 0 || errno != ENOSYS
        if probe >= 0 { close(probe) }
        #expect(try StaticFiles(root: root).usesOpenat2 == kernelHasIt)
        #expect(try !StaticFiles(root: root, useOpenat2: false).usesOpenat2)
    }
}
