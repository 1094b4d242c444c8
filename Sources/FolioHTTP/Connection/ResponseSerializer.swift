#if canImport(Glibc)
    import Glibc
#endif

/// Writes a response head into a reusable buffer: status line, the handler's
/// fields, then `Date`, `Content-Length` (or, for a stream, `Transfer-Encoding`)
/// and `Connection` filled in by the server.
struct ResponseSerializer {
    /// Reused for every response of a loop so a head costs no allocation.
    private(set) var head: [UInt8] = []
    var dates = DateCache()
    /// The handler's fields of the last response and their bytes: a loop's
    /// answers mostly repeat the same fields, byte for byte, which are then
    /// copied rather than sanitized again.
    private var lastFields: [HTTPHeaders.Field] = []
    private var lastFieldBytes: [UInt8] = []

    init() { head.reserveCapacity(1024) }

    /// Fills `head` for `response`. `Content-Length` is the body's (none for
    /// 1xx, 204, 304), also for `HEAD`, whose body the caller leaves out. A
    /// stream has no length: `Transfer-Encoding: chunked` on HTTP/1.1, nothing
    /// on HTTP/1.0 (the caller closes the connection at its end).
    ///
    /// - Parameters:
    ///   - keepAlive: whether the connection stays open; `false` adds `Connection: close`.
    ///   - http10: the client spoke HTTP/1.0, so keep-alive must be said explicitly.
    mutating func serializeHead(_ response: HTTPResponse, keepAlive: Bool, http10: Bool) {
        head.removeAll(keepingCapacity: true)
        head.append(contentsOf: "HTTP/1.1 ".utf8)
        // A status outside 100...999 cannot be sent; it is the handler's bug, so say 500.
        appendDecimal((100...999).contains(response.status.code) ? response.status.code : 500)
        head.append(0x20)
        Self.appendSanitized(response.status.reasonPhrase, to: &head)
        head.append(contentsOf: "\r\n".utf8)
        let fields = response.headers.fields
        if !Self.sameBytes(fields, lastFields) {
            lastFieldBytes.removeAll(keepingCapacity: true)
            for field in fields where !Self.isServerField(field.name) {
                Self.appendSanitized(field.name, to: &lastFieldBytes)
                lastFieldBytes.append(contentsOf: ": ".utf8)
                Self.appendSanitized(field.value, to: &lastFieldBytes)
                lastFieldBytes.append(contentsOf: "\r\n".utf8)
            }
            lastFields = fields
        }
        head.append(contentsOf: lastFieldBytes)
        head.append(contentsOf: "Date: ".utf8)
        head.append(contentsOf: dates.current())
        head.append(contentsOf: "\r\n".utf8)
        if !response.status.forbidsBody {
            if case .stream = response.body {
                if !http10 { head.append(contentsOf: "Transfer-Encoding: chunked\r\n".utf8) }
            } else {
                head.append(contentsOf: "Content-Length: ".utf8)
                appendDecimal(response.body.count)
                head.append(contentsOf: "\r\n".utf8)
            }
        }
        if !keepAlive {
            head.append(contentsOf: "Connection: close\r\n".utf8)
        } else if http10 {
            head.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        head.append(contentsOf: "\r\n".utf8)
    }

    /// Appends `text` without CR, LF or NUL, which would let a handler's value split the response.
    /// Scans the contiguous bytes (a plain loop over a buffer: the generic
    /// `UTF8View` search showed up in profiles, every header of every answer).
    private static func appendSanitized(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var clean = true
            for byte in bytes where byte == 0x0D || byte == 0x0A || byte == 0 {
                clean = false
                break
            }
            if clean {
                output.append(contentsOf: bytes)
            } else {
                for byte in bytes where byte != 0x0D && byte != 0x0A && byte != 0 { output.append(byte) }
            }
        }
    }

    private mutating func appendDecimal(_ value: Int) {
        if value >= 10 { appendDecimal(value / 10) }
        head.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// Whether two field lists are the same bytes: not `==`, under which
    /// canonically equivalent strings with different bytes are equal.
    private static func sameBytes(_ left: [HTTPHeaders.Field], _ right: [HTTPHeaders.Field]) -> Bool {
        guard left.count == right.count else { return false }
        for (one, other) in zip(left, right)
        where !sameBytes(one.name, other.name) || !sameBytes(one.value, other.value) {
            return false
        }
        return true
    }

    private static func sameBytes(_ left: String, _ right: String) -> Bool {
        guard left.utf8.count == right.utf8.count else { return false }
        var left = left
        var right = right
        return left.withUTF8 { left in
            right.withUTF8 { right in
                // The same storage (the usual case: a handler's constant) needs no comparing.
                guard let one = left.baseAddress, let other = right.baseAddress, one != other else {
                    return true
                }
                return memcmp(one, other, left.count) == 0
            }
        }
    }

    /// The fields the server owns; a handler's copies are replaced.
    private static func isServerField(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: name.equalsIgnoringASCIICase("Date")
        case 10: name.equalsIgnoringASCIICase("Connection")
        case 14: name.equalsIgnoringASCIICase("Content-Length")
        case 17: name.equalsIgnoringASCIICase("Transfer-Encoding")
        default: false
        }
    }
}
