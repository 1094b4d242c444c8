extension HTTPRequest {
    /// Cookies from every `Cookie` header (`a=1; b="2"`); the first of a repeated name wins,
    /// surrounding double quotes are removed, malformed pairs are skipped.
    public var cookies: [String: String] {
        var result: [String: String] = [:]
        forEachCookie { name, value in
            let key = String(decoding: name, as: UTF8.self)
            if result[key] == nil { result[key] = String(decoding: value, as: UTF8.self) }
            return true
        }
        return result
    }

    /// The values of the cookies named `names`, in that order (`nil` for one
    /// not sent), by the same rules as `cookies`. Scans the headers' bytes
    /// once and builds a `String` only for the values asked for: a server
    /// reads its session cookie on every request.
    public func cookies(named names: [String]) -> [String?] {
        // Appended into reserved room: `Array(repeating:count:)` of an
        // optional asks the runtime for the array's type on every call
        // (0.7% of a returning session's view, profiled). One by one:
        // `append(contentsOf: repeatElement(nil, ...))` cost three more
        // retains per request here, counted.
        var found: [String?] = []
        found.reserveCapacity(names.count)
        for _ in names.indices { found.append(nil) }
        var missing = names.count
        // The names are read through their buffer, not copied for each pair.
        names.withUnsafeBufferPointer { names in
            forEachCookie { name, value in
                for index in names.indices
                where found[index] == nil && names[index].withUTF8InPlace({ name.elementsEqual($0) }) {
                    found[index] = String(decoding: value, as: UTF8.self)
                    missing -= 1
                }
                return missing > 0
            }
        }
        return found
    }

    /// Calls `body` with each well-formed pair's name and value bytes, in
    /// header order, until it returns false. The one cookie parser: names
    /// and values without surrounding spaces or tabs, a value's surrounding
    /// double quotes removed, pairs without `=` or with an empty name skipped.
    private func forEachCookie(
        _ body: (Slice<UnsafeBufferPointer<UInt8>>, Slice<UnsafeBufferPointer<UInt8>>) -> Bool
    ) {
        // Fields and values read in place: a `for` over the headers, and a
        // `var` copy of a value to reach its bytes, cost retains per field.
        headers.fields.withUnsafeBufferPointer { fields in
            for index in fields.indices where fields[index].name.equalsIgnoringASCIICase("Cookie") {
                if !Self.forEachCookie(in: fields[index].value, body) { return }
            }
        }
    }

    /// `forEachCookie` over one `Cookie` header's value; false when `body` stopped.
    private static func forEachCookie(
        in header: String,
        _ body: (Slice<UnsafeBufferPointer<UInt8>>, Slice<UnsafeBufferPointer<UInt8>>) -> Bool
    ) -> Bool {
        header.withUTF8InPlace { bytes -> Bool in
            var rest = bytes[...]
            while !rest.isEmpty {
                let end = rest.firstIndex(of: UInt8(ascii: ";")) ?? rest.endIndex
                let pair = rest[..<end]
                rest = end == rest.endIndex ? rest[end...] : rest[(end + 1)...]
                guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
                let name = trimmed(pair[..<equals])
                guard !name.isEmpty else { continue }
                var value = trimmed(pair[(equals + 1)...])
                if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                    value = value.dropFirst().dropLast()
                }
                if !body(name, value) { return false }
            }
            return true
        }
    }

    private static func trimmed(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<
        UnsafeBufferPointer<UInt8>
    > {
        var slice = bytes
        while slice.first == UInt8(ascii: " ") || slice.first == UInt8(ascii: "\t") {
            slice = slice.dropFirst()
        }
        while slice.last == UInt8(ascii: " ") || slice.last == UInt8(ascii: "\t") { slice = slice.dropLast() }
        return slice
    }
}
