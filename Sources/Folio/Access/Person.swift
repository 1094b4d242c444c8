import FolioHTTP
import FolioSync

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

    /// The person the headers name; `nil` when they name nobody (no user
    /// and no e-mail).
    init?(_ headers: HTTPHeaders, names: IdentityHeaders) {
        func value(_ name: String) -> String? {
            guard let raw = headers[name] else { return nil }
            let trimmed = String(raw.trimmingSpacesAndTabs())
            return trimmed.isEmpty ? nil : trimmed
        }
        user = value(names.user)
        email = value(names.email)
        guard user != nil || email != nil else { return nil }
        groups = Set(
            (value(names.groups) ?? "").split(separator: ",").map { String($0.trimmingSpacesAndTabs()) }
                .filter { !$0.isEmpty })
    }

    /// What names the person for good: the user name, else the e-mail.
    var stableName: String { user ?? email ?? "" }
}
