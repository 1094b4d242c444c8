import FolioTemplate

/// A place in a configuration or template file (FolioTemplate's type, named
/// here too so users of Folio need not import FolioTemplate).
public typealias SourceLocation = FolioTemplate.SourceLocation

/// One thing wrong in a configuration or template file, with where it is.
public struct ConfigurationProblem: Sendable, Hashable, CustomStringConvertible {
    /// How much a problem matters.
    public enum Severity: Sendable, Hashable {
        /// Folio refuses the configuration.
        case error
        /// Folio starts, but the configuration probably does not mean what
        /// it says (a page key made of digits).
        case warning
    }

    /// The file the problem is in, as the user named it (`<memory>` for a
    /// configuration built in Swift).
    public var file: String
    /// Where in the file; `nil` when the problem concerns the whole file or
    /// the configuration was built in Swift.
    public var location: SourceLocation?
    /// The value at fault inside the configuration, like
    /// `pagers[1].pages[0].key`; `nil` for problems found while reading JSON
    /// or in a template.
    public var path: String?
    /// What is wrong, in a short sentence.
    public var message: String
    /// Error (default) or warning.
    public var severity: Severity

    /// Creates a problem report.
    public init(
        file: String, location: SourceLocation?, path: String? = nil, message: String,
        severity: Severity = .error
    ) {
        self.file = file
        self.location = location
        self.path = path
        self.message = message
        self.severity = severity
    }

    /// A template error as a problem, its file a path the user can open
    /// (`directory` when the error names none).
    init(_ error: TemplateError, in directory: String) {
        let location = error.line > 0 ? SourceLocation(line: error.line, column: max(error.column, 1)) : nil
        self.init(
            file: error.file.isEmpty ? directory : error.file, location: location, message: error.message)
    }

    /// `file:line:col: message`, the shape compilers and editors understand;
    /// `file: path: message` when only the path is known. Warnings say
    /// `warning:` before the message.
    public var description: String {
        let text = severity == .warning ? "warning: \(message)" : message
        if let location { return "\(file):\(location): \(text)" }
        if let path { return "\(file): \(path): \(text)" }
        return "\(file): \(text)"
    }

    /// Orders problems by file, then line and column (problems of a whole
    /// file first); stable for problems at the same place.
    static func sorted(_ problems: [ConfigurationProblem]) -> [ConfigurationProblem] {
        problems.enumerated().sorted { a, b in
            if a.element.file != b.element.file { return a.element.file < b.element.file }
            let left = a.element.location ?? SourceLocation(line: 0, column: 0)
            let right = b.element.location ?? SourceLocation(line: 0, column: 0)
            if left != right { return left < right }
            return a.offset < b.offset
        }.map(\.element)
    }
}

/// Every problem found in a configuration at once, so one `folio check`
/// run shows them all.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    /// The problems, sorted by file, line and column; may include warnings
    /// besides the errors that made this thrown.
    public var problems: [ConfigurationProblem]

    /// Creates an error from its problems.
    public init(problems: [ConfigurationProblem]) { self.problems = problems }

    /// One problem per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
