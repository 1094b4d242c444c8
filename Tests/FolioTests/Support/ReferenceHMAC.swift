import COpenSSL

@testable import Folio

/// libcrypto's one-shot `HMAC()`: the reference that `HMACKey`'s MACs are
/// checked against, computed by OpenSSL's own HMAC code rather than from
/// SHA-256 states as `HMACKey` does.
extension HMACSHA256 {
    static func authenticate(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        var mac = [UInt8](repeating: 0, count: byteCount)
        var length: UInt32 = 0
        let done = key.withUnsafeBytes { key in
            message.withUnsafeBytes { message in
                mac.withUnsafeMutableBytes { mac in
                    HMAC(
                        EVP_sha256(), key.baseAddress, Int32(key.count),
                        message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count,
                        mac.baseAddress?.assumingMemoryBound(to: UInt8.self), &length)
                }
            }
        }
        precondition(done != nil && length == UInt32(byteCount), "OpenSSL HMAC-SHA256 failed")
        return mac
    }
}
