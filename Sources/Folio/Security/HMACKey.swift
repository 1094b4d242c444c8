import COpenSSL
import FolioSync

/// An HMAC-SHA256 key made ready once: OpenSSL's MAC contexts with the key
/// already set, each used by one thread at a time and reset for the next
/// MAC. The one-shot `HMAC()` fetches the algorithm by name (a lock and
/// string compares) and sets the key on every call, and copying a keyed
/// context for each MAC allocates and takes OpenSSL's locks: both showed up
/// in profiles of views that sign a form.
final class HMACKey: Sendable {
    /// The keyed contexts: `template` is only ever copied, `idle` ones are
    /// taken for a MAC and given back. There are never more than the
    /// threads that signed at the same moment.
    private let contexts: LockedValue<KeyedContexts>

    private struct KeyedContexts: @unchecked Sendable {
        let template: OpaquePointer
        var idle: [OpaquePointer] = []
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
        contexts = LockedValue(KeyedContexts(template: context))
    }

    deinit {
        contexts.withLock { contexts in
            for context in contexts.idle { EVP_MAC_CTX_free(context) }
            EVP_MAC_CTX_free(contexts.template)
        }
    }

    /// Writes the 32-byte MAC of `message` to the start of `mac`; false when
    /// libcrypto failed (then `mac` holds nothing to trust).
    func authenticate(_ message: UnsafeRawBufferPointer, into mac: UnsafeMutableRawBufferPointer) -> Bool {
        let taken = contexts.withLock { $0.idle.popLast() ?? EVP_MAC_CTX_dup($0.template) }
        guard let context = taken else { return false }
        var length = 0
        // A NULL key starts a new MAC under the key the context holds.
        let done =
            EVP_MAC_init(context, nil, 0, nil) == 1
            && EVP_MAC_update(
                context, message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count)
                == 1
            && EVP_MAC_final(
                context, mac.baseAddress?.assumingMemoryBound(to: UInt8.self), &length, mac.count) == 1
            && length == HMACSHA256.byteCount
        if done {
            contexts.withLock { $0.idle.append(context) }
        } else {
            EVP_MAC_CTX_free(context)
        }
        return done
    }
}
