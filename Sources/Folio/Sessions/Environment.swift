import Foundation

/// A source of unpredictable bytes for session ids and CSRF tokens.
/// Injected so tests can make ids predictable.
public protocol RandomSource: Sendable {
    /// `count` random bytes.
    func randomBytes(count: Int) -> [UInt8]
}

/// The secure generator: OpenSSL's DRBG, seeded and reseeded from
/// `getrandom(2)`, drawn from through `RandomPool` so that an id or a form
/// nonce costs no call into OpenSSL of its own.
public struct SystemRandomSource: RandomSource {
    /// Creates the source.
    public init() {}

    /// `count` bytes from the secure generator.
    public func randomBytes(count: Int) -> [UInt8] {
        // Zeros appended into reserved room: `Array(repeating:count:)` asks
        // the runtime for the array's type on every call (a form nonce is
        // drawn for every view of a visitor without a cookie).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        bytes.append(contentsOf: repeatElement(0, count: count))
        bytes.withUnsafeMutableBytes { RandomPool.forThisThread.fill($0) }
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
