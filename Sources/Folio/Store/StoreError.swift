/// A failure of the state store. Reads that fail are treated as missing
/// data; writes that fail turn into `503 Service Unavailable`.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed, for the log and the 503 message.
    public var message: String
    /// Whether a conditional save was refused because the stored record
    /// changed since it was read (another instance's write came first).
    public var isConflict: Bool
    /// Whether a write was refused because its session is no longer
    /// stored (removed or reissued by another request or instance).
    var isSessionGone = false

    /// Creates an error.
    public init(_ message: String, isConflict: Bool = false) {
        self.message = message
        self.isConflict = isConflict
    }

    /// The message.
    public var description: String { message }
}
