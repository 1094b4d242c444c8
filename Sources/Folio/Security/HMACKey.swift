import COpenSSL
import FolioSync

/// An HMAC-SHA256 key made ready once: OpenSSL's MAC context with the key
/// already set, copied for each MAC. The one-shot `HMAC()` fetches the
/// algorithm by name (a lock and string compares) and sets the key on every
/// call, which showed up in profiles of views that sign a form.
final class HMACKey: Sendable {
    /// The keyed context, only ever read (copied) under the lock.
    private let template: LockedValue<KeyedContext>

    private struct KeyedContext: @unchecked Sendable {
        let context: OpaquePointer
    }

    /// `nil` when libcrypto cannot make the context (out of memory, no HMAC).
    init?(_ key: [UInt8]) {
        guard let algorithm = EVP_MAC_fetch(nil, "HMAC", nil) else { return nil }
        defer { EVP_MAC_free(algorithm) }
        guard let context = EVP_MAC_CTX_new(algorithm) else { return nil }
        var ready: Int32 = 0
        "digest".withCString { name in
            "SHA256".withCString { digest in
                var parameters = [
                    OSSL_PARAM_construct_utf8_string(name, UnsafeMutablePointer(mutating: digest), 0),
                    OSSL_PARAM_construct_end(),
                ]
                ready = key.withUnsafeBufferPointer { key in
                    EVP_MAC_init(context, key.baseAddress, key.count, &parameters)
                }
            }
        }
        guard ready == 1 else {
            EVP_MAC_CTX_free(context)
            return nil
        }
        template = LockedValue(KeyedContext(context: context))
    }

    deinit { template.withLock { EVP_MAC_CTX_free($0.context) } }

    /// Writes the 32-byte MAC of `message` to the start of `mac`; false when
    /// libcrypto failed (then `mac` holds nothing to trust).
    func authenticate(_ message: UnsafeRawBufferPointer, into mac: UnsafeMutableRawBufferPointer) -> Bool {
        guard let context = template.withLock({ EVP_MAC_CTX_dup($0.context) }) else { return false }
        defer { EVP_MAC_CTX_free(context) }
        var length = 0
        return EVP_MAC_update(
            context, message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count)
            == 1
            && EVP_MAC_final(
                context, mac.baseAddress?.assumingMemoryBound(to: UInt8.self), &length, mac.count) == 1
            && length == HMACSHA256.byteCount
    }
}
