import FolioHTTP
import FolioSync

extension Person {
    /// The person the headers name; `nil` when they name nobody (no user
    /// and no e-mail), or name someone twice: a proxy that appends its
    /// header to a client's own instead of replacing it must not let the
    /// client add a group or choose a name.
    init?(_ headers: HTTPHeaders, names: IdentityHeaders) {
        // Most requests name nobody: answered before any header is counted.
        guard headers.contains(names.user) || headers.contains(names.email),
            names.all.allSatisfy({ headers.values(for: $0).count <= 1 })
        else { return nil }
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
}
