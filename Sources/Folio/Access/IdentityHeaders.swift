/// The request headers a single sign-on proxy names the person in;
/// oauth2-proxy's by default.
public struct IdentityHeaders: Sendable, Hashable {
    /// The user name. Default `X-Forwarded-User`.
    public var user = "X-Forwarded-User"
    /// The e-mail address. Default `X-Forwarded-Email`.
    public var email = "X-Forwarded-Email"
    /// The groups, separated by commas. Default `X-Forwarded-Groups`.
    public var groups = "X-Forwarded-Groups"

    /// oauth2-proxy's names.
    public init() {}

    /// All three names.
    var all: [String] { [user, email, groups] }
}
