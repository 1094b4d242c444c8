import Foundation
import Testing

@testable import Folio

/// The state database holds every session id and CSRF token: only its owner
/// may read it (issue 11, item 7).
@Suite struct StateFileModeTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    @Test func aNewDatabaseAndItsWalAndShmAreOwnerOnly() throws {
        // With the usual umask (022) SQLite alone would make them 0644.
        let path = folder.path + "/state.sqlite"
        let store = try SQLiteSessionStore(path: path)
        try store.insert(SessionRecord(id: "s1", csrfToken: "t1", lastSeen: 1))
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(try mode(file) == 0o600, "\(file)")
        }
    }

    @Test func looserModesOfAnExistingDatabaseAreTightenedWhenItOpens() throws {
        let path = folder.path + "/old.sqlite"
        do {
            let store = try SQLiteSessionStore(path: path)
            try store.insert(SessionRecord(id: "s1", csrfToken: "t1", lastSeen: 1))
            // Another process keeps the database open, so -wal and -shm stay.
            for file in [path, path + "-wal", path + "-shm"] { chmod(file, 0o664) }
            let reopened = try SQLiteSessionStore(path: path)
            #expect(try reopened.session(id: "s1")?.csrfToken == "t1")
            for file in [path, path + "-wal", path + "-shm"] {
                #expect(try mode(file) == 0o600, "\(file)")
            }
        }
    }

    @Test func aDatabaseNamedByURIIsTightenedToo() throws {
        let path = folder.path + "/uri.sqlite"
        _ = FileManager.default.createFile(
            atPath: path, contents: nil, attributes: [.posixPermissions: 0o644])
        _ = try SQLiteSessionStore(path: "file:\(path)")
        #expect(try mode(path) == 0o600)
    }
}
