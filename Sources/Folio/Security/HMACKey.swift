import COpenSSL
import Synchronization

/// An HMAC-SHA256 key made ready once: OpenSSL's MAC contexts with the key
/// already set, each used by one thread at a time and reset for the next
/// MAC. The one-shot `HMAC()` fetches the algorithm by name (a lock and
/// string compares) and sets the key on every call, and copying a keyed
/// context for each MAC allocates and takes OpenSSL's locks: both showed up
/// in profiles of views that sign a form.
final class HMACKey: Sendable {
    /// Keyed contexts made at the start: more than the threads that sign
    /// at one moment (the event loops and the busy workers).
    static let contextCount = 16

    /// The keyed contexts, each taken by clearing its bit in `idle` and
    /// given back by setting it: two atomic steps rather than a lock taken
    /// twice, since every view without a session signs a form.
    private let contexts: [Context]
    private let idle: Atomic<UInt64>
    /// Only ever copied: for a MAC made while every context is in use.
    private let template: Context

    private struct Context: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// `nil` when libcrypto cannot make the contexts (out of memory, no
    /// HMAC). `contextCount` (1-64) is changed only by tests.
    init?(_ key: [UInt8], contextCount: Int = HMACKey.contextCount) {
        precondition((1...64).contains(contextCount), "an HMACKey keeps 1-64 contexts")
        guard let algorithm = EVP_MAC_fetch(nil, "HMAC", nil) else { return nil }
        defer { EVP_MAC_free(algorithm) }
        guard let template = EVP_MAC_CTX_new(algorithm) else { return nil }
        var ready: Int32 = 0
        "digest".withCString { name in
            "SHA256".withCString { digest in
                var parameters = [
                    OSSL_PARAM_construct_utf8_string(name, UnsafeMutablePointer(mutating: digest), 0),
                    OSSL_PARAM_construct_end(),
                ]
                ready = key.withUnsafeBufferPointer { key in
                    EVP_MAC_init(template, key.baseAddress, key.count, &parameters)
                }
            }
        }
        var contexts: [Context] = []
        func freeAll() {
            for context in contexts { EVP_MAC_CTX_free(context.pointer) }
            EVP_MAC_CTX_free(template)
        }
        guard ready == 1 else {
            freeAll()
            return nil
        }
        for _ in 0..<contextCount {
            guard let copy = EVP_MAC_CTX_dup(template) else {
                freeAll()
                return nil
            }
            contexts.append(Context(pointer: copy))
        }
        self.contexts = contexts
        self.template = Context(pointer: template)
        idle = Atomic(UInt64.max >> (64 - contextCount))
    }

    deinit {
        for context in contexts { EVP_MAC_CTX_free(context.pointer) }
        EVP_MAC_CTX_free(template.pointer)
    }

    /// Writes the 32-byte MAC of `message` to the start of `mac`; false when
    /// libcrypto failed (then `mac` holds nothing to trust).
    func authenticate(_ message: UnsafeRawBufferPointer, into mac: UnsafeMutableRawBufferPointer) -> Bool {
        guard let slot = take() else {
            // Every context is in use: one of its own, copied and freed.
            guard let copy = EVP_MAC_CTX_dup(template.pointer) else { return false }
            defer { EVP_MAC_CTX_free(copy) }
            return Self.authenticate(message, into: mac, with: copy)
        }
        let done = Self.authenticate(message, into: mac, with: contexts[slot].pointer)
        idle.bitwiseOr(1 << UInt64(slot), ordering: .releasing)
        return done
    }

    /// Clears the lowest idle bit: the context it stands for is this caller's.
    private func take() -> Int? {
        var seen = idle.load(ordering: .relaxed)
        while seen != 0 {
            let slot = seen.trailingZeroBitCount
            let (exchanged, current) = idle.compareExchange(
                expected: seen, desired: seen & ~(1 << UInt64(slot)), ordering: .acquiring)
            if exchanged { return slot }
            seen = current
        }
        return nil
    }

    private static func authenticate(
        _ message: UnsafeRawBufferPointer, into mac: UnsafeMutableRawBufferPointer,
        with context: OpaquePointer
    ) -> Bool {
        var length = 0
        // A NULL key starts a new MAC under the key the context holds.
        return EVP_MAC_init(context, nil, 0, nil) == 1
            && EVP_MAC_update(
                context, message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count)
                == 1
            && EVP_MAC_final(
                context, mac.baseAddress?.assumingMemoryBound(to: UInt8.self), &length, mac.count) == 1
            && length == HMACSHA256.byteCount
    }
}
