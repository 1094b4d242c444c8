import COpenSSL

/// HMAC-SHA256 (RFC 2104, FIPS 180-4): its length, and the comparison a
/// MAC is checked with. MACs are made by `HMACKey`, from libcrypto's
/// SHA-256; the tests check them against libcrypto's own `HMAC()`.
enum HMACSHA256 {
    /// The length of a MAC in bytes.
    static let byteCount = 32

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
