/// The CSRF token in the form of a visitor who has no session yet.
///
/// Views keep no state, so there is no stored token to compare a POST
/// with: the token proves itself instead. It carries when it was issued
/// and a random nonce, signed with the server secret, and the browser's
/// `folio_csrf` cookie carries the same nonce (double submit): a forged
/// cross-site POST has neither a valid signature nor the cookie. The
/// session is created at the first click, once the token checks out.
///
/// Text form: `f1.<issuedAt hex>.<nonce, 32 hex>.<MAC, 64 hex>`, all
/// lowercase, the MAC being HMAC-SHA256 under the secret of
/// `folio-form-token-v1|<issuedAt hex>|<nonce hex>`.
struct SignedFormToken: Sendable, Equatable {
    /// 16 random bytes chosen when the form was rendered; the `folio_csrf`
    /// cookie carries the same bytes as 32 hex digits when the browser kept it.
    var nonce: [UInt8]
    /// Whole seconds since 1970 when it was issued.
    var issuedAt: Int

    /// The length of a nonce in bytes.
    static let nonceByteCount = 16
    /// What every token starts with: the format's version.
    static let prefix: [UInt8] = Array("f1.".utf8)
    /// What the MAC covers before the time and nonce: the purpose and
    /// version, so no other MAC made with the secret passes for a token.
    static let context: [UInt8] = Array("folio-form-token-v1|".utf8)

    /// `prefix` + issuedAt as lowercase hex + "." + nonce as 32 hex + "." +
    /// the MAC as 64 hex.
    /// - Precondition: `nonce` has 16 bytes and `issuedAt` is not negative.
    func encoded(secret: ServerSecret) -> String {
        String(decoding: encodedBytes(secret: secret), as: UTF8.self)
    }

    /// ``encoded(secret:)`` as UTF-8 bytes. Every sessionless view signs a
    /// token, so the text is built once at its final size and the signed
    /// message on the stack, rather than by concatenating small arrays.
    func encodedBytes(secret: ServerSecret) -> [UInt8] {
        precondition(nonce.count == Self.nonceByteCount, "a form token's nonce has 16 bytes")
        precondition(issuedAt >= 0, "a form token cannot be issued before 1970")
        let digitsCount = 2 * Self.nonceByteCount
        var text: [UInt8] = []
        text.reserveCapacity(
            Self.prefix.count + Int.bitWidth / 4 + 2 + digitsCount + 2 * HMACSHA256.byteCount)
        text += Self.prefix
        Hex.append(number: issuedAt, to: &text)
        let time = Self.prefix.count..<text.count
        text.append(UInt8(ascii: "."))
        Hex.append(nonce, to: &text)
        let nonceDigits = (text.count - digitsCount)..<text.count
        withUnsafeTemporaryAllocation(byteCount: HMACSHA256.byteCount, alignment: 1) { mac in
            text.withUnsafeBytes { text in
                Self.authenticate(
                    time: UnsafeRawBufferPointer(rebasing: text[time]),
                    nonce: UnsafeRawBufferPointer(rebasing: text[nonceDigits]), secret: secret, into: mac)
            }
            text.append(UInt8(ascii: "."))
            Hex.append(UnsafeRawBufferPointer(mac), to: &text)
        }
        return text
    }

    /// Writes into `mac` the MAC of a token whose time and nonce are spelled
    /// `time` and `nonce` (hex digits): HMAC-SHA256 under `secret` of
    /// `context` + time + "|" + nonce, the message built on the stack.
    static func authenticate(
        time: UnsafeRawBufferPointer, nonce: UnsafeRawBufferPointer, secret: ServerSecret,
        into mac: UnsafeMutableRawBufferPointer
    ) {
        let messageCount = context.count + time.count + 1 + nonce.count
        withUnsafeTemporaryAllocation(byteCount: messageCount, alignment: 1) { buffer in
            // Offsets passed along, not a local function appending to a
            // captured `end`: that boxed `end` and checked every access to it.
            var end = context.withUnsafeBytes { copy($0, into: buffer, at: 0) }
            end = copy(time, into: buffer, at: end)
            buffer[end] = UInt8(ascii: "|")
            end = copy(nonce, into: buffer, at: end + 1)
            secret.authenticate(UnsafeRawBufferPointer(buffer), into: mac)
        }
    }

    /// Copies `bytes` into `buffer` at `offset`; returns where they end.
    private static func copy(
        _ bytes: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer, at offset: Int
    ) -> Int {
        let end = offset + bytes.count
        UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<end]).copyMemory(from: bytes)
        return end
    }

    /// The nonce as 32 lowercase hex digits (the cookie's value).
    var nonceHex: String { Hex.encode(nonce) }

    /// Parses a `folio_csrf` cookie value: exactly 32 lowercase hex digits,
    /// else `nil`.
    static func nonce(fromCookie value: String) -> [UInt8]? {
        let digits = value.utf8
        guard digits.count == 2 * nonceByteCount else { return nil }
        return Hex.decode(digits)
    }
}

extension SignedFormToken {
    /// A token issued at `now` (whole seconds, rounded down) with a fresh
    /// nonce from `random`.
    init(issuedAt now: Double, random: any RandomSource) {
        self.init(nonce: random.randomBytes(count: Self.nonceByteCount), issuedAt: Int(now.rounded(.down)))
    }
}
