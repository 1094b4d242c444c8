extension JSONNode {
    /// The value as compact strict JSON text: comments and positions
    /// dropped, repeated keys kept, `<` written as `\u003c` so the text is
    /// safe inside a `<script>` block too. Folio hands inline page data
    /// from its configuration to ``TemplateValue/init(json:)`` this way.
    public var jsonText: String {
        var output = ""
        write(into: &output)
        return output
    }

    private func write(into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += TemplateValue.format(number)
        case .string(let text): JSONText.write(text, into: &output, escapingLessThan: true)
        case .array(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                item.write(into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                JSONText.write(member.key, into: &output, escapingLessThan: true)
                output += ":"
                member.value.write(into: &output)
            }
            output += "}"
        }
    }
}

/// JSON string literals, written the same way for ``JSONNode`` and
/// ``TemplateValue``.
enum JSONText {
    /// Appends `text` as a JSON string literal: quote, backslash and control
    /// characters escaped, and `<` too when `escapingLessThan`.
    static func write(_ text: String, into output: inout String, escapingLessThan: Bool) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "<" where escapingLessThan: output += "\\u003c"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
