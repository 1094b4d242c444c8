import Foundation

extension TemplateValue {
    /// Parses JSON text (UTF-8), keeping the key order of every object.
    ///
    /// - Throws: ``TemplateError`` with file `<json>` and the line and column
    ///   of the first mistake; the message says what was expected there.
    public init(json: Data) throws {
        var parser = JSONReader(bytes: [UInt8](json))
        self = try parser.readDocument()
    }

    /// Parses JSON text read from `file`, naming that file in errors.
    public init(json: Data, file: String) throws(TemplateError) {
        var parser = JSONReader(bytes: [UInt8](json), file: file)
        self = try parser.readDocument()
    }

    /// The value as compact JSON text (used when an array or object is
    /// rendered as text).
    var jsonText: String {
        var out = ""
        writeJSON(into: &out)
        return out
    }

    private func writeJSON(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += Self.format(value)
        case .string(let value): Self.writeJSONString(value, into: &out)
        case .array(let items):
            out += "["
            for (position, item) in items.enumerated() {
                if position > 0 { out += "," }
                item.writeJSON(into: &out)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for position in object.keys.indices {
                if position > 0 { out += "," }
                Self.writeJSONString(object.keys[position], into: &out)
                out += ":"
                object.values[position].writeJSON(into: &out)
            }
            out += "}"
        }
    }

    private static func writeJSONString(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out +=
                        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
