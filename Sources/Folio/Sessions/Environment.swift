import COpenSSL
import Foundation

/// A source of unpredictable bytes for session ids and CSRF tokens.
/// Injected so tests can make ids predictable.
public protocol RandomSource: Sendable {
    /// `count` random bytes.
    func randomBytes(count: Int) -> [UInt8]
}

/// The secure generator: OpenSSL's `RAND_bytes` (its DRBG, seeded and
/// reseeded from `getrandom(2)`), which needs no system call per id or
/// form nonce; the system's generator if it ever fails.
public struct SystemRandomSource: RandomSource {
    /// Creates the source.
    public init() {}

    /// `count` bytes from the secure generator.
    public func randomBytes(count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let filled = bytes.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32(count)) }
        if filled == 1 { return bytes }
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = generator.next() }
        return bytes
    }
}

/// The time, injected so tests can expire sessions without waiting.
public protocol WallClock: Sendable {
    /// Seconds since 1970-01-01 UTC.
    var now: Double { get }
}

/// The real time of day.
public struct SystemWallClock: WallClock {
    /// Creates the clock.
    public init() {}

    /// The current time of day.
    public var now: Double { Date().timeIntervalSince1970 }
}

extension RandomSource {
    /// `bytes` random bytes as lowercase hex (32 digits for 16 bytes).
    func hexToken(bytes: Int = 16) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes * 2)
        for byte in randomBytes(count: bytes) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
