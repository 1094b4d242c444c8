import COpenSSL

/// HMAC-SHA256 (RFC 2104, FIPS 180-4) through OpenSSL's libcrypto, so the
/// MAC that signs form tokens is one a reviewed library computes rather
/// than code of our own.
enum HMACSHA256 {
    /// The length of a MAC in bytes.
    static let byteCount = 32

    /// The 32-byte MAC of `message` under `key`.
    static func authenticate(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        var mac = [UInt8](repeating: 0, count: byteCount)
        message.withUnsafeBytes { message in
            mac.withUnsafeMutableBytes { authenticate(message, key: key, into: $0) }
        }
        return mac
    }

    /// Writes the MAC of `message` under `key` to the first 32 bytes of
    /// `mac`: for the token check that runs on every POST and must not
    /// allocate.
    static func authenticate(
        _ message: UnsafeRawBufferPointer, key: [UInt8], into mac: UnsafeMutableRawBufferPointer
    ) {
        precondition(mac.count >= byteCount, "an HMAC-SHA256 needs 32 bytes of room")
        var length: UInt32 = 0
        let done = key.withUnsafeBytes { key in
            HMAC(
                EVP_sha256(), key.baseAddress, Int32(key.count),
                message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count,
                mac.baseAddress?.assumingMemoryBound(to: UInt8.self), &length)
        }
        // HMAC fails only when libcrypto cannot allocate its context; a
        // server that cannot sign must not answer with an unsigned form.
        precondition(done != nil && length == UInt32(byteCount), "OpenSSL HMAC-SHA256 failed")
    }

    /// Whether `a` and `b` hold the same bytes, in time that depends on
    /// their length only (`CRYPTO_memcmp`), so a forger cannot learn a MAC
    /// byte by byte from response times. False when the lengths differ.
    static func isEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBytes { a in b.withUnsafeBytes { b in isEqual(a, b) } }
    }

    /// `isEqual(_:_:)` on memory the caller holds.
    static func isEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard let first = a.baseAddress, let second = b.baseAddress else { return true }
        return CRYPTO_memcmp(first, second, a.count) == 0
    }
}
