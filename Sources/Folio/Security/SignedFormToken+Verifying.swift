/// Checking a token a POST carried. This runs for every POST of a visitor
/// without a session, so it reads the text's bytes in place and works in
/// a small stack buffer: a token that fails allocates nothing, one that
/// passes allocates its 16-byte nonce.
extension SignedFormToken {
    /// The longest text looked at; real tokens have at most 116 bytes.
    static let maximumLength = 200
    /// How far in the future a token's time may be: clocks of instances
    /// sharing a secret differ a little.
    static let allowedClockSkew: Double = 60
    /// The most hex digits of `issuedAt` (keeps it far from overflowing `Int`).
    private static let maximumTimeDigits = 15

    /// The token `text` spells, or `nil` when it is malformed (any other
    /// shape, uppercase digits, wrong lengths, a zero-padded time, more
    /// than 200 bytes), its MAC is not `secret`'s (compared in constant
    /// time), it was issued more than 60 s after `now`, or it is more than
    /// `maxAge` seconds old.
    /// - Parameters:
    ///   - now: The time, in seconds since 1970.
    ///   - maxAge: How long a form stays valid, in seconds.
    static func verified(_ text: String, secret: ServerSecret, now: Double, maxAge: Double)
        -> SignedFormToken?
    {
        guard text.utf8.count <= maximumLength else { return nil }
        if let token = text.utf8.withContiguousStorageIfAvailable({
            verified(UnsafeRawBufferPointer($0), secret: secret, now: now, maxAge: maxAge)
        }) {
            return token
        }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { verified($0, secret: secret, now: now, maxAge: maxAge) }
    }

    private static func verified(
        _ text: UnsafeRawBufferPointer, secret: ServerSecret, now: Double, maxAge: Double
    ) -> SignedFormToken? {
        let dot = UInt8(ascii: ".")
        guard text.count <= maximumLength, text.count > prefix.count, text.starts(with: prefix) else {
            return nil
        }
        // The time: 1 to 15 lowercase hex digits, no leading zero, then a dot.
        let timeStart = prefix.count
        var index = timeStart
        var issuedAt = 0
        while index < text.count, text[index] != dot {
            guard index - timeStart < maximumTimeDigits, let digit = Hex.value(of: text[index]) else {
                return nil
            }
            issuedAt = issuedAt << 4 | Int(digit)
            index += 1
        }
        let timeCount = index - timeStart
        guard timeCount > 0, timeCount == 1 || text[timeStart] != UInt8(ascii: "0") else { return nil }
        // The nonce and the MAC: exactly 32 and 64 lowercase hex digits.
        let nonceStart = index + 1
        let macStart = nonceStart + 2 * nonceByteCount + 1
        guard text.count == macStart + 2 * HMACSHA256.byteCount, text[macStart - 1] == dot else {
            return nil
        }
        let nonceDigits = UnsafeRawBufferPointer(rebasing: text[nonceStart..<(macStart - 1)])
        let macDigits = UnsafeRawBufferPointer(rebasing: text[macStart...])
        guard isLowercaseHex(nonceDigits), isLowercaseHex(macDigits) else { return nil }
        let age = now - Double(issuedAt)
        guard age >= -allowedClockSkew, age <= maxAge else { return nil }
        let time = UnsafeRawBufferPointer(rebasing: text[timeStart..<(timeStart + timeCount)])
        guard hasValidMAC(macDigits, time: time, nonce: nonceDigits, secret: secret) else { return nil }
        guard let nonce = Hex.decode(nonceDigits) else { return nil }
        return SignedFormToken(nonce: nonce, issuedAt: issuedAt)
    }

    /// Whether `macDigits` spell the MAC of `time` and `nonce` under
    /// `secret`. The expected MAC is spelled in hex too and the two texts
    /// compared in constant time: the spelling is canonical, so equal
    /// texts mean equal MACs.
    private static func hasValidMAC(
        _ macDigits: UnsafeRawBufferPointer, time: UnsafeRawBufferPointer, nonce: UnsafeRawBufferPointer,
        secret: ServerSecret
    ) -> Bool {
        let macCount = HMACSHA256.byteCount
        return withUnsafeTemporaryAllocation(byteCount: 3 * macCount, alignment: 1) { buffer in
            let mac = UnsafeMutableRawBufferPointer(rebasing: buffer[..<macCount])
            authenticate(time: time, nonce: nonce, secret: secret, into: mac)
            let expected = UnsafeMutableRawBufferPointer(rebasing: buffer[macCount...])
            Hex.write(UnsafeRawBufferPointer(mac), into: expected)
            return HMACSHA256.isEqual(UnsafeRawBufferPointer(expected), macDigits)
        }
    }

    private static func isLowercaseHex(_ digits: UnsafeRawBufferPointer) -> Bool {
        digits.allSatisfy { Hex.value(of: $0) != nil }
    }
}
