/// How a `FolioApp` is set up, apart from the pagers themselves. Every
/// default is stated; `folio serve` fills these from its flags.
public struct FolioAppOptions: Sendable {
    /// The path prefix every route lives under, `""` (default) or
    /// `/tools/pager` (no trailing slash), for serving behind a reverse proxy.
    public var basePath: String = ""
    /// The user's templates folder (`Templates/`), searched before Folio's
    /// own: it needs only the templates it adds or replaces.
    public var templatesDirectory: String
    /// The static files folder (`Public/`), also searched for fonts.
    public var publicDirectory: String
    /// `frame-ancestors` sources of the Content-Security-Policy.
    /// Default `'self'`: only pages of this origin may embed Folio.
    public var frameAncestors: [String] = ["'self'"]
    /// Appended to static URLs (`folio.css?v=`) to bust caches. Default `0.1.0`.
    public var version: String = "0.1.0"
    /// Session lifetimes and limits.
    public var sessions = SessionConfiguration()
    /// Size cap, redirect rule and view wait for URL and provider data.
    public var pageData = PageDataLimits()

    /// The folders templates are looked up in: `templatesDirectory`, then
    /// Folio's built-in templates when they are there
    /// (`FolioPaths.templateSearchPath(_:)`).
    public var templateSearchPath: [String] { FolioPaths.templateSearchPath([templatesDirectory]) }

    /// Creates options with the given folders and the defaults above.
    public init(templatesDirectory: String, publicDirectory: String) {
        self.templatesDirectory = templatesDirectory
        self.publicDirectory = publicDirectory
    }

    /// Normalizes a user-given base path: `""` for `/` or empty, else a
    /// leading slash and no trailing one.
    public static func normalizedBasePath(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        if trimmed.isEmpty { return "" }
        return trimmed.hasPrefix("/") ? String(trimmed) : "/" + trimmed
    }
}

/// Why a `FolioApp` could not start: a message naming the file at fault.
public struct FolioStartupError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for the command line.
    public var description: String
    /// The configuration's problems when that is why (the same ones
    /// `folio check` prints); empty for other causes.
    public var problems: [ConfigurationProblem] = []

    /// Creates an error.
    public init(_ description: String) { self.description = description }

    /// A configuration refused by `FolioConfiguration.validate(templates:)`:
    /// one problem per line.
    public init(_ error: ConfigurationError) {
        description = "the configuration is not valid:\n" + error.description
        problems = error.problems
    }
}
