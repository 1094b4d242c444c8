/// What an expression evaluates to: a value, or TALES `default` (keep what
/// the template has).
enum Evaluated {
    case value(TemplateValue)
    case `default`

    var isTrue: Bool {
        switch self {
        case .value(let value): return value.isTrue
        case .default: return true
        }
    }
}

/// Why an expression could not be evaluated; the renderer adds the statement.
/// The words are put together only when read: `a | b` and `exists:` try
/// paths that are expected to fail, and a page of tiles does so dozens of
/// times per render with nobody reading why.
struct EvaluationFailure: Error {
    private let describe: @Sendable () -> String

    init(message: @escaping @autoclosure @Sendable () -> String) { describe = message }

    var message: String { describe() }
}

/// Fill-slots passed to a macro, and the scope the `metal:use-macro` itself
/// sat in (a filler's own define-slots resolve there).
final class SlotScope {
    let fills: [String: ElementProgram]
    let caller: SlotScope?

    init(fills: [String: ElementProgram], caller: SlotScope?) {
        self.fills = fills
        self.caller = caller
    }
}

/// One `tal:repeat` in progress.
struct RepeatState {
    var name: String
    var index: Int
    var length: Int
}

/// The mutable state of one render: output bytes and variable scopes.
/// Each render has its own; the compiled template is shared and immutable.
struct RenderContext {
    var out: [UInt8]
    let globals: [String: TemplateValue]
    /// `tal:define="global ..."`, latest last.
    var globalDefinitions: [(name: String, value: Evaluated)] = []
    /// Local variables (defines and repeat items), innermost last.
    var locals: [(name: String, value: Evaluated)] = []
    var repeats: [RepeatState] = []
    var attrs: TemplateValue = .null
    var slots: SlotScope?
    /// The template whose `render` was called: finds macros in its set.
    let template: Template
    var macroDepth = 0
    /// Output bytes past which rendering stops with an error.
    let outputLimit: Int
    /// The language and now that `format:` and `level:` use.
    let formatEnvironment: TemplateFormatEnvironment

    init(
        template: Template, globals: [String: TemplateValue], output: [UInt8], outputLimit: Int = .max,
        formatEnvironment: TemplateFormatEnvironment
    ) {
        self.template = template
        self.globals = globals
        self.out = output
        self.outputLimit = outputLimit
        self.formatEnvironment = formatEnvironment
    }

    /// Stops the render once its output passed `outputLimit`: checked per
    /// repeated item, so a huge list costs the limit, not its whole rendering.
    func checkOutputLimit(_ element: ElementProgram) throws(TemplateError) {
        guard out.count > outputLimit else { return }
        var error = failure(element, "tal:repeat", "the output passed its limit of \(outputLimit) bytes")
        error.isOutputLimit = true
        throw error
    }

    func variable(_ name: String) -> Evaluated? {
        for index in locals.indices.reversed() where locals[index].name == name {
            return locals[index].value
        }
        for index in globalDefinitions.indices.reversed() where globalDefinitions[index].name == name {
            return globalDefinitions[index].value
        }
        return globals[name].map(Evaluated.value)
    }
}
