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
    /// copied rather than sanitized again, field by field (an answer that
    /// sets a new cookie repeats all its other fields).
    private var lastFields: [HTTPHeaders.Field] = []
    private var lastFieldBytes: [UInt8] = []
    /// Where each of `lastFields` ends in `lastFieldBytes`; a field the
    /// server owns, left out, ends where the one before it does.
    private var lastFieldEnds: [Int] = []
    /// The buffers the next answer's fields are written to, then swapped in.
    private var nextFieldBytes: [UInt8] = []
    private var nextFieldEnds: [Int] = []

    init() {
        head.reserveCapacity(1024)
        lastFieldBytes.reserveCapacity(1024)
        nextFieldBytes.reserveCapacity(1024)
    }

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
        Self.append("HTTP/1.1 ", to: &head)
        // A status outside 100...999 cannot be sent; it is the handler's bug, so say 500.
        appendDecimal((100...999).contains(response.status.code) ? response.status.code : 500)
        head.append(0x20)
        Self.appendSanitized(response.status.reasonPhrase, to: &head)
        Self.append("\r\n", to: &head)
        writeFields(response.headers.fields)
        head.append(contentsOf: lastFieldBytes)
        Self.append("Date: ", to: &head)
        head.append(contentsOf: dates.current())
        Self.append("\r\n", to: &head)
        if !response.status.forbidsBody {
            if case .stream = response.body {
                if !http10 { Self.append("Transfer-Encoding: chunked\r\n", to: &head) }
            } else {
                Self.append("Content-Length: ", to: &head)
                appendDecimal(response.body.count)
                Self.append("\r\n", to: &head)
            }
        }
        if !keepAlive {
            Self.append("Connection: close\r\n", to: &head)
        } else if http10 {
            Self.append("Connection: keep-alive\r\n", to: &head)
        }
        Self.append("\r\n", to: &head)
    }

    /// Appends a constant's bytes straight from the binary (the generic
    /// `String.UTF8View` append copies through a slower path).
    private static func append(_ text: StaticString, to output: inout [UInt8]) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    /// Makes `lastFieldBytes` the bytes of `fields`: each field the last
    /// answer had at the same place is copied from its bytes, any other
    /// sanitized.
    private mutating func writeFields(_ fields: [HTTPHeaders.Field]) {
        // The very array of the last answer (a handler's fields made once):
        // shared storage cannot have changed, so neither have the bytes.
        if fields.count == lastFields.count, Self.sharesStorage(fields, lastFields) { return }
        nextFieldBytes.removeAll(keepingCapacity: true)
        nextFieldEnds.removeAll(keepingCapacity: true)
        // Through buffers, so each field is read in place, not copied.
        fields.withUnsafeBufferPointer { fields in
            lastFields.withUnsafeBufferPointer { lastFields in
                for index in fields.indices {
                    if index < lastFields.count, Self.sameBytes(fields[index], lastFields[index]) {
                        let start = index == 0 ? 0 : lastFieldEnds[index - 1]
                        nextFieldBytes.append(contentsOf: lastFieldBytes[start..<lastFieldEnds[index]])
                    } else if !Self.isServerField(fields[index].name) {
                        Self.appendSanitized(fields[index].name, to: &nextFieldBytes)
                        Self.append(": ", to: &nextFieldBytes)
                        Self.appendSanitized(fields[index].value, to: &nextFieldBytes)
                        Self.append("\r\n", to: &nextFieldBytes)
                    }
                    nextFieldEnds.append(nextFieldBytes.count)
                }
            }
        }
        swap(&lastFieldBytes, &nextFieldBytes)
        swap(&lastFieldEnds, &nextFieldEnds)
        lastFields = fields
    }

    private static func sharesStorage(_ one: [HTTPHeaders.Field], _ other: [HTTPHeaders.Field]) -> Bool {
        one.withUnsafeBufferPointer { one in
            other.withUnsafeBufferPointer { one.baseAddress == $0.baseAddress }
        }
    }

    /// Appends `text` without CR, LF or NUL, which would let a handler's value split the response.
    /// Scans the contiguous bytes with `memchr`, which goes a vector at a
    /// time: a byte-by-byte loop over the head of every answer showed up in
    /// profiles (2% of a view that sets a cookie).
    private static func appendSanitized(_ text: String, to output: inout [UInt8]) {
        text.withUTF8InPlace { appendSanitized($0, to: &output) }
    }

    private static func appendSanitized(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        guard let start = bytes.baseAddress else { return }
        let clean =
            memchr(start, 0x0A, bytes.count) == nil && memchr(start, 0x0D, bytes.count) == nil
            && memchr(start, 0, bytes.count) == nil
        if clean {
            output.append(contentsOf: bytes)
        } else {
            for byte in bytes where byte != 0x0D && byte != 0x0A && byte != 0 { output.append(byte) }
        }
    }

    private mutating func appendDecimal(_ value: Int) {
        if value >= 10 { appendDecimal(value / 10) }
        head.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// Whether two fields are the same bytes: not `==`, under which
    /// canonically equivalent strings with different bytes are equal.
    private static func sameBytes(_ one: HTTPHeaders.Field, _ other: HTTPHeaders.Field) -> Bool {
        sameBytes(one.name, other.name) && sameBytes(one.value, other.value)
    }

    private static func sameBytes(_ left: String, _ right: String) -> Bool {
        guard left.utf8.count == right.utf8.count else { return false }
        // In place, as `withUTF8InPlace`, but with both closures written
        // out: through that helper the optimizer copied both strings here
        // (24 more retains per answer, counted).
        let inPlace = left.utf8.withContiguousStorageIfAvailable { left in
            right.utf8.withContiguousStorageIfAvailable { right in
                // The same storage (the usual case: a handler's constant) needs no comparing.
                guard let one = left.baseAddress, let other = right.baseAddress, one != other else {
                    return true
                }
                return memcmp(one, other, left.count) == 0
            }
        }
        if let inPlace = inPlace ?? nil { return inPlace }
        return left.utf8.elementsEqual(right.utf8)
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
