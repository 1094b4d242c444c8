import FolioTemplate

extension ConfigurationLoader {
    private static let accessMessage =
        "access must be \"public\", \"signedIn\", {\"signedIn\": true} or {\"groups\": [...], \"users\": [...]}"

    /// An `access` rule: `"public"`, `"signedIn"`, `{"signedIn": true}`, or
    /// `{"groups": [...], "users": [...]}` (either list may be left out, not
    /// both); `nil` after reporting anything else.
    mutating func accessRule(_ node: JSONNode, at path: String) -> AccessRule? {
        note(path, node.location)
        switch node.value {
        case .string("public"): return .everyone
        case .string("signedIn"): return .signedIn
        case .object(let members) where members.count == 1 && members[0].key == "signedIn":
            guard case .bool(true) = members[0].value.value else {
                reader.report(
                    members[0].value.location, "'signedIn' must be true (\"public\" lets everyone in)")
                return nil
            }
            return .signedIn
        case .object(let members):
            guard let fields = reader.object(node, allowed: ["groups", "users"], what: "an access rule"),
                fields.count == members.count
            else { return nil }  // an unknown or repeated key, reported
            guard let groups = names(fields["groups"], "groups"), let users = names(fields["users"], "users")
            else { return nil }
            guard !groups.isEmpty || !users.isEmpty else {
                reader.report(node.location, "an access rule must name at least one group or user")
                return nil
            }
            return .only(users: users, groups: groups)
        default:
            reader.report(node.location, Self.accessMessage)
            return nil
        }
    }

    /// A list of non-empty names without commas (a group header is
    /// comma-separated, so a comma could never match); empty when absent.
    private mutating func names(_ member: JSONMember?, _ key: String) -> Set<String>? {
        guard let member else { return [] }
        guard case .array(let nodes) = member.value.value else {
            reader.report(member.value.location, "'\(key)' must be an array of strings")
            return nil
        }
        var names: Set<String> = []
        for node in nodes {
            guard case .string(let name) = node.value, !name.isEmpty, !name.contains(","),
                name.first != " ", name.last != " "
            else {
                reader.report(node.location, "'\(key)' must hold names without commas or surrounding spaces")
                return nil
            }
            names.insert(name)
        }
        return names
    }
}
