// libFuzzer entry for FolioHTTP's form and query decoding (`FormFields`,
// `PercentDecoding`, `HTTPRequest.form()`, the target's path and query),
// built by `scripts/fuzz form` together with Sources/FolioHTTP/{Parser,Message}.
//
// Besides "never crash", it checks properties any decoder must keep:
// - decoding is a function: the same bytes give the same fields;
// - what decodes re-encodes (every byte escaped) to text that decodes to the
//   same fields, so nothing is lost or invented;
// - a decoded field never holds more pairs than the text has `&` + 1;
// - bytes without `%` or `+` decode to themselves (or fail as non-UTF-8).

/// Percent-encodes every byte, the strictest encoding a client may send.
func encodeEveryByte(_ text: String) -> [UInt8] {
    let digits = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for byte in text.utf8 {
        out.append(UInt8(ascii: "%"))
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0x0F)])
    }
    return out
}

/// Checks the decoder's properties on one input.
func checkFormFields(_ bytes: [UInt8]) {
    let first = try? FormFields(urlEncoded: bytes)
    let second = try? FormFields(urlEncoded: bytes[...])
    precondition(first == second, "the same bytes decoded twice differ")
    guard let fields = first else { return }
    let ampersands = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "&") ? 1 : 0) }
    precondition(fields.count <= ampersands + 1, "more fields than pairs")
    var encoded: [UInt8] = []
    for field in fields {
        if !encoded.isEmpty { encoded.append(UInt8(ascii: "&")) }
        encoded += encodeEveryByte(field.name)
        encoded.append(UInt8(ascii: "="))
        encoded += encodeEveryByte(field.value)
    }
    // Pairs that decode to an empty name and value ("=") are kept; empty
    // pairs ("&&") are skipped, so the round trip compares what remains.
    let again = try? FormFields(urlEncoded: encoded)
    precondition(again?.fields == fields.fields, "re-encoded fields decode differently")
    for field in fields {
        _ = fields[field.name]
        precondition(fields.values(for: field.name).contains(field.value), "lookup lost a value")
    }
}

/// Checks the plain-text fast path of percent-decoding.
func checkPercentDecoding(_ bytes: [UInt8]) {
    let plain = !bytes.contains(UInt8(ascii: "%")) && !bytes.contains(UInt8(ascii: "+"))
    let decoded = PercentDecoding.decode(bytes, plusAsSpace: true)
    if plain {
        precondition(decoded == String(validating: bytes, as: UTF8.self), "plain text changed")
    }
    if let decoded {
        // Decoding never makes text longer than its bytes.
        precondition(decoded.utf8.count <= bytes.count, "decoded text is longer than its input")
    }
    _ = PercentDecoding.decode(bytes, plusAsSpace: false)
}

/// Feeds the bytes as a request target and as a form body.
func checkRequest(_ bytes: [UInt8]) {
    if let target = String(validating: bytes, as: UTF8.self) {
        let request = HTTPRequest(method: .get, target: target)
        _ = request.path
        _ = request.query.count
    }
    let types = ["application/x-www-form-urlencoded; charset=utf-8", "text/plain", ""]
    let type = types[bytes.count % types.count]
    let headers: HTTPHeaders = type.isEmpty ? [:] : ["Content-Type": type]
    let post = HTTPRequest(method: .post, target: "/p/select", headers: headers, body: bytes)
    _ = try? post.form()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzForm(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    checkFormFields(bytes)
    checkPercentDecoding(bytes)
    checkRequest(bytes)
    return 0
}
