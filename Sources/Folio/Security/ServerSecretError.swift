/// Why a server secret could not be had. The message names the file, if
/// any, and what to do about it: it is printed as is when `folio` refuses
/// to start.
public struct ServerSecretError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The secret file concerned; `nil` for secrets given as bytes.
    public var path: String?
    /// What went wrong and how to fix it, in one sentence or two.
    public var message: String

    /// Creates an error.
    public init(path: String? = nil, _ message: String) {
        self.path = path
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
