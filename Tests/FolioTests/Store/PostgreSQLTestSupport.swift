import FolioCore
import FolioSync
import Foundation
import Testing

@testable import Folio

/// The PostgreSQL the tests run against: `FOLIO_TEST_POSTGRES_URL`, which
/// scripts/test sets after starting one with scripts/postgres.
enum PostgreSQLTestServer {
    static let url = ProcessInfo.processInfo.environment["FOLIO_TEST_POSTGRES_URL"]

    /// Why the suites are skipped when there is no server.
    static let skipReason: Comment =
        "FOLIO_TEST_POSTGRES_URL is unset: scripts/test starts a PostgreSQL (scripts/postgres start DIR) and sets it"

    /// CREATE DATABASE one at a time: concurrent ones may trip over the template.
    private static let creating = LockedValue(0)

    /// The URL of a new, empty database on the test server, for one test.
    static func freshDatabase() throws -> String {
        let url = try #require(url)
        let name = "folio_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try creating.withLock { (count) throws(StoreError) in
            // A name cannot be a bound parameter; this one is made here, of hex digits.
            try PostgreSQLConnection(conninfo: url).execute("CREATE DATABASE \(name)")
            count += 1
        }
        let base = url.split(separator: "?", maxSplits: 1)[0]
        return base[..<(base.lastIndex(of: "/") ?? base.endIndex)] + "/" + name
    }
}

/// A PostgreSQL cluster of a test's own (scripts/postgres in a temporary
/// folder), which the test may stop and start; stopped when released.
final class ThrowawayPostgreSQL: Sendable {
    let folder: TemporaryFolder
    let url: String

    init() throws {
        folder = try TemporaryFolder()
        url = try Self.script("start", folder.path)
    }

    deinit { _ = try? Self.script("stop", folder.path) }

    func stop() throws { try Self.script("stop", folder.path) }

    func start() throws { try Self.script("start", folder.path) }

    /// Runs scripts/postgres and returns what it printed.
    @discardableResult
    private static func script(_ command: String, _ folder: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = root.appendingPathComponent("scripts/postgres")
        process.arguments = [command, folder]
        // A file, not a pipe: the server it starts inherits the descriptor
        // and would hold a pipe open, so reading to its end would never end.
        let outputPath = folder + "/script-output"
        guard FileManager.default.createFile(atPath: outputPath, contents: nil),
            let output = FileHandle(forWritingAtPath: outputPath)
        else { throw StoreError("cannot create \(outputPath)") }
        defer { try? output.close() }
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw StoreError("scripts/postgres \(command) exited \(process.terminationStatus)")
        }
        let printed = try Data(contentsOf: URL(fileURLWithPath: outputPath))
        return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// What the PostgreSQL store's batch tests start from.
protocol PostgreSQLBatchFixture {
    var url: String { get }
}

extension PostgreSQLBatchFixture {
    /// Pager `x`'s record (pages `p0` to `p3`) with page `index` selected and shown once.
    func record(selecting index: Int) throws -> PagerRecord {
        var state = try PagerState(pages: (0..<4).map { Page(key: "p\($0)", title: "Page \($0)") })
        _ = try state.send(.appeared)
        _ = try state.select(index: index)
        return PagerRecord(state: state, shownCounts: ["p\(index)": 1])
    }

    /// A store holding sessions `s0` to `s<count-1>`, each on page 0 of pager `x`.
    func store(withSessions count: Int) throws -> PostgreSQLSessionStore {
        let store = try PostgreSQLSessionStore(url: url)
        for index in 0..<count {
            try store.insert(
                SessionRecord(
                    id: "s\(index)", csrfToken: "t", lastSeen: 1, pagers: ["x": try record(selecting: 0)]))
        }
        return store
    }
}
