extension [UInt8] {
    /// Appends text escaped for element content: `&`, `<`, `>`.
    mutating func appendEscapedText(_ text: String) {
        appendEscaped(text, quote: false)
    }

    /// Appends text escaped for a double-quoted attribute value: `&`, `<`, `"`.
    mutating func appendEscapedAttribute(_ text: String) {
        appendEscaped(text, quote: true)
    }

    /// Appends text unchanged (`structure`).
    mutating func appendRaw(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    private mutating func appendEscaped(_ text: String, quote: Bool) {
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let replacement: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">") where !quote: replacement = "&gt;"
                case UInt8(ascii: "\"") where quote: replacement = "&quot;"
                default: continue
                }
                if runStart < index {
                    append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                }
                replacement.withUTF8Buffer { append(contentsOf: $0) }
                runStart = index + 1
            }
            if runStart < bytes.count {
                append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
            }
        }
    }
}

/// The escaping templates apply, for the little HTML a caller writes itself.
public enum HTMLText {
    /// `text` escaped for element content (`&`, `<`, `>`), exactly as
    /// `tal:content` writes it.
    public static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        bytes.appendEscapedText(text)
        return String(decoding: bytes, as: UTF8.self)
    }
}
