/// A template that cannot be loaded or rendered, with where and why.
///
/// Load errors point at the offending markup; render errors point at the
/// statement that failed and name the expression and the path step.
/// `description` is `file:line:column: message`, the form editors jump to.
public struct TemplateError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The template's file (or name, for templates compiled from a string).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int
    /// What went wrong and, where possible, what to do about it.
    public var message: String
    /// Whether rendering stopped because its output passed the caller's
    /// `outputLimit`; `tal:on-error` does not catch it.
    public var isOutputLimit = false

    /// An error at a known place.
    public init(file: String, line: Int, column: Int, message: String, isOutputLimit: Bool = false) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.isOutputLimit = isOutputLimit
    }

    /// `file:line:column: message`.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// Line starts of a source, so many statements can be located without
/// rescanning from the top each time.
struct LineTable {
    private let bytes: [UInt8]
    private let starts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        self.starts = starts
    }

    func location(of offset: Int) -> SourceLocation {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        for byte in bytes[starts[low]..<min(offset, bytes.count)] where byte & 0xC0 != 0x80 { column += 1 }
        return SourceLocation(line: low + 1, column: column)
    }
}
