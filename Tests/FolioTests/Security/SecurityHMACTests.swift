import Dispatch
import FolioSync
import Foundation
import Testing

@testable import Folio

/// HMAC-SHA256 against the test vectors of RFC 4231.
@Suite struct SecurityHMACTests {
    func hex(_ text: String) -> [UInt8] { Hex.decode(Array(text.utf8))! }

    @Test func rfc4231Case1() {
        let mac = HMACSHA256.authenticate(Array("Hi There".utf8), key: Array(repeating: 0x0b, count: 20))
        #expect(mac == hex("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"))
    }

    @Test func rfc4231Case2KeyShorterThanTheMac() {
        let mac = HMACSHA256.authenticate(Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8))
        #expect(mac == hex("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"))
    }

    @Test func rfc4231Case3() {
        let mac = HMACSHA256.authenticate(
            Array(repeating: 0xdd, count: 50), key: Array(repeating: 0xaa, count: 20))
        #expect(mac == hex("773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"))
    }

    @Test func rfc4231Case6KeyLongerThanABlock() {
        let message = Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)
        let mac = HMACSHA256.authenticate(message, key: Array(repeating: 0xaa, count: 131))
        #expect(mac == hex("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"))
    }

    /// A key made ready once gives RFC 4231's MACs, for keys shorter than
    /// the MAC, of 20 bytes, and longer than a SHA-256 block (hashed first).
    @Test func aKeyMadeReadyGivesTheRFC4231Macs() {
        let cases: [(key: [UInt8], message: [UInt8], mac: String)] = [
            (
                Array(repeating: 0x0b, count: 20), Array("Hi There".utf8),
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                Array(repeating: 0xaa, count: 131),
                Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
        ]
        for (key, message, expected) in cases {
            var mac = [UInt8](repeating: 0, count: 32)
            message.withUnsafeBytes { message in
                mac.withUnsafeMutableBytes { HMACKey(key).authenticate(message, into: $0) }
            }
            #expect(mac == hex(expected), "key of \(key.count) bytes")
        }
    }

    /// The key a `ServerSecret` keeps gives the one-shot MAC, from many
    /// threads at once (RFC 4231 case 6's message, a 32-byte key).
    @Test func aKeptKeyGivesTheOneShotMacFromManyThreads() async throws {
        let secret = try ServerSecret(bytes: Array(repeating: 0xaa, count: 32))
        let message = Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)
        let expected = HMACSHA256.authenticate(message, key: secret.bytes)
        let macs = await withTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<16 { group.addTask { secret.authenticate(message) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(macs.allSatisfy { $0 == expected })
        #expect(secret.authenticate([]) == HMACSHA256.authenticate([], key: secret.bytes))
    }

    /// A kept key is used for one MAC after another: each MAC is its own
    /// message's, whatever the message before it (lengths across a SHA-256
    /// block and beyond), from several threads at once.
    @Test func oneMacAfterAnotherIsEachMessagesOwn() async throws {
        let secret = try ServerSecret(bytes: (0..<32).map { UInt8($0 * 7 & 0xFF) })
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for thread in 0..<8 {
                group.addTask {
                    var generator = SystemRandomNumberGenerator()
                    var wrong = 0
                    for round in 0..<200 {
                        let length = (thread * 31 + round * 17) % 200
                        let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                        if secret.authenticate(message) != HMACSHA256.authenticate(message, key: secret.bytes)
                        {
                            wrong += 1
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    /// One key signing on eight real threads at once (the task pool may run
    /// only two): every MAC is its own message's, the key's states shared
    /// by all and changed by none.
    @Test func oneKeyGivesEveryThreadItsOwnMessagesMac() {
        let keyBytes = Array("a key shared by many threads".utf8)
        let key = HMACKey(keyBytes)
        // Not `Mutex`: ThreadSanitizer reports one captured by threads as
        // racing (Tests/Security/MutexProbe.swift).
        let wrong = LockedValue(0)
        let finished = DispatchGroup()
        for thread in 0..<8 {
            finished.enter()
            Thread {
                defer { finished.leave() }
                var generator = SystemRandomNumberGenerator()
                for round in 0..<300 {
                    let message = (0..<(thread * 13 + round) % 150).map { _ in
                        UInt8.random(in: 0...255, using: &generator)
                    }
                    var mac = [UInt8](repeating: 0, count: 32)
                    message.withUnsafeBytes { message in
                        mac.withUnsafeMutableBytes { key.authenticate(message, into: $0) }
                    }
                    if mac != HMACSHA256.authenticate(message, key: keyBytes) {
                        wrong.withLock { $0 += 1 }
                    }
                }
            }.start()
        }
        finished.wait()
        #expect(wrong.withLock { $0 } == 0)
    }

    @Test func anEmptyMessageHasAMac() {
        #expect(HMACSHA256.authenticate([], key: Array("key".utf8)).count == 32)
    }

    @Test func equalityComparesEveryByteAndTheLength() {
        let mac = HMACSHA256.authenticate(Array("Hi There".utf8), key: Array("k".utf8))
        var changed = mac
        changed[31] ^= 1
        #expect(HMACSHA256.isEqual(mac, mac))
        #expect(!HMACSHA256.isEqual(mac, changed))
        #expect(!HMACSHA256.isEqual(mac, Array(mac.prefix(31))))
        #expect(!HMACSHA256.isEqual([], mac))
        #expect(HMACSHA256.isEqual([], []))
    }
}
