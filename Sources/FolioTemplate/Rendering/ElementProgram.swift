/// A compiled piece of template: bytes to copy, or an element with statements.
enum RenderNode: Sendable {
    /// Markup with no statements in it, serialized once at load.
    case bytes([UInt8])
    /// An element carrying TAL or METAL statements.
    case element(ElementProgram)
}

/// Where a template came from: its name in the set and the file for messages.
final class TemplateOrigin: Sendable {
    /// The name in its set (`content/posts.html`), or the name given.
    let name: String
    /// The path shown in messages.
    let file: String
    /// The folder part of `name` (`content/`), where `macros/NAME` looks.
    let folder: String

    init(name: String, file: String) {
        self.name = name
        self.file = file
        if let slash = name.lastIndex(of: "/") {
            folder = String(name[...slash])
        } else {
            folder = ""
        }
    }
}

/// One statement's source, for render errors.
struct StatementSource: Sendable {
    /// `tal:content`, `metal:use-macro`, ...
    var name: String
    /// The attribute value as written.
    var text: String
    var location: SourceLocation
}

/// `tal:define` clause.
struct Definition: Sendable {
    /// The clause as written, for messages.
    var text: String
    var isGlobal: Bool
    var name: String
    var expression: Expression
}

/// `tal:attributes` clause.
struct AttributeAssignment: Sendable {
    /// The clause as written, for messages.
    var text: String
    var name: String
    var lowerName: String
    var expression: Expression
    var isBoolean: Bool
    /// A URL-valued attribute set by a `string:` join: a leading `//` the
    /// data made is collapsed to `/` (`URLJoin`).
    var guardsAuthority: Bool
}

/// A source attribute kept in the output.
struct StaticAttribute: Sendable {
    var lowerName: String
    /// ` name="value"`, escaped, ready to copy.
    var bytes: [UInt8]
}

/// `macros/NAME/macros/MACRO`.
struct MacroReference: Sendable {
    /// `NAME.html` in the using template's folder, as a name in the set.
    var file: String
    var macro: String
    /// `NAME.html` at the top of the set, looked up when the using
    /// template's folder has no such file (so `content/page.html` reaches
    /// the set's `widgets.html`); nil for a template at the top.
    var topLevelFile: String? = nil
}

/// An element with statements, compiled: everything the renderer needs is
/// precomputed, so rendering copies bytes and evaluates expressions only.
final class ElementProgram: Sendable {
    let origin: TemplateOrigin
    let name: String
    let location: SourceLocation
    let isVoid: Bool
    let isSelfClosing: Bool
    /// `<tal:block>` and friends: the tag itself is never written.
    let isTemplateElement: Bool

    let definitions: [Definition]
    let condition: Expression?
    let repetition: (variable: String, expression: Expression)?
    let content: ContentExpression?
    let replaces: Bool
    let assignments: [AttributeAssignment]
    let omitTag: Expression?
    let alwaysOmitTag: Bool
    let onError: ContentExpression?
    let useMacro: MacroReference?
    let fills: [String: ElementProgram]
    let defineSlot: String?

    /// Source statements by name, for messages.
    let statements: [StatementSource]
    let staticAttributes: [StaticAttribute]
    /// `<name attrs>` when no `tal:attributes`.
    let startTag: [UInt8]
    /// `<name`, for building a start tag with assigned attributes.
    let startTagOpening: [UInt8]
    /// `>`, closing a start tag built from `startTagOpening`.
    let startTagClosing: [UInt8]
    /// For each static attribute, the `tal:attributes` clause replacing it.
    let assignmentForStatic: [Int?]
    /// The `tal:attributes` clauses that add attributes the element lacks.
    let addedAssignments: [Int]
    let endTag: [UInt8]
    let children: [RenderNode]
    /// The original attributes, for the `attrs` variable.
    let attrs: TemplateValue
    /// Whether any statement mentions `attrs` (so rendering sets it).
    let usesAttrs: Bool
    /// The line break and indentation written before each repetition.
    let repeatWhitespace: [UInt8]

    init(
        origin: TemplateOrigin, name: String, location: SourceLocation, isVoid: Bool, isSelfClosing: Bool,
        isTemplateElement: Bool, definitions: [Definition], condition: Expression?,
        repetition: (variable: String, expression: Expression)?, content: ContentExpression?, replaces: Bool,
        assignments: [AttributeAssignment], omitTag: Expression?, alwaysOmitTag: Bool,
        onError: ContentExpression?, useMacro: MacroReference?, fills: [String: ElementProgram],
        defineSlot: String?, statements: [StatementSource], staticAttributes: [StaticAttribute],
        hasEndTag: Bool, children: [RenderNode], attrs: TemplateValue,
        repeatWhitespace: [UInt8]
    ) {
        self.origin = origin
        self.name = name
        self.location = location
        self.isVoid = isVoid
        self.isSelfClosing = isSelfClosing
        self.isTemplateElement = isTemplateElement
        self.definitions = definitions
        self.condition = condition
        self.repetition = repetition
        self.content = content
        self.replaces = replaces
        self.assignments = assignments
        self.omitTag = omitTag
        self.alwaysOmitTag = alwaysOmitTag
        self.onError = onError
        self.useMacro = useMacro
        self.fills = fills
        self.defineSlot = defineSlot
        self.statements = statements
        self.staticAttributes = staticAttributes
        startTagOpening = Array("<\(name)".utf8)
        startTagClosing = [UInt8(ascii: ">")]
        var tag = startTagOpening
        for attribute in staticAttributes { tag += attribute.bytes }
        startTag = tag + startTagClosing
        assignmentForStatic = staticAttributes.map { attribute in
            assignments.firstIndex { $0.lowerName == attribute.lowerName }
        }
        addedAssignments = assignments.indices.filter { index in
            !staticAttributes.contains { $0.lowerName == assignments[index].lowerName }
        }
        // `<div/>` is written `<div></div>`: browsers read `<div/>` as an open tag.
        endTag = hasEndTag || isSelfClosing ? Array("</\(name)>".utf8) : []
        self.children = children
        self.attrs = attrs
        usesAttrs = statements.contains { $0.text.contains("attrs") }
        self.repeatWhitespace = repeatWhitespace
    }

    /// The source of statement `name` (`tal:content`), for messages.
    func statement(_ name: String) -> StatementSource {
        statements.first { $0.name == name }
            ?? StatementSource(name: name, text: "", location: location)
    }
}
