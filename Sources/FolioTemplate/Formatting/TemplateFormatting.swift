/// What a template's `format:` and `level:` expressions call.
///
/// FolioTemplate knows no number or time formats: the program that opens a
/// template set supplies them (Folio supplies FolioCore's), and a template
/// compiled without them rejects `format:` and `level:` when it loads.
///
/// ```html
/// <td tal:content="format:compact stats/requests">1.4k</td>
/// <td tal:attributes="data-level level:warning=80,critical=90 stats/cpu">…</td>
/// ```
public protocol TemplateFormatting: Sendable {
    /// Compiles the spec of one expression, once, when its template compiles.
    ///
    /// - Parameters:
    ///   - spec: The word after `format:` or `level:` (`compact`,
    ///     `warning=80,critical=90`); never empty and without spaces.
    ///   - kind: Which expression it came from.
    /// - Returns: What renders call for each value.
    /// - Throws: `TemplateFormattingError` when the spec means nothing;
    ///   the template then fails to load at the expression's place.
    func compile(_ spec: String, as kind: TemplateFormatKind) throws(TemplateFormattingError)
        -> any TemplateFormatter
}

/// The expression a spec came from.
public enum TemplateFormatKind: String, Sendable, Hashable {
    /// `format:SPEC PATH`: the value as text.
    case format
    /// `level:SPEC PATH`: the value's level as a word (`ok`, `critical`).
    case level
}

/// A compiled spec, applied to every value its expression meets.
public protocol TemplateFormatter: Sendable {
    /// The text (or other value) to insert for `value`.
    ///
    /// - Parameters:
    ///   - value: The path's value; `nil` when the path names nothing (a
    ///     missing key), so a format can say so instead of failing the page.
    ///   - environment: The render's language and now.
    func apply(to value: TemplateValue?, in environment: TemplateFormatEnvironment) -> TemplateValue

    /// Whether the output changes with the environment's `now` alone (a
    /// relative time), so a cached rendering must be renewed. Default false.
    var dependsOnNow: Bool { get }
}

extension TemplateFormatter {
    /// False: most formats show the value, whatever the time.
    public var dependsOnNow: Bool { false }
}

/// Why a spec could not be compiled.
public struct TemplateFormattingError: Error, Sendable, Hashable {
    /// What is wrong, with where in the spec (the template error adds the file, line and column).
    public var message: String

    /// Creates an error.
    public init(message: String) { self.message = message }
}

/// What a render tells its formats: the page's language and the time
/// relative times count from. Inject both; nothing is read from the machine.
public struct TemplateFormatEnvironment: Sendable, Hashable {
    /// The page's language, a BCP 47 tag. Default `en`.
    public var language: String
    /// Seconds since 1970 (UTC).
    public var now: Double

    /// Creates an environment.
    /// - Parameters:
    ///   - language: Default `en`.
    ///   - now: Seconds since 1970 (UTC), the render's clock.
    public init(language: String = "en", now: Double) {
        self.language = language
        self.now = now
    }
}
