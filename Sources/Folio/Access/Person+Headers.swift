import FolioHTTP
import FolioSync

extension Person {
    /// The person the headers name; `nil` when they name nobody (no user
    /// and no e-mail), or name someone twice: a proxy that appends its
    /// header to a client's own instead of replacing it must not let the
    /// client add a group or choose a name.
    init?(_ headers: HTTPHeaders, names: IdentityHeaders) {
        func value(_ name: String) -> String? {
            guard let raw = headers[name] else { return nil }
            let trimmed = String(raw.trimmingSpacesAndTabs())
            return trimmed.isEmpty ? nil : trimmed
        }
        let user = value(names.user)
        let email = value(names.email)
        // Most requests name nobody: known before any header is counted.
        guard user != nil || email != nil, names.all.allSatisfy({ headers.values(for: $0).count <= 1 })
        else { return nil }
        self.user = user
        self.email = email
        groups = Set(
            (value(names.groups) ?? "").split(separator: ",").map { String($0.trimmingSpacesAndTabs()) }
                .filter { !$0.isEmpty })
    }
}
