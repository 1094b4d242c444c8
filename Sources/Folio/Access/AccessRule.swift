/// Who may see a pager: anyone, anyone signed in, or people named by user
/// name, e-mail address or group (`"access"` in the configuration).
public enum AccessRule: Sendable, Hashable, CustomStringConvertible {
    /// Everyone, signed in or not (a pager without a rule, when the
    /// dashboard sets no default).
    case everyone
    /// Anyone the trusted proxy names.
    case signedIn
    /// A person whose user name or e-mail is in `users`, or who is in one
    /// of `groups`.
    case only(users: Set<String>, groups: Set<String>)

    /// Nobody at all: what a request for a pager that does not exist is judged by.
    static let nobody = AccessRule.only(users: [], groups: [])

    /// Whether `person` (nil: nobody signed in) may see what this rule guards.
    public func admits(_ person: Person?) -> Bool {
        switch self {
        case .everyone: return true
        case .signedIn: return person != nil
        case .only(let users, let groups):
            guard let person else { return false }
            if let user = person.user, users.contains(user) { return true }
            if let email = person.email, users.contains(email) { return true }
            return !groups.isDisjoint(with: person.groups)
        }
    }

    /// The rule as the access log names it: `signedIn`, or
    /// `groups=ops,sre users=ann@example.com`.
    public var description: String {
        switch self {
        case .everyone: return "public"
        case .signedIn: return "signedIn"
        case .only(let users, let groups):
            var words: [String] = []
            if !groups.isEmpty { words.append("groups=" + groups.sorted().joined(separator: ",")) }
            if !users.isEmpty { words.append("users=" + users.sorted().joined(separator: ",")) }
            return words.joined(separator: " ")
        }
    }
}
