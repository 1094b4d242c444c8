import Testing

@testable import Folio

/// The form-signing secret kept in the state store: the first candidate
/// stored wins, across restarts and across instances on one file.
@Suite struct StoreSecretTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    let first: [UInt8] = Array(repeating: 1, count: 32)
    let second: [UInt8] = Array(repeating: 2, count: 32)

    @Test func sqliteSecretSurvivesReopeningTheFile() throws {
        let path = folder.path + "/state.sqlite"
        do {
            let store = try SQLiteSessionStore(path: path)
            #expect(try store.serverSecret(storingIfAbsent: first) == first)
        }
        let reopened = try SQLiteSessionStore(path: path)
        #expect(try reopened.serverSecret(storingIfAbsent: second) == first)
    }

    @Test func twoSQLiteStoresOnOneFileAgree() throws {
        let path = folder.path + "/shared.sqlite"
        let one = try SQLiteSessionStore(path: path)
        let other = try SQLiteSessionStore(path: path)
        #expect(try other.serverSecret(storingIfAbsent: second) == second)
        #expect(try one.serverSecret(storingIfAbsent: first) == second)
        #expect(try other.serverSecret(storingIfAbsent: first) == second)
    }

    @Test func theSecretLeavesTheSessionsAndFileModesAlone() throws {
        let path = folder.path + "/modes.sqlite"
        let store = try SQLiteSessionStore(path: path)
        try store.insert(SessionRecord(id: "s1", csrfToken: "t1", lastSeen: 1))
        _ = try store.serverSecret(storingIfAbsent: first)
        #expect(try store.count() == 1)
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(try SecurityServerSecretTests.mode(file) == 0o600, "\(file)")
        }
    }

    @Test func memoryStoreKeepsTheFirstCandidate() throws {
        let store = MemorySessionStore()
        #expect(try store.serverSecret(storingIfAbsent: first) == first)
        #expect(try store.serverSecret(storingIfAbsent: second) == first)
    }
}

/// `FailingStore` (AppTests.swift) fails here as everywhere: no disk, no secret.
extension FailingStore {
    func serverSecret(storingIfAbsent candidate: [UInt8]) throws(StoreError) -> [UInt8] {
        throw StoreError("disk full")
    }
}
