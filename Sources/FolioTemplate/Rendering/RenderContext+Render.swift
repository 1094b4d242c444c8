extension RenderContext {
    /// Renders nodes in order.
    mutating func render(_ nodes: [RenderNode]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .bytes(let bytes): out.append(contentsOf: bytes)
            case .element(let element): try render(element)
            }
        }
    }

    /// Renders one element with its statements, in the TAL order: define,
    /// condition, repeat, content or replace, attributes, omit-tag; with
    /// `tal:on-error` around all of it.
    mutating func render(_ element: ElementProgram) throws(TemplateError) {
        guard let onError = element.onError else {
            try renderStatements(element)
            return
        }
        let mark = (out.count, locals.count, globalDefinitions.count, repeats.count, slots, attrs, macroDepth)
        do {
            try renderStatements(element)
        } catch {
            if error.isOutputLimit { throw error }
            out.removeSubrange(mark.0...)
            locals.removeSubrange(mark.1...)
            globalDefinitions.removeSubrange(mark.2...)
            repeats.removeSubrange(mark.3...)
            (slots, attrs, macroDepth) = (mark.4, element.attrs, mark.6)
            let details = TemplateObject([
                ("type", "TemplateError"), ("value", .string(error.message)),
                ("message", .string(error.message)),
                ("line", .number(Double(error.line))), ("file", .string(error.file)),
            ])
            locals.append(("error", .value(.object(details))))
            defer {
                locals.removeLast()
                attrs = mark.5
            }
            let value = try evaluate(onError.expression, statement: "tal:on-error", in: element)
            if element.replaces || element.isTemplateElement {
                write(value, structure: onError.isStructure)
            } else {
                out += element.startTagOpening
                for attribute in element.staticAttributes { out += attribute.bytes }
                out.append(UInt8(ascii: ">"))
                write(value, structure: onError.isStructure)
                out += Array("</\(element.name)>".utf8)
            }
        }
    }

    private mutating func renderStatements(_ element: ElementProgram) throws(TemplateError) {
        let localMark = locals.count
        defer { locals.removeSubrange(localMark...) }
        // Most elements never read `attrs`: skip swapping it in for them.
        var outerAttrs: TemplateValue?
        if element.usesAttrs {
            outerAttrs = attrs
            attrs = element.attrs
        }
        defer { if let outerAttrs { attrs = outerAttrs } }
        for definition in element.definitions {
            let value = try evaluate(
                definition.expression, statement: "tal:define", clause: definition.text, in: element)
            if definition.isGlobal {
                globalDefinitions.append((definition.name, value))
            } else {
                locals.append((definition.name, value))
            }
        }
        if let condition = element.condition {
            guard try evaluate(condition, statement: "tal:condition", in: element).isTrue else { return }
        }
        guard let repetition = element.repetition else {
            try renderBody(element)
            return
        }
        switch try evaluate(repetition.expression, statement: "tal:repeat", in: element) {
        case .default:
            out += element.repeatWhitespace
            try renderBody(element)
        case .value(.null):
            return
        case .value(.array(let items)):
            locals.append((repetition.variable, .value(.null)))
            repeats.append(RepeatState(name: repetition.variable, index: 0, length: items.count))
            let local = locals.count - 1
            let loop = repeats.count - 1
            defer { repeats.removeLast() }
            for (index, item) in items.enumerated() {
                locals[local].value = .value(item)
                repeats[loop].index = index
                out += element.repeatWhitespace
                try renderBody(element)
                try checkOutputLimit(element)
            }
        case .value(let other):
            throw failure(
                element, "tal:repeat", "needs a list to repeat over, but the value is a \(other.kind)")
        }
    }

    private mutating func renderBody(_ element: ElementProgram) throws(TemplateError) {
        if let reference = element.useMacro {
            try expandMacro(reference, at: element)
            return
        }
        if let slot = element.defineSlot, let scope = slots, let filler = scope.fills[slot] {
            slots = scope.caller
            defer { slots = scope }
            try render(filler)
            return
        }
        var replacement: TemplateValue?
        if let content = element.content {
            let statement = element.replaces ? "tal:replace" : "tal:content"
            if case .value(let value) = try evaluate(content.expression, statement: statement, in: element) {
                if element.replaces {
                    write(.value(value), structure: content.isStructure)
                    return
                }
                replacement = value
            }
        }
        var omit = element.alwaysOmitTag
        if !omit, let omitTag = element.omitTag {
            omit = try evaluate(omitTag, statement: "tal:omit-tag", in: element).isTrue
        }
        if !omit { try writeStartTag(element) }
        if let replacement {
            write(.value(replacement), structure: element.content?.isStructure ?? false)
        } else {
            try render(element.children)
        }
        if !omit { out += element.endTag }
    }

    private mutating func expandMacro(_ reference: MacroReference, at element: ElementProgram)
        throws(TemplateError)
    {
        let macro = try template.macro(reference, usedFrom: element)
        guard macroDepth < 64 else {
            throw failure(
                element, "metal:use-macro", "macros nest more than 64 deep: is a macro using itself?")
        }
        let outerSlots = slots
        macroDepth += 1
        slots = SlotScope(fills: element.fills, caller: outerSlots)
        defer {
            slots = outerSlots
            macroDepth -= 1
        }
        try render(macro)
    }

    private mutating func writeStartTag(_ element: ElementProgram) throws(TemplateError) {
        if element.assignments.isEmpty {
            out += element.startTag
            return
        }
        out += element.startTagOpening
        for (position, attribute) in element.staticAttributes.enumerated() {
            guard let index = element.assignmentForStatic[position] else {
                out += attribute.bytes
                continue
            }
            let assignment = element.assignments[index]
            let value = try evaluate(
                assignment.expression, statement: "tal:attributes", clause: assignment.text, in: element)
            if case .value(let value) = value {
                writeAttribute(assignment, value)
            } else {
                out += attribute.bytes
            }
        }
        for index in element.addedAssignments {
            let assignment = element.assignments[index]
            let value = try evaluate(
                assignment.expression, statement: "tal:attributes", clause: assignment.text, in: element)
            if case .value(let value) = value { writeAttribute(assignment, value) }
        }
        out += element.startTagClosing
    }

    private mutating func writeAttribute(_ assignment: AttributeAssignment, _ value: TemplateValue) {
        if value == .null { return }
        if assignment.isBoolean {
            guard value.isTrue else { return }
            out.append(UInt8(ascii: " "))
            out.appendRaw(assignment.name)
            return
        }
        out.append(UInt8(ascii: " "))
        out.appendRaw(assignment.name)
        out += [UInt8(ascii: "="), UInt8(ascii: "\"")]
        if case .string(let text) = value {
            out.appendEscapedAttribute(assignment.guardsAuthority ? URLJoin.collapsingAuthority(text) : text)
        } else {
            out.appendEscapedAttribute(value.text)
        }
        out.append(UInt8(ascii: "\""))
    }

    private mutating func write(_ value: Evaluated, structure: Bool) {
        guard case .value(let value) = value else { return }
        switch value {
        case .null: return
        case .string(let text):
            if structure { out.appendRaw(text) } else { out.appendEscapedText(text) }
        case .markup(let markup) where structure:
            out.append(contentsOf: markup.bytes)
        default:
            if structure { out.appendRaw(value.text) } else { out.appendEscapedText(value.text) }
        }
    }

    /// Evaluates a statement's expression, turning a failure into a
    /// ``TemplateError`` at the statement that names the path.
    private func evaluate(
        _ expression: Expression, statement: String, clause: String? = nil, in element: ElementProgram
    ) throws(TemplateError) -> Evaluated {
        do {
            return try evaluate(expression)
        } catch {
            throw failure(element, statement, error.message, clause: clause)
        }
    }

    func failure(_ element: ElementProgram, _ statement: String, _ message: String, clause: String? = nil)
        -> TemplateError
    {
        Self.failure(element, statement, message, clause: clause)
    }

    /// A render error at `statement` of `element`.
    /// A statement of several clauses names only the clause that failed.
    static func failure(
        _ element: ElementProgram, _ statement: String, _ message: String, clause: String? = nil
    ) -> TemplateError {
        let source = element.statement(statement)
        let what =
            clause.map { "\(statement) clause \"\($0.squashingSpaces)\"" }
            ?? "\(statement)=\"\(source.text.squashingSpaces)\""
        return TemplateError(
            file: element.origin.file, line: source.location.line, column: source.location.column,
            message: "\(what): \(message)")
    }
}
