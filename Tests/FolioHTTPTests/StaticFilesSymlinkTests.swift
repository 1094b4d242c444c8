import CLinux
import Foundation
import Testing

@testable import FolioHTTP

#if canImport(Glibc)
    import Glibc
#endif

/// Symlinks in the public folder (issue 26, item 6): one whose target stays
/// inside an allowed root is served, in any component, with `openat2` and on
/// the `realpath` way kernels without it take; one leading out is refused
/// with a `403` that says why (before: every symlink was a silent 404), and
/// `linksLeavingRoots()` names it for a warning at start.
@Suite struct StaticFilesSymlinkTests {
    let root: String
    let outside: String
    let second: String

    init() throws {
        let top = NSTemporaryDirectory() + "folio-symlink-\(UUID().uuidString)"
        root = top + "/public"
        outside = top + "/outside"
        second = top + "/second"
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/real/deeper", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try manager.createDirectory(atPath: second, withIntermediateDirectories: true)
        try "inner".write(toFile: root + "/real/inner.txt", atomically: true, encoding: .utf8)
        try "deep".write(toFile: root + "/real/deeper/deep.txt", atomically: true, encoding: .utf8)
        try "secret".write(toFile: outside + "/secret.txt", atomically: true, encoding: .utf8)
        try "shared".write(toFile: second + "/shared.css", atomically: true, encoding: .utf8)
        try "mine".write(toFile: root + "/both.txt", atomically: true, encoding: .utf8)
        try "theirs".write(toFile: second + "/both.txt", atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root + "/linked", withDestinationPath: root + "/real")
        try manager.createSymbolicLink(atPath: root + "/relative", withDestinationPath: "real")
        try manager.createSymbolicLink(atPath: root + "/real/up", withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: root + "/out", withDestinationPath: outside)
        try manager.createSymbolicLink(atPath: root + "/real/file-link.txt", withDestinationPath: "inner.txt")
        try manager.createSymbolicLink(
            atPath: root + "/to-second.css", withDestinationPath: second + "/shared.css")
        try manager.createSymbolicLink(atPath: root + "/dangling.txt", withDestinationPath: "nowhere.txt")
        try "hidden".write(toFile: root + "/.env", atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root + "/env.txt", withDestinationPath: ".env")
    }

    func get(_ path: String, roots: [String]? = nil, useOpenat2: Bool) throws -> HTTPResponse {
        let files = try StaticFiles(roots: roots ?? [root], useOpenat2: useOpenat2)
        return files.response(for: HTTPRequest(method: .get, target: "/" + path), path: path)
    }

    func text(_ response: HTTPResponse) -> String? {
        guard case .bytes(let bytes) = response.body else { return nil }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: [true, false])
    func servesPlainPathsAtAnyDepth(useOpenat2: Bool) throws {
        #expect(try text(get("real/inner.txt", useOpenat2: useOpenat2)) == "inner")
        #expect(try text(get("real/deeper/deep.txt", useOpenat2: useOpenat2)) == "deep")
    }

    @Test(arguments: [true, false])
    func servesASymlinkInAnyComponentWhoseTargetStaysInside(useOpenat2: Bool) throws {
        for (path, body) in [
            ("linked/inner.txt", "inner"), ("relative/inner.txt", "inner"),
            ("linked/deeper/deep.txt", "deep"),
            ("real/up/real/inner.txt", "inner"), ("real/file-link.txt", "inner"),
        ] {
            let response = try get(path, useOpenat2: useOpenat2)
            #expect(response.status == .ok && text(response) == body, "\(path)")
        }
    }

    @Test(arguments: [true, false])
    func refusesASymlinkLeadingOutWithAReason(useOpenat2: Bool) throws {
        let response = try get("out/secret.txt", useOpenat2: useOpenat2)
        #expect(response.status == .forbidden)
        #expect(
            text(response)
                == "refused: out/secret.txt is a symbolic link to a file outside the public folders")
        #expect(try get("dangling.txt", useOpenat2: useOpenat2).status == .notFound)
        #expect(try get("env.txt", useOpenat2: useOpenat2).status == .notFound)
    }

    @Test(arguments: [true, false])
    func searchesTheRootsInOrderAndFollowsALinkIntoAnother(useOpenat2: Bool) throws {
        let roots = [root, second]
        #expect(try text(get("both.txt", roots: roots, useOpenat2: useOpenat2)) == "mine")
        #expect(try text(get("shared.css", roots: roots, useOpenat2: useOpenat2)) == "shared")
        #expect(try text(get("to-second.css", roots: roots, useOpenat2: useOpenat2)) == "shared")
        // With the second folder not a root, the same link leads out.
        #expect(try get("to-second.css", useOpenat2: useOpenat2).status == .forbidden)
    }

    @Test func listsTheLinksThatLeadOut() throws {
        let resolved = { (path: String) in URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
        let files = try StaticFiles(roots: [root, second])
        #expect(files.linksLeavingRoots() == ["\(files.root)/out -> \(resolved(outside))"])
        #expect(
            try StaticFiles(root: root).linksLeavingRoots().sorted() == [
                "\(files.root)/out -> \(resolved(outside))",
                "\(files.root)/to-second.css -> \(resolved(second))/shared.css",
            ])
    }

    @Test func usesOpenat2WhereTheKernelHasIt() throws {
        let probe = folio_openat2(AT_FDCWD, "/", UInt64(UInt32(bitPattern: O_RDONLY | O_DIRECTORY)), 0)
        let kernelHasIt = probe >= 0 || errno != ENOSYS
        if probe >= 0 { close(probe) }
        #expect(try StaticFiles(root: root).usesOpenat2 == kernelHasIt)
        #expect(try !StaticFiles(root: root, useOpenat2: false).usesOpenat2)
    }
}
