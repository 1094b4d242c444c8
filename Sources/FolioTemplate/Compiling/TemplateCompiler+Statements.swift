/// Reading the TAL and METAL attributes of one element into an ``ElementProgram``.
import FolioSync

extension TemplateCompiler {
    mutating func compileElement(_ element: ParsedElement, repeatWhitespace: [UInt8] = [])
        throws(TemplateError) -> ElementProgram
    {
        var statements: [StatementSource] = []
        var definitions: [Definition] = []
        var condition: Expression?
        var repetition: (variable: String, expression: Expression)?
        var content: ContentExpression?
        var replaces = false
        var assignments: [AttributeAssignment] = []
        var omitTag: Expression?
        var alwaysOmitTag = element.namespace != .html
        var onError: ContentExpression?
        var useMacro: MacroReference?
        var defineMacro: String?
        var defineSlot: String?
        var fillSlot: String?
        var staticAttributes: [StaticAttribute] = []
        var attrs = TemplateObject()
        var contentAttribute: ParsedAttribute?

        for attribute in element.attributes where !attribute.bindsTemplateNamespace {
            let value = attribute.value ?? ""
            if attribute.namespace == .html {
                staticAttributes.append(
                    StaticAttribute(lowerName: attribute.localName, bytes: Self.serialize(attribute)))
                attrs.set(attribute.localName, .string(value))
                continue
            }
            let prefixed = (attribute.namespace == .tal ? "tal:" : "metal:") + attribute.localName
            statements.append(
                StatementSource(name: prefixed, text: value, location: location(attribute.offset)))
            switch prefixed {
            case "tal:define":
                for clause in ExpressionParser.splitClauses(value) {
                    definitions.append(try definition(clause, attribute))
                }
                if definitions.isEmpty { throw error(attribute.offset, "tal:define needs 'name expression'") }
            case "tal:condition":
                condition = try expression(attribute, value)
            case "tal:repeat":
                let (name, rest) = Self.splitName(value)
                guard Self.isIdentifier(name), !rest.isEmpty else {
                    throw error(
                        attribute.offset, "tal:repeat=\"\(value)\" needs 'name expression', e.g. 'item items'"
                    )
                }
                repetition = (name, try expression(attribute, rest))
            case "tal:content", "tal:replace":
                if let contentAttribute {
                    throw error(
                        attribute.offset,
                        "\(prefixed) and \(contentAttribute.name) on one element: use only one of them")
                }
                if prefixed == "tal:content", HTMLVocabulary.voidElements.contains(element.lowerName) {
                    throw error(
                        attribute.offset,
                        "tal:content on <\(element.name)>, a void element that cannot have content:"
                            + " use tal:replace or tal:attributes")
                }
                contentAttribute = attribute
                content = try self.content(attribute)
                replaces = prefixed == "tal:replace"
            case "tal:attributes":
                for clause in ExpressionParser.splitClauses(value) {
                    let (name, rest) = Self.splitName(String(clause.trimmingASCIIWhitespace()))
                    guard !name.isEmpty, !rest.isEmpty else {
                        throw error(
                            attribute.offset, "tal:attributes clause '\(clause)' needs 'name expression'")
                    }
                    let lower = name.lowercased()
                    if assignments.contains(where: { $0.lowerName == lower }) {
                        throw error(attribute.offset, "tal:attributes sets '\(name)' twice: keep one clause")
                    }
                    let assigned = try expression(attribute, rest)
                    assignments.append(
                        AttributeAssignment(
                            text: String(clause.trimmingASCIIWhitespace()), name: name, lowerName: lower,
                            expression: assigned,
                            isBoolean: HTMLVocabulary.booleanAttributes.contains(lower),
                            guardsAuthority: URLJoin.guards(attribute: lower, assigned)))
                }
            case "tal:omit-tag":
                if value.trimmingASCIIWhitespace().isEmpty {
                    alwaysOmitTag = true
                } else {
                    omitTag = try expression(attribute, value)
                }
            case "tal:on-error":
                onError = try self.content(attribute)
            case "metal:define-macro":
                defineMacro = try name(of: attribute)
            case "metal:use-macro":
                useMacro = try macroReference(attribute)
            case "metal:define-slot":
                defineSlot = try name(of: attribute)
            case "metal:fill-slot":
                fillSlot = try name(of: attribute)
            default:
                let known =
                    attribute.namespace == .tal
                    ? "define, condition, repeat, content, replace, attributes, omit-tag, on-error"
                    : "define-macro, use-macro, define-slot, fill-slot"
                throw error(attribute.offset, "unknown attribute \(prefixed) (known: \(known))")
            }
        }

        if useMacro != nil { fillCollectors.append([:]) }
        let children = try compile(element.children)
        var fills: [String: ElementProgram] = [:]
        if useMacro != nil { fills = fillCollectors.removeLast() }

        let program = ElementProgram(
            origin: origin, name: element.name, location: location(element.offset),
            isVoid: element.end == .void, isSelfClosing: element.end == .selfClosing,
            isTemplateElement: element.namespace != .html, definitions: definitions, condition: condition,
            repetition: repetition, content: content, replaces: replaces, assignments: assignments,
            omitTag: omitTag, alwaysOmitTag: alwaysOmitTag, onError: onError, useMacro: useMacro,
            fills: fills,
            defineSlot: defineSlot, statements: statements, staticAttributes: staticAttributes,
            hasEndTag: element.end == .explicit || element.end == .implied, children: children,
            attrs: .object(attrs), repeatWhitespace: repeatWhitespace)

        if useMacro != nil { macroUses.append(program) }
        if let defineMacro {
            if macros[defineMacro] != nil {
                throw error(element.offset, "macro '\(defineMacro)' is defined twice in this template")
            }
            macros[defineMacro] = program
        }
        if let fillSlot, !fillCollectors.isEmpty {
            if fillCollectors[fillCollectors.count - 1][fillSlot] != nil {
                throw error(element.offset, "slot '\(fillSlot)' is filled twice in one metal:use-macro")
            }
            fillCollectors[fillCollectors.count - 1][fillSlot] = program
        }
        return program
    }

    func definition(_ clause: String, _ attribute: ParsedAttribute) throws(TemplateError)
        -> Definition
    {
        var (first, rest) = Self.splitName(String(clause.trimmingASCIIWhitespace()))
        var isGlobal = false
        if first == "global" || first == "local" {
            isGlobal = first == "global"
            (first, rest) = Self.splitName(rest)
        }
        guard Self.isIdentifier(first), !rest.isEmpty else {
            throw error(
                attribute.offset,
                "tal:define clause '\(clause.trimmingASCIIWhitespace())' needs '[global] name expression'")
        }
        if ["nothing", "default", "repeat", "attrs"].contains(first) {
            throw error(
                attribute.offset, "tal:define cannot redefine the built-in name '\(first)': pick another")
        }
        return Definition(
            text: String(clause.trimmingASCIIWhitespace()), isGlobal: isGlobal, name: first,
            expression: try expression(attribute, rest))
    }

    func name(of attribute: ParsedAttribute) throws(TemplateError) -> String {
        let name = String((attribute.value ?? "").trimmingASCIIWhitespace())
        guard !name.isEmpty, !name.contains(" ") else {
            throw error(attribute.offset, "\(attribute.name) needs a name")
        }
        return name
    }

    func macroReference(_ attribute: ParsedAttribute) throws(TemplateError) -> MacroReference {
        let text = String((attribute.value ?? "").trimmingASCIIWhitespace())
        let parts = text.split(separator: "/").map(String.init)
        guard parts.count >= 4, parts[0] == "macros", parts[parts.count - 2] == "macros",
            parts.allSatisfy({ !$0.isEmpty && !$0.contains(" ") && $0 != ".." })
        else {
            throw error(
                attribute.offset,
                "metal:use-macro=\"\(text)\": expected macros/FILE/macros/NAME (macro NAME in FILE.html)")
        }
        let file = parts[1..<(parts.count - 2)].joined(separator: "/") + ".html"
        return MacroReference(
            file: origin.folder + file, macro: parts[parts.count - 1],
            topLevelFile: origin.folder.isEmpty ? nil : file)
    }
}
