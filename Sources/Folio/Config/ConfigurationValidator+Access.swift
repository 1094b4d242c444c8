extension ConfigurationValidator {
    /// An `access` rule, read from a file or built in Swift: one that admits
    /// nobody, or names what no header can match, is an error; a page's
    /// `"public"`, which cannot widen its pager's rule, a warning.
    mutating func checkAccess(_ rule: AccessRule?, at path: String, onPage: Bool = false) {
        switch rule {
        case .everyone? where onPage:
            report(
                path,
                "a page's access narrows its pager's and never widens it: \"public\" here changes nothing",
                severity: .warning)
        case .only(let users, let groups)? where users.isEmpty && groups.isEmpty:
            report(path, "an access rule must name at least one group or user")
        case .only(let users, let groups)?:
            let unmatchable = (users.union(groups)).filter {
                $0.isEmpty || $0.contains(",") || $0.first == " " || $0.last == " "
            }
            if let name = unmatchable.sorted().first {
                report(
                    path, "the access rule's name '\(name)' can never match: no commas or surrounding spaces")
            }
        default: break
        }
    }
}
