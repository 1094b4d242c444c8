import Foundation
import Testing

@testable import Folio

/// The secret that signs form tokens: given as bytes, made at random, or
/// kept in a file that several instances share.
@Suite struct SecurityServerSecretTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    func write(_ name: String, _ bytes: [UInt8], mode: Int = 0o600) throws -> String {
        let path = folder.path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    @Test func fewerThan32BytesAreRefused() throws {
        #expect(throws: ServerSecretError.self) { try ServerSecret(bytes: Array(repeating: 1, count: 31)) }
        #expect(try ServerSecret(bytes: Array(repeating: 1, count: 32)).bytes.count == 32)
    }

    @Test func aRandomSecretHas32BytesFromTheSource() {
        let secret = ServerSecret.random(CountingRandom())
        #expect(secret.bytes == Array(repeating: 0, count: 32))
        #expect(ServerSecret.random() != ServerSecret.random())
    }

    @Test func anAbsentFileIsCreatedPrivateWith64HexDigits() throws {
        let path = folder.path + "/secret"
        let secret = try ServerSecret.file(at: path)
        #expect(try Self.mode(path) == 0o600)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == Hex.encode(secret.bytes) + "\n")
        #expect(text.utf8.count == 65)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["secret"])
    }

    @Test func aSecondCallReadsTheSameSecret() throws {
        let path = folder.path + "/secret"
        let first = try ServerSecret.file(at: path)
        let second = try ServerSecret.file(at: path)
        #expect(first == second)
    }

    @Test func hexIsDecodedAndTrailingWhitespaceTrimmed() throws {
        let bytes = (0..<32).map { UInt8($0 * 7) }
        let path = try write("hex", Array((Hex.encode(bytes).uppercased() + " \r\n\n").utf8))
        #expect(try ServerSecret.file(at: path).bytes == bytes)
    }

    @Test func otherContentsAreTakenAsRawBytes() throws {
        let text = Array("a passphrase of thirty-two bytes or more".utf8)
        let path = try write("raw", text + Array("\n".utf8))
        #expect(try ServerSecret.file(at: path).bytes == text)
    }

    @Test func aShortFileIsRefusedNamingThePath() throws {
        let path = try write("short", Array("too short\n".utf8))
        let error = try #require(throws: ServerSecretError.self) { try ServerSecret.file(at: path) }
        #expect(error.path == path)
        #expect(error.message.contains(path) && error.message.contains("fewer than the 32"))
    }

    @Test func aFileOthersMayReadIsRefusedWithTheFix() throws {
        let path = try write("open", Array(Hex.encode(Array(repeating: 9, count: 32)).utf8), mode: 0o644)
        let error = try #require(throws: ServerSecretError.self) { try ServerSecret.file(at: path) }
        #expect(error.message.contains("chmod 600 \(path)"))
        let writable = try write("writable", Array(repeating: 65, count: 40), mode: 0o620)
        #expect(throws: ServerSecretError.self) { try ServerSecret.file(at: writable) }
    }

    @Test func aMissingFolderIsAnErrorNamingThePath() throws {
        let path = folder.path + "/missing/secret"
        let error = try #require(throws: ServerSecretError.self) { try ServerSecret.file(at: path) }
        #expect(error.message.contains(path))
    }

    @Test func instancesStartingTogetherAgree() async throws {
        let path = folder.path + "/shared"
        let secrets = try await withThrowingTaskGroup(of: ServerSecret.self) { group in
            for _ in 0..<8 { group.addTask { try ServerSecret.file(at: path) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(secrets.map(\.bytes)).count == 1)
    }
}

extension SecurityServerSecretTests {
    @Test func printingASecretShowsOnlyItsLength() {
        let secret = ServerSecret.random()
        #expect("\(secret)" == "ServerSecret(32 bytes)")
        #expect(String(reflecting: secret) == "ServerSecret(32 bytes)")
    }
}
