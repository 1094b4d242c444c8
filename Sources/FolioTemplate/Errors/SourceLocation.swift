/// A place in a text file: 1-based line and column, the column counted in
/// Unicode scalars (so `精华` is two columns, not six bytes).
///
/// Template errors, JSON nodes and Folio's configuration problems all name
/// places with this one type.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The line, starting at 1.
    public var line: Int
    /// The column, starting at 1, counted in Unicode scalars.
    public var column: Int

    /// Creates a location.
    /// - Parameters:
    ///   - line: The line, starting at 1.
    ///   - column: The column, starting at 1, counted in Unicode scalars.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The location of byte `offset` in UTF-8 `bytes`, computed only when an
    /// error needs it, so parsers can carry plain offsets.
    init(bytes: [UInt8], offset: Int) {
        var line = 1
        var lineStart = 0
        var position = 0
        while position < offset, position < bytes.count {
            if bytes[position] == 0x0A {
                line += 1
                lineStart = position + 1
            }
            position += 1
        }
        var column = 1
        for byte in bytes[lineStart..<min(offset, bytes.count)] where byte & 0xC0 != 0x80 {
            column += 1
        }
        self.line = line
        self.column = column
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }

    /// Orders by line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
