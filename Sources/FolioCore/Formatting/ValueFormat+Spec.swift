extension ValueFormat {
    /// Every format name, for messages and checks.
    public static let names = [
        "number", "compact", "percent", "bytes", "decbytes", "reqps", "s", "ms", "datetime", "date", "time",
        "relative", "iso",
    ]

    /// The most fraction digits a spec may ask for.
    public static let maximumFractionDigits = 9

    /// Reads a spec such as `compact`, `number.2` or `relative`.
    /// - Throws: `FormatSpecError` naming what is wrong and at which
    ///   character: an unknown name (with the known ones), digits that are
    ///   not 0–9, or digits on a format that takes none.
    public init(spec: String) throws(FormatSpecError) {
        let characters = Array(spec)
        let dot = characters.firstIndex(of: ".")
        let name = String(characters[..<(dot ?? characters.count)])
        var digits: Int?
        if let dot {
            let text = String(characters[(dot + 1)...])
            guard let count = Int(text), text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber),
                count <= Self.maximumFractionDigits
            else {
                throw FormatSpecError(
                    spec: spec, offset: dot + 1,
                    message: "after '.' write the fraction digits, 0 to \(Self.maximumFractionDigits)")
            }
            digits = count
        }
        guard let kind = Self.kind(named: name, digits: digits) else {
            if name.isEmpty {
                throw FormatSpecError(spec: spec, offset: 0, message: "empty format (known: \(Self.known))")
            }
            guard Self.names.contains(name) else {
                throw FormatSpecError(
                    spec: spec, offset: 0, message: "unknown format '\(name)' (known: \(Self.known))")
            }
            throw FormatSpecError(
                spec: spec, offset: name.count, message: "'\(name)' takes no fraction digits")
        }
        self.init(kind: kind, spec: spec)
    }

    private static var known: String { names.joined(separator: ", ") }

    /// The kind `name` stands for, `nil` when unknown or given digits it cannot take.
    private static func kind(named name: String, digits: Int?) -> Kind? {
        switch name {
        case "number": return .number(fractionDigits: digits ?? 0)
        case "compact": return .compact(fractionDigits: digits ?? 1)
        case "percent": return .percent(fractionDigits: digits ?? 0)
        case "bytes": return .bytes(fractionDigits: digits ?? 1, base: .iec)
        case "decbytes": return .bytes(fractionDigits: digits ?? 1, base: .si)
        case "reqps": return .requestsPerSecond(fractionDigits: digits ?? 1)
        default: break
        }
        guard digits == nil else { return nil }
        switch name {
        case "s": return .duration(.seconds)
        case "ms": return .duration(.milliseconds)
        case "datetime": return .dateTime
        case "date": return .date
        case "time": return .time
        case "relative": return .relative
        case "iso": return .iso
        default: return nil
        }
    }
}
