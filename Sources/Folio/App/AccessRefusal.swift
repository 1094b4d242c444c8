/// A pager not shown to someone, as the access log gives it.
struct AccessRefusal: Error {
    let pager: String
    let rule: String

    var logNote: String { "refused pager=\(pager) access=\(rule)" }

    /// `text` as one word of a log line: a space, `%` or anything but
    /// visible ASCII percent-encoded, so a name cannot pose as another field.
    static func logWord(_ text: String) -> String {
        var word = ""
        for byte in text.utf8 {
            if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "%") {
                word.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                word += (byte < 0x10 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
            }
        }
        return word
    }
}
