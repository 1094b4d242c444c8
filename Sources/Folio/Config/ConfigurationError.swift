import FolioTemplate

/// A place in a configuration or template file (FolioTemplate's type, named
/// here too so users of Folio need not import FolioTemplate).
public typealias SourceLocation = FolioTemplate.SourceLocation

/// One thing wrong in a configuration or template file, with where it is.
public struct ConfigurationProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file the problem is in, as the user named it.
    public var file: String
    /// Where in the file; `nil` when the problem concerns the whole file.
    public var location: SourceLocation?
    /// What is wrong, in a short sentence.
    public var message: String

    /// Creates a problem report.
    public init(file: String, location: SourceLocation?, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// `file:line:col: message`, the shape compilers and editors understand.
    public var description: String {
        if let location { return "\(file):\(location): \(message)" }
        return "\(file): \(message)"
    }
}

/// Every problem found in a configuration at once, so one `folio check`
/// run shows them all.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    /// The problems, in file order.
    public var problems: [ConfigurationProblem]

    /// Creates an error from its problems.
    public init(problems: [ConfigurationProblem]) { self.problems = problems }

    /// One problem per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
