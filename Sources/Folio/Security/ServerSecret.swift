/// The key that signs the CSRF tokens of visitors who have no session yet.
///
/// Views keep no state: a page served to a visitor without a session
/// carries a token signed with this secret, and the session is created at
/// the first click, once the token checks out. Every instance that serves
/// the same site must hold the same secret, so it comes from a file given
/// on the command line (`file(at:)`) or from the state store; `random()`
/// suits a single instance whose tokens may die with it.
public struct ServerSecret: Sendable, Equatable {
    /// The fewest bytes a secret may have: the output size of SHA-256, the
    /// key length RFC 2104 recommends for HMAC-SHA256.
    public static let minimumByteCount = 32

    /// The key bytes. Never logged.
    public let bytes: [UInt8]
    /// The same key, its pads taken in once.
    let key: HMACKey

    /// A secret of these bytes.
    /// - Throws: `ServerSecretError` when there are fewer than 32.
    public init(bytes: [UInt8]) throws(ServerSecretError) {
        guard bytes.count >= Self.minimumByteCount else {
            throw ServerSecretError(
                "a server secret needs at least \(Self.minimumByteCount) bytes, not \(bytes.count)")
        }
        self.bytes = bytes
        key = HMACKey(bytes)
    }

    /// A new secret of 32 random bytes, known to this process only.
    /// - Parameter random: Where the bytes come from. Default the system's
    ///   secure generator.
    public static func random(_ random: any RandomSource = SystemRandomSource()) -> ServerSecret {
        ServerSecret(unchecked: random.randomBytes(count: minimumByteCount))
    }

    /// For bytes already known to be long enough.
    init(unchecked bytes: [UInt8]) {
        precondition(bytes.count >= Self.minimumByteCount, "a server secret needs 32 bytes")
        self.bytes = bytes
        key = HMACKey(bytes)
    }

    /// Secrets are equal when their bytes are.
    public static func == (lhs: ServerSecret, rhs: ServerSecret) -> Bool { lhs.bytes == rhs.bytes }

    /// Writes the 32-byte HMAC-SHA256 of `message` under this secret to the start of `mac`.
    func authenticate(_ message: UnsafeRawBufferPointer, into mac: UnsafeMutableRawBufferPointer) {
        key.authenticate(message, into: mac)
    }

    /// The 32-byte HMAC-SHA256 of `message` under this secret.
    func authenticate(_ message: [UInt8]) -> [UInt8] {
        var mac = [UInt8](repeating: 0, count: HMACSHA256.byteCount)
        message.withUnsafeBytes { message in mac.withUnsafeMutableBytes { authenticate(message, into: $0) } }
        return mac
    }
}

extension ServerSecret: CustomStringConvertible, CustomDebugStringConvertible {
    /// The length only: a secret printed in a log or a failed test stays secret.
    public var description: String { "ServerSecret(\(bytes.count) bytes)" }

    /// The length only, as `description`.
    public var debugDescription: String { description }
}
