/// Where the PostgreSQL store is and how many connections it may open:
/// `--state postgresql://user@host:port/db?pool=8` (also `postgres://`).
///
/// The URL is libpq's (any of its query parameters work, `sslmode=require`
/// say) but for `pool`, Folio's own: the most connections one instance
/// opens (1 to 64, default 4). libpq's `connect_timeout` (default 2 s
/// here), `tcp_user_timeout` (5 s) and `options` (default
/// `-c statement_timeout=5000`) may be given to change those bounds.
///
/// The password is best left out of the URL (every local user sees the
/// command line in `ps`): libpq then reads `PGPASSWORD`, `PGPASSFILE` or
/// a service file itself, or `password` comes from `--state-password-file`.
public struct PostgreSQLAddress: Sendable, Equatable {
    /// The URL for libpq: the one given without `pool`.
    public let connectionURL: String
    /// At most this many connections.
    public let poolSize: Int
    /// A password given apart from the URL, which it overrides.
    public let password: String?

    /// The default pool size.
    public static let defaultPoolSize = 4

    /// Whether `argument` names a PostgreSQL database rather than a file.
    public static func isURL(_ argument: String) -> Bool {
        argument.hasPrefix("postgresql://") || argument.hasPrefix("postgres://")
    }

    /// - Throws: `StoreError` when `pool` is not a number from 1 to 64.
    public init(url: String, password: String? = nil) throws(StoreError) {
        self.password = password
        guard let question = url.firstIndex(of: "?") else {
            connectionURL = url
            poolSize = Self.defaultPoolSize
            return
        }
        var kept: [Substring] = []
        var poolSize = Self.defaultPoolSize
        for parameter in url[url.index(after: question)...].split(separator: "&") {
            guard parameter.hasPrefix("pool=") else {
                kept.append(parameter)
                continue
            }
            guard let size = Int(parameter.dropFirst("pool=".count)), (1...64).contains(size) else {
                throw StoreError(
                    "\(PasswordMasking.masked(String(parameter))) in the state URL: the pool size must be a number from 1 to 64"
                )
            }
            poolSize = size
        }
        let base = String(url[..<question])
        connectionURL = kept.isEmpty ? base : base + "?" + kept.joined(separator: "&")
        self.poolSize = poolSize
    }

    /// The URL with every password in it replaced by `***`, for messages and logs.
    public var redacted: String { PasswordMasking.masked(connectionURL) }

    /// Whether the URL itself carries a password, visible to every local
    /// user in `ps` while Folio runs.
    public var urlHasPassword: Bool { PasswordMasking.hasPassword(connectionURL) }

    /// `text` with every password of this address (and any password-like
    /// form) replaced by `***`.
    public func masked(_ text: String) -> String {
        PasswordMasking.masked(
            text, hiding: PasswordMasking.passwords(in: connectionURL) + (password.map { [$0] } ?? []))
    }
}
