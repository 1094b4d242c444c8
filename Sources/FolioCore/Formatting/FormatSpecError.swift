/// A format or level spec that cannot be read: what is wrong, and at which
/// character of the spec (0 is its first), so a configuration or template
/// error can point at the column.
public struct FormatSpecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The spec as written.
    public var spec: String
    /// The character (not byte) offset in `spec` where the problem starts.
    public var offset: Int
    /// What is wrong, in a short sentence.
    public var message: String

    /// Creates an error.
    public init(spec: String, offset: Int, message: String) {
        self.spec = spec
        self.offset = offset
        self.message = message
    }

    /// `'compakt' at character 1: unknown format ...`.
    public var description: String { "'\(spec)' at character \(offset + 1): \(message)" }
}
