import Foundation

extension TemplateValue {
    /// Parses strict JSON text (UTF-8, RFC 8259, no comments), keeping the
    /// key order of every object; of a repeated key, the first value counts.
    ///
    /// - Throws: ``TemplateError`` with file `<json>` and the line and column
    ///   of the first mistake; the message says what was expected there.
    public init(json: Data) throws {
        try self.init(json: json, file: "<json>")
    }

    /// Parses JSON text read from `file`, naming that file in errors.
    /// - Throws: ``TemplateError`` at the first mistake, as ``init(json:)``.
    public init(json: Data, file: String) throws(TemplateError) {
        do {
            self.init(jsonNode: try JSONReader.parse([UInt8](json)))
        } catch {
            let location = error.pageDataLocation
            throw TemplateError(
                file: file, line: location.line, column: location.column, message: error.pageDataMessage)
        }
    }

    /// The value a parsed JSON node holds, keeping key order; of a repeated
    /// key, the first value counts.
    public init(jsonNode node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(TemplateValue.init(jsonNode:)))
        case .object(let members):
            self = .object(TemplateObject(members.lazy.map { ($0.key, TemplateValue(jsonNode: $0.value)) }))
        }
    }

    /// The value as compact JSON text (used when an array or object is
    /// rendered as text, and to hand page data to another process).
    public var jsonText: String {
        var out = ""
        writeJSON(into: &out, escapingLessThan: false)
        return out
    }

    /// Appends the value as compact JSON text, `<` escaped when
    /// `escapingLessThan`.
    func writeJSON(into out: inout String, escapingLessThan: Bool) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += Self.format(value)
        case .string(let value): Self.writeJSONString(value, into: &out, escapingLessThan: escapingLessThan)
        case .markup(let markup):
            Self.writeJSONString(markup.text, into: &out, escapingLessThan: escapingLessThan)
        case .array(let items):
            out += "["
            for (position, item) in items.enumerated() {
                if position > 0 { out += "," }
                item.writeJSON(into: &out, escapingLessThan: escapingLessThan)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for position in object.keys.indices {
                if position > 0 { out += "," }
                Self.writeJSONString(object.keys[position], into: &out, escapingLessThan: escapingLessThan)
                out += ":"
                object.values[position].writeJSON(into: &out, escapingLessThan: escapingLessThan)
            }
            out += "}"
        }
    }

    /// Writes `text` quoted, with JSON's short escapes, other control
    /// characters as `\u00XX`, and `<` as `\u003c` when `escapingLessThan`.
    private static func writeJSONString(_ text: String, into out: inout String, escapingLessThan: Bool) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<" where escapingLessThan: out += "\\u003c"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
