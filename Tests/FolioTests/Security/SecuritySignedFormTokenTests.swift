import Testing

@testable import Folio

/// Form tokens for visitors without a session: signed, dated, and refused
/// on any change.
@Suite struct SecuritySignedFormTokenTests {
    let secret = try! ServerSecret(bytes: Array(repeating: 7, count: 32))
    let token = SignedFormToken(nonce: (0..<16).map { UInt8($0 * 17) }, issuedAt: 1_800_000_000)
    let maxAge: Double = 3600

    func check(_ text: String, now: Double? = nil, secret: ServerSecret? = nil) -> SignedFormToken? {
        SignedFormToken.verified(
            text, secret: secret ?? self.secret, now: now ?? Double(token.issuedAt) + 5, maxAge: maxAge)
    }

    /// A token whose time is spelled `time` (maybe non-canonically), with a
    /// valid MAC over exactly that spelling.
    func signed(time: String, nonce: String) -> String {
        let mac = HMACSHA256.authenticate(
            Array("folio-form-token-v1|\(time)|\(nonce)".utf8), key: secret.bytes)
        return "f1.\(time).\(nonce).\(Hex.encode(mac))"
    }

    @Test func aTokenRoundTrips() {
        let text = token.encoded(secret: secret)
        #expect(check(text) == token)
    }

    @Test func theTextIsTheDocumentedFormat() {
        let text = token.encoded(secret: secret)
        #expect(text == signed(time: "6b49d200", nonce: "00112233445566778899aabbccddeeff"))
        #expect(text.utf8.count == 3 + 8 + 1 + 32 + 1 + 64)
        #expect(token.nonceHex == "00112233445566778899aabbccddeeff")
    }

    @Test func timesAreSpelledInHexWithoutLeadingZerosAtEveryLength() {
        let times =
            [0, 1, 15, 16, 255, 256, 4095, 4096, 1_800_000_000, Int(Int32.max), Int.max]
            + (0..<63).map { 1 << $0 }
        for time in times {
            var digits: [UInt8] = []
            Hex.append(number: time, to: &digits)
            #expect(String(decoding: digits, as: UTF8.self) == String(time, radix: 16), "\(time)")
            let text = SignedFormToken(nonce: token.nonce, issuedAt: time).encoded(secret: secret)
            #expect(text.hasPrefix("f1.\(String(time, radix: 16))."), "\(time)")
        }
    }

    @Test func aTokenIssuedAtZeroRoundTrips() {
        let early = SignedFormToken(nonce: Array(repeating: 1, count: 16), issuedAt: 0)
        #expect(
            SignedFormToken.verified(early.encoded(secret: secret), secret: secret, now: 1, maxAge: 10)
                == early)
    }

    @Test func freshTokensTakeTheirNonceFromTheSourceAndWholeSeconds() {
        let fresh = SignedFormToken(issuedAt: 12.9, random: CountingRandom())
        #expect(fresh.issuedAt == 12 && fresh.nonce == Array(repeating: 0, count: 16))
    }

    @Test func oneChangedCharacterAnywhereIsRefused() {
        let text = Array(token.encoded(secret: secret).utf8)
        for index in text.indices {
            for replacement in Array("0af.Ag-1".utf8) where replacement != text[index] {
                var changed = text
                changed[index] = replacement
                #expect(check(String(decoding: changed, as: UTF8.self)) == nil, "at \(index)")
            }
        }
    }

    @Test func anotherSecretIsRefused() throws {
        let other = try ServerSecret(bytes: Array(repeating: 8, count: 32))
        #expect(check(token.encoded(secret: secret), secret: other) == nil)
    }

    @Test func anExpiredTokenIsRefused() {
        let text = token.encoded(secret: secret)
        let issued = Double(token.issuedAt)
        #expect(check(text, now: issued + maxAge) == token)
        #expect(check(text, now: issued + maxAge + 1) == nil)
    }

    @Test func aTokenFromTheFutureIsRefused() {
        let text = token.encoded(secret: secret)
        let issued = Double(token.issuedAt)
        #expect(check(text, now: issued - 60) == token)
        #expect(check(text, now: issued - 61) == nil)
        #expect(check(text, now: .nan) == nil)
    }

    @Test func otherSpellingsOfAValidMACAreRefused() {
        let nonce = "00112233445566778899aabbccddeeff"
        #expect(check(signed(time: "6b49d200", nonce: nonce)) == token)
        #expect(check(signed(time: "06b49d200", nonce: nonce)) == nil)
        #expect(check(signed(time: "6B49D200", nonce: nonce)) == nil)
        #expect(check(signed(time: "6b49d200", nonce: nonce.uppercased())) == nil)
        #expect(check(token.encoded(secret: secret).uppercased()) == nil)
    }

    @Test func garbageIsRefused() {
        let text = token.encoded(secret: secret)
        let garbage = [
            "", "f1.", "f1..", "f1...", "f2" + text.dropFirst(2), text + "0", String(text.dropLast()),
            text + "." + text, String(repeating: "a", count: 100_000),
            "f1.é.\(token.nonceHex).\(text.suffix(64))",
            "f1.\(String(repeating: "f", count: 16)).\(token.nonceHex).\(text.suffix(64))",
            " " + text, text + "\n",
        ]
        for candidate in garbage { #expect(check(candidate) == nil, "\(candidate.prefix(40))") }
    }

    @Test func theCookieNonceIsExactly32LowercaseHexDigits() {
        #expect(SignedFormToken.nonce(fromCookie: token.nonceHex) == token.nonce)
        for bad in [
            "", token.nonceHex.uppercased(), String(token.nonceHex.dropLast()), token.nonceHex + "0",
            String(token.nonceHex.dropLast()) + "g", " " + token.nonceHex.dropFirst(),
        ] {
            #expect(SignedFormToken.nonce(fromCookie: bad) == nil, "\(bad)")
        }
    }
}
