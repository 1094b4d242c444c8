import FolioTemplate
import Foundation

/// A page's data computed by Swift code: an `async` function returning a
/// template object whose members become the content template's globals,
/// as the members of a `url` feed's JSON object do.
///
/// It follows the `url` rules: it is called when the page is first shown
/// (once, however many views arrive meanwhile), its value is kept for
/// `cacheSeconds`, after which the next view calls it again while views
/// keep showing the previous value; a throw, a value that is not an
/// object, or no answer within `timeoutSeconds` shows the error panel,
/// tried again after at most 5 s. It is not called for views of other pages.
///
/// ```swift
/// let load = PageConfiguration(
///     key: "load", title: "Load", template: "content/load.html",
///     source: .provider(cacheSeconds: 30) {
///         let figures = try await monitor.currentLoad()  // your own async code
///         return ["cpu": .number(figures.cpu), "hosts": .array(figures.hosts.map { .string($0) })]
///     })
/// ```
///
/// Set it in code (a `FolioConfiguration` built in Swift); configuration
/// files have no way to name one. For an `Encodable` model, return
/// `try TemplateValue(encoding: model)`.
public struct PageDataProvider: Sendable, Hashable {
    /// How long a value is kept before the provider is called again. Default 60.
    public var cacheSeconds: Double
    /// How long a call may take before the page shows the error panel. Default 5.
    public var timeoutSeconds: Double
    /// The function; a late answer (past the timeout) is dropped.
    public let load: @Sendable () async throws -> TemplateValue
    /// Tells providers apart: copies of one provider are equal, two
    /// providers made from the same closure are not.
    private let identity = Identity()

    private final class Identity: Sendable {}

    /// Creates a provider.
    /// - Parameters:
    ///   - cacheSeconds: How long a value is kept. Default 60.
    ///   - timeoutSeconds: How long a call may take. Default 5.
    ///   - load: Computes the page's data: a `.object`. It runs as a task
    ///     of its own, never on the thread that answers a request, and is
    ///     cancelled at the timeout.
    public init(
        cacheSeconds: Double = 60, timeoutSeconds: Double = 5,
        load: @escaping @Sendable () async throws -> TemplateValue
    ) {
        self.cacheSeconds = cacheSeconds
        self.timeoutSeconds = timeoutSeconds
        self.load = load
    }

    public static func == (a: PageDataProvider, b: PageDataProvider) -> Bool {
        a.identity === b.identity && a.cacheSeconds == b.cacheSeconds && a.timeoutSeconds == b.timeoutSeconds
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(identity))
    }
}

extension PageSource {
    /// Data computed by `load`, a `PageDataProvider` with these settings.
    /// - Parameters:
    ///   - cacheSeconds: How long a value is kept. Default 60.
    ///   - timeoutSeconds: How long a call may take. Default 5.
    public static func provider(
        cacheSeconds: Double = 60, timeoutSeconds: Double = 5,
        _ load: @escaping @Sendable () async throws -> TemplateValue
    ) -> PageSource {
        .provider(PageDataProvider(cacheSeconds: cacheSeconds, timeoutSeconds: timeoutSeconds, load: load))
    }
}
