import FolioHTTP

/// Which peers' forwarded headers are believed: only the proxies named by
/// `--trusted-proxy`. From any other peer the identity headers and
/// `X-Forwarded-Proto`, `-Host` and `-For` are taken off the request
/// before anything reads it, so nothing further on can believe them.
///
/// Without any trusted proxy no identity is ever believed, and the
/// forwarded scheme and host are believed from every peer, as before
/// access control existed (`Embedding.md`, "Behind a reverse proxy").
struct ProxyTrust: Sendable {
    let proxies: [AddressRange]
    let identity: IdentityHeaders
    private static let forwarded = ["X-Forwarded-Proto", "X-Forwarded-Host", "X-Forwarded-For"]
    /// The headers dropped from a request of a peer that is no trusted
    /// proxy, listed once rather than joined for every request.
    private let distrusted: [String]

    init(proxies: [AddressRange], identity: IdentityHeaders) {
        self.proxies = proxies
        self.identity = identity
        distrusted = proxies.isEmpty ? identity.all : identity.all + Self.forwarded
    }

    /// Whether the request came from a trusted proxy. A request built in
    /// process (no `remoteAddress`: tests, FolioTesting, an embedding app)
    /// is trusted: whoever built it could call the app any way they like.
    func trusts(_ request: HTTPRequest) -> Bool {
        guard let address = request.remoteAddress else { return true }
        return proxies.contains { $0.contains(address) }
    }

    /// `request` without the headers its peer may not set.
    func believed(_ request: HTTPRequest) -> HTTPRequest { withoutDistrusted(request) ?? request }

    /// `request` without the forwarded headers its peer may not set; `nil`
    /// when it has none (so a caller can go on with the request it has
    /// rather than a copy, which retains each of its strings and arrays).
    func withoutDistrusted(_ request: HTTPRequest) -> HTTPRequest? {
        if request.remoteAddress == nil || (!proxies.isEmpty && trusts(request)) { return nil }
        guard request.headers.containsAny(of: distrusted) else { return nil }
        var request = request
        for name in distrusted { request.headers.remove(name) }
        return request
    }

    /// The client a request speaks for: from a trusted proxy, the nearest
    /// `X-Forwarded-For` hop that is not a trusted proxy itself; otherwise
    /// the peer (a header any client can write is never believed). Nil for a
    /// request built in process.
    func clientAddress(of request: HTTPRequest) -> String? {
        guard let peer = request.remoteAddress else { return nil }
        guard !proxies.isEmpty, trusts(request), let forwarded = request.headers["X-Forwarded-For"] else {
            return peer
        }
        let hops = forwarded.split(separator: ",").map { $0.filter { $0 != " " && $0 != "\t" } }
        let client = hops.reversed().first { hop in !hop.isEmpty && !proxies.contains { $0.contains(hop) } }
        return client ?? peer
    }

    /// The person a believed request names.
    func person(in request: HTTPRequest) -> Person? { Person(request.headers, names: identity) }
}
