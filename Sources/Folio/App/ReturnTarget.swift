/// Where a click's answer sends the visitor back to: the page of a portal
/// that embeds the pager (its `return` parameter). Only a path on this
/// site is accepted, so a crafted link can never make Folio redirect a
/// visitor elsewhere (an open redirect).
struct ReturnTarget: Sendable, Equatable {
    /// The path (with its query, if any), as given.
    let path: String

    static let maximumBytes = 2048

    /// `nil` for an absent or empty value (no return target).
    /// - Throws: `ClientError` 400 for anything but a path on this site:
    ///   one leading `/` (not `//` or `/\`, which browsers take for another
    ///   host), no backslash, no control characters or spaces, at most 2048 bytes.
    init?(_ value: String?) throws(ClientError) {
        guard let value, !value.isEmpty else { return nil }
        let bytes = Array(value.utf8)
        let isPath =
            bytes.count <= Self.maximumBytes && bytes[0] == UInt8(ascii: "/")
            && (bytes.count == 1 || (bytes[1] != UInt8(ascii: "/") && bytes[1] != UInt8(ascii: "\\")))
            && !bytes.contains { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }
        guard isPath else {
            throw .badRequest(
                "The return target must be a path on this site, starting with a single '/' "
                    + "(no scheme, host, backslash, space or control character, at most \(Self.maximumBytes) bytes)."
            )
        }
        path = value
    }

    /// The path escaped for an HTML attribute value, as the form carries it.
    var attributeBytes: [UInt8] {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "&"): escaped += Array("&amp;".utf8)
            case UInt8(ascii: "\""): escaped += Array("&quot;".utf8)
            case UInt8(ascii: "<"): escaped += Array("&lt;".utf8)
            case UInt8(ascii: ">"): escaped += Array("&gt;".utf8)
            default: escaped.append(byte)
            }
        }
        return escaped
    }
}
