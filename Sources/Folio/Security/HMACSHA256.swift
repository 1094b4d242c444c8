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
        var length: UInt32 = 0
        let done = key.withUnsafeBytes { key in
            message.withUnsafeBytes { message in
                mac.withUnsafeMutableBytes { output in
                    HMAC(
                        EVP_sha256(), key.baseAddress, Int32(key.count),
                        message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count,
                        output.baseAddress?.assumingMemoryBound(to: UInt8.self), &length)
                }
            }
        }
        // HMAC fails only when libcrypto cannot allocate its context; a
        // server that cannot sign must not answer with an unsigned form.
        precondition(done != nil && length == UInt32(byteCount), "OpenSSL HMAC-SHA256 failed")
        return mac
    }

    /// Whether `a` and `b` hold the same bytes, in time that depends on
    /// their length only (`CRYPTO_memcmp`), so a forger cannot learn a MAC
    /// byte by byte from response times. False when the lengths differ.
    static func isEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in CRYPTO_memcmp(a.baseAddress, b.baseAddress, a.count) == 0 }
        }
    }
}
