/// Who the single sign-on proxy says sent a request. Only ever read from a
/// request `ProxyTrust` has let keep its identity headers.
public struct Person: Sendable, Hashable {
    /// The user name, when the proxy sent one.
    public var user: String?
    /// The e-mail address, when the proxy sent one.
    public var email: String?
    /// The groups the person is in.
    public var groups: Set<String>

    /// A person with these names.
    public init(user: String? = nil, email: String? = nil, groups: Set<String> = []) {
        self.user = user
        self.email = email
        self.groups = groups
    }

    /// What names the person for good: the user name, else the e-mail.
    var stableName: String { user ?? email ?? "" }
}
