import FolioHTTP
import FolioSync

extension Person {
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
}
