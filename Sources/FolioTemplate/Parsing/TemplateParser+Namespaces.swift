/// `tal:`, `metal:` and prefixes bound with `xmlns:p`.
extension TemplateParser {
    func namespace(ofPrefix prefix: String, extra: [(prefix: String, namespace: TemplateNamespace)])
        -> TemplateNamespace
    {
        if let bound = extra.last(where: { $0.prefix == prefix })
            ?? bindings.last(where: { $0.prefix == prefix })
        {
            return bound.namespace
        }
        switch prefix {
        case "tal": return .tal
        case "metal": return .metal
        default: return .html
        }
    }

    func makeElement(name: String, attributes: [ParsedAttribute], offset: Int) throws(TemplateError)
        -> ParsedElement
    {
        var own: [(prefix: String, namespace: TemplateNamespace)] = []
        var attributes = attributes
        for index in attributes.indices {
            let lower = attributes[index].name.lowercased()
            guard lower.hasPrefix("xmlns:") else { continue }
            let uri = attributes[index].value ?? ""
            if uri == TemplateNamespace.talURI || uri == TemplateNamespace.metalURI {
                own.append((String(lower.dropFirst(6)), uri == TemplateNamespace.talURI ? .tal : .metal))
                attributes[index].bindsTemplateNamespace = true
            }
        }
        let lowerName = name.lowercased()
        var elementNamespace = TemplateNamespace.html
        if let colon = lowerName.firstIndex(of: ":") {
            elementNamespace = namespace(ofPrefix: String(lowerName[..<colon]), extra: own)
        }
        for index in attributes.indices where !attributes[index].bindsTemplateNamespace {
            let lower = attributes[index].name.lowercased()
            if let colon = lower.firstIndex(of: ":") {
                let space = namespace(ofPrefix: String(lower[..<colon]), extra: own)
                attributes[index].namespace = space
                attributes[index].localName =
                    space == .html ? lower : String(lower[lower.index(after: colon)...])
            } else {
                attributes[index].namespace = elementNamespace
                attributes[index].localName = lower
            }
        }
        var seen: Set<String> = []
        for attribute in attributes where attribute.namespace != .html {
            let key = (attribute.namespace == .tal ? "tal:" : "metal:") + attribute.localName
            if !seen.insert(key).inserted {
                throw error(at: attribute.offset, "\(key) appears twice on <\(name)>: keep one")
            }
        }
        let element = ParsedElement(
            name: name, namespace: elementNamespace, attributes: attributes, offset: offset)
        element.bindings = own
        return element
    }
}
