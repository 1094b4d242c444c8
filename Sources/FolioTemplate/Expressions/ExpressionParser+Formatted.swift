extension ExpressionParser {
    /// `format:SPEC PATH` and `level:SPEC PATH`: the spec is the first word
    /// (compiled now, once), the rest a path expression (alternatives allowed).
    static func parseFormatted(
        _ source: String, kind: TemplateFormatKind, formatting: (any TemplateFormatting)?
    ) throws(Failure) -> Expression {
        let text = source.trimmingASCIIWhitespace()
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let spec = String(text.prefix { !isSpace($0) })
        let rest = String(text.dropFirst(spec.count))
        guard !spec.isEmpty, !rest.trimmingASCIIWhitespace().isEmpty else {
            let example =
                kind == .format ? "format:compact stats/requests" : "level:warning=80,critical=90 stats/cpu"
            throw Failure(message: "\(kind.rawValue): needs a spec and a path, as in '\(example)'")
        }
        guard let formatting else {
            throw Failure(
                message: "\(kind.rawValue): is not available: this template was compiled without formats"
                    + " (Folio supplies them; a TemplateSet takes them as `formatting`)")
        }
        let formatter: any TemplateFormatter
        do {
            formatter = try formatting.compile(spec, as: kind)
        } catch {
            throw Failure(message: error.message)
        }
        let call = FormatCall(kind: kind, spec: spec, formatter: formatter)
        return .formatted(call, try parsePaths(rest, formatting: formatting))
    }
}
