/// A compiled TALES expression.
indirect enum Expression: Sendable {
    /// `a | b | c`: the first alternative that can be evaluated.
    case alternatives([Expression])
    /// A path such as `pager/tabs/0/title` (also `path:`, `nocall:`).
    case path(PathExpression)
    /// `string:` text with `$name` and `${path}` inserted.
    case string([StringPart])
    /// `not:`: the negated truth of an expression.
    case not(Expression)
    /// `exists:`: whether the path (or any alternative) can be followed.
    case exists(Expression)
    /// `format:SPEC PATH` or `level:SPEC PATH`: the value through a compiled spec.
    case formatted(FormatCall, Expression)
}

/// A `format:` or `level:` spec, compiled by the template's ``TemplateFormatting``.
struct FormatCall: Sendable {
    var kind: TemplateFormatKind
    var spec: String
    var formatter: any TemplateFormatter
}

/// A piece of a `string:` expression.
enum StringPart: Sendable {
    case literal(String)
    case path(PathExpression)
}

/// A path: where it starts and the steps after that.
struct PathExpression: Sendable {
    enum Root: Sendable, Equatable {
        case nothing, `default`, `repeat`, attrs
        case variable(String)
    }

    enum Step: Sendable {
        /// A key, or an index when the step is a decimal number.
        case name(String, index: Int?)
        /// `?name`: the step is the value of variable `name`.
        case variable(String)
    }

    var root: Root
    var steps: [Step]
    /// The path as written, for messages.
    var text: String
}

/// How `tal:content`, `tal:replace` and `tal:on-error` insert a value.
struct ContentExpression: Sendable {
    var expression: Expression
    /// `structure`: insert as markup, not escaped.
    var isStructure: Bool
    /// The statement's text, for messages.
    var text: String
}

extension Expression {
    /// Whether a formatter inside changes its output with the render's now.
    var dependsOnNow: Bool {
        switch self {
        case .formatted(let call, let inner): return call.formatter.dependsOnNow || inner.dependsOnNow
        case .alternatives(let alternatives): return alternatives.contains { $0.dependsOnNow }
        case .not(let inner), .exists(let inner): return inner.dependsOnNow
        case .path, .string: return false
        }
    }
}
