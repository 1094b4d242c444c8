import Folio

/// `folio serve`'s single sign-on flags: which proxies to believe, and the
/// headers they name the person in.
struct SingleSignOnOptions {
    static let usage = """
                           [--trusted-proxy CIDR ...] [--identity-user-header NAME]
                           [--identity-email-header NAME] [--identity-groups-header NAME]
        """

    static let help = """
          --trusted-proxy CIDR the address (127.0.0.1/32, ::1/128, 10.0.0.0/8) of a
                               proxy whose identity and X-Forwarded-* headers are
                               believed (repeatable); from any other peer they are
                               ignored. Without one nobody is signed in, and
                               X-Forwarded-Proto and -Host are believed from anyone
          --identity-user-header NAME
                               the header naming the user (default: X-Forwarded-User)
          --identity-email-header NAME
                               the header with the e-mail (default: X-Forwarded-Email)
          --identity-groups-header NAME
                               the header with the groups, comma-separated
                               (default: X-Forwarded-Groups)
        """

    var trustedProxies: [AddressRange] = []
    var headers = IdentityHeaders()

    init(arguments: inout Arguments) throws(CommandLineError) {
        while let value = try arguments.takeOption("trusted-proxy") {
            guard let range = AddressRange(value) else {
                throw CommandLineError(
                    "--trusted-proxy must be an IPv4 or IPv6 address or CIDR block (127.0.0.1/32), "
                        + "its prefix length plain digits from 0 to 32 (IPv4) or 128 (IPv6), not '\(value)'"
                )
            }
            trustedProxies.append(range)
        }
        if let name = try Self.headerName(&arguments, "identity-user-header") { headers.user = name }
        if let name = try Self.headerName(&arguments, "identity-email-header") { headers.email = name }
        if let name = try Self.headerName(&arguments, "identity-groups-header") { headers.groups = name }
    }

    /// A header name: letters, digits and `-` (RFC 9110 allows more; no proxy uses it).
    private static func headerName(_ arguments: inout Arguments, _ option: String) throws(CommandLineError)
        -> String?
    {
        guard let name = try arguments.takeOption(option) else { return nil }
        guard !name.isEmpty,
            name.utf8.allSatisfy({
                $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0)
                    || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
            })
        else {
            throw CommandLineError(
                "--\(option) must be a header name such as X-Forwarded-User, not '\(name)'")
        }
        return name
    }

    /// Puts the settings into `options`.
    func apply(to options: inout FolioAppOptions) {
        options.trustedProxies = trustedProxies
        options.identityHeaders = headers
    }
}
