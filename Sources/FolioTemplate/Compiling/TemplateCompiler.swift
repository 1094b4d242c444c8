/// Turns a parsed tree into render nodes: markup without statements becomes
/// ready-made bytes, elements with statements become ``ElementProgram``s
/// whose expressions are parsed and checked here, once, at load.
import FolioSync

struct TemplateCompiler {
    let origin: TemplateOrigin
    let lines: LineTable
    var macros: [String: ElementProgram] = [:]
    /// Every `metal:use-macro`, so a set can check them all at once.
    var macroUses: [ElementProgram] = []
    /// `metal:fill-slot`s found inside the `metal:use-macro` being compiled.
    var fillCollectors: [[String: ElementProgram]] = []
    /// Compiles `format:` and `level:` specs; `nil` rejects those expressions.
    let formatting: (any TemplateFormatting)?
    /// Set once an expression depends on the render's now (see `Template.dependsOnNow`).
    let nowUse = NowUse()

    /// Whether any expression compiled so far depends on the render's now.
    final class NowUse {
        var found = false
    }

    init(origin: TemplateOrigin, source: [UInt8], formatting: (any TemplateFormatting)? = nil) {
        self.origin = origin
        self.lines = LineTable(source)
        self.formatting = formatting
    }

    mutating func compile(_ nodes: [ParsedNode]) throws(TemplateError) -> [RenderNode] {
        var output: [RenderNode] = []
        var pending: [UInt8] = []
        try compile(nodes, into: &output, pending: &pending)
        if !pending.isEmpty { output.append(.bytes(pending)) }
        return output
    }

    mutating func compile(
        _ nodes: [ParsedNode], into output: inout [RenderNode], pending: inout [UInt8]
    )
        throws(TemplateError)
    {
        for node in nodes {
            switch node {
            case .text(let bytes), .markup(let bytes):
                pending += bytes
            case .element(let element):
                if element.hasStatements {
                    let whitespace = Self.takeRepeatWhitespace(for: element, from: &pending)
                    let program = try compileElement(element, repeatWhitespace: whitespace)
                    if !pending.isEmpty {
                        output.append(.bytes(pending))
                        pending = []
                    }
                    output.append(.element(program))
                } else {
                    let writeTag = element.namespace == .html
                    if writeTag {
                        pending += Array("<\(element.name)".utf8)
                        for attribute in element.attributes where !attribute.bindsTemplateNamespace {
                            pending += Self.serialize(attribute)
                        }
                        pending.append(UInt8(ascii: ">"))
                    }
                    try compile(element.children, into: &output, pending: &pending)
                    // `<div/>` is written `<div></div>`: browsers read `<div/>` as an open tag.
                    if writeTag,
                        element.end == .explicit || element.end == .implied || element.end == .selfClosing
                    {
                        pending += Array("</\(element.name)>".utf8)
                    }
                }
            }
        }
    }

    /// ` name="value"` with `&`, `<` and `"` escaped, or ` name` when bare.
    static func serialize(_ attribute: ParsedAttribute) -> [UInt8] {
        var bytes = Array(" \(attribute.name)".utf8)
        if let value = attribute.value {
            bytes += Array("=\"".utf8)
            bytes.appendEscapedAttribute(value)
            bytes.append(UInt8(ascii: "\""))
        }
        return bytes
    }

    func location(_ offset: Int) -> SourceLocation {
        lines.location(of: offset)
    }

    func error(_ offset: Int, _ message: String) -> TemplateError {
        let place = location(offset)
        return TemplateError(file: origin.file, line: place.line, column: place.column, message: message)
    }

    func expression(_ attribute: ParsedAttribute, _ text: String) throws(TemplateError) -> Expression {
        do {
            let expression = try ExpressionParser.parse(text, formatting: formatting)
            if expression.dependsOnNow { nowUse.found = true }
            return expression
        } catch {
            throw self.error(
                attribute.offset, "\(attribute.name)=\"\(attribute.value ?? "")\": \(error.message)")
        }
    }

    func content(_ attribute: ParsedAttribute) throws(TemplateError) -> ContentExpression {
        do {
            let content = try ExpressionParser.parseContent(attribute.value ?? "", formatting: formatting)
            if content.expression.dependsOnNow { nowUse.found = true }
            return content
        } catch {
            throw self.error(
                attribute.offset, "\(attribute.name)=\"\(attribute.value ?? "")\": \(error.message)")
        }
    }

    /// Moves the line break and indentation before a repeated element into
    /// the repetition (as zope.tal does), so each item starts its own line.
    static func takeRepeatWhitespace(for element: ParsedElement, from pending: inout [UInt8])
        -> [UInt8]
    {
        guard element.attributes.contains(where: { $0.namespace == .tal && $0.localName == "repeat" }) else {
            return []
        }
        var start = pending.count
        while start > 0, pending[start - 1] == 0x20 || pending[start - 1] == 0x09 { start -= 1 }
        guard start > 0, pending[start - 1] == 0x0A else { return [] }
        start -= 1
        let whitespace = Array(pending[start...])
        pending.removeSubrange(start...)
        return whitespace
    }

    /// The first word and the rest, trimmed.
    static func splitName(_ text: String) -> (String, String) {
        let trimmed = String(text.trimmingASCIIWhitespace())
        guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        else { return (trimmed, "") }
        return (String(trimmed[..<space]), String(trimmed[space...].trimmingASCIIWhitespace()))
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }
}
