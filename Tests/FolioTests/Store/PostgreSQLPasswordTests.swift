import Foundation
import Testing

@testable import Folio

/// `--state-password-file`: the password reaches libpq apart from the URL
/// (issue 24, item 9). scripts/postgres asks members of
/// folio_password_required for their password over TCP.
@Suite(.enabled(if: PostgreSQLTestServer.url != nil, PostgreSQLTestServer.skipReason))
struct PostgreSQLPasswordTests {
    /// The group, made by whichever test comes first.
    static let createGroup = """
        DO $$ BEGIN CREATE ROLE folio_password_required NOLOGIN;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$
        """

    @Test func theFilesPasswordLogsInToARoleThatNeedsOne() throws {
        let url = try #require(PostgreSQLTestServer.url)
        let role = "folio_password_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let password = UUID().uuidString
        let admin = try PostgreSQLConnection(conninfo: url)
        try admin.execute(Self.createGroup)
        try admin.execute("CREATE ROLE \(role) LOGIN PASSWORD '\(password)' IN ROLE folio_password_required")
        try admin.execute("CREATE DATABASE \(role) OWNER \(role)")
        defer {
            _ = try? admin.execute("DROP DATABASE IF EXISTS \(role) WITH (FORCE)")
            _ = try? admin.execute("DROP ROLE IF EXISTS \(role)")
        }
        let folder = try TemporaryFolder()
        let file = try folder.write("pgpass", password + "\n")
        chmod(file, 0o600)
        // Over TCP, where the role must give its password; libpq's own sources left out.
        let base = url.split(separator: "?", maxSplits: 1)[0]
        let hostAndPort = base.split(separator: "@", maxSplits: 1)[1].split(separator: "/")[0]
        let roleURL = "postgresql://\(role)@\(hostAndPort)/\(role)?passfile=/nonexistent"

        let store = try PostgreSQLSessionStore(
            address: try PostgreSQLAddress(url: roleURL, password: try PostgreSQLPasswordFile.read(file)))
        try store.insert(SessionRecord(id: "s1", csrfToken: "t1", lastSeen: 1))
        #expect(try store.session(id: "s1")?.csrfToken == "t1")

        #expect(throws: StoreError.self) {
            try PostgreSQLSessionStore(address: try PostgreSQLAddress(url: roleURL))
        }
        do {
            _ = try PostgreSQLSessionStore(
                address: try PostgreSQLAddress(url: roleURL, password: "wrong-password"))
            Issue.record("a wrong password was accepted")
        } catch {
            #expect(error.message.contains("password authentication failed"))
            #expect(!error.message.contains("wrong-password"))
        }
    }
}
