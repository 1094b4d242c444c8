import CLibXML2

/// Decodes character references in attribute values (`&amp;`, `&#233;`,
/// `&eacute;`), using libxml2's table of HTML's named entities.
///
/// A `&` that starts no known reference stays a literal `&`, as browsers
/// read it.
enum EntityDecoder {
    static func decode(_ raw: ArraySlice<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var position = raw.startIndex
        while position < raw.endIndex {
            let byte = raw[position]
            guard byte == UInt8(ascii: "&"),
                let semicolon = raw[position...].prefix(40).firstIndex(of: UInt8(ascii: ";")),
                let scalar = scalar(for: raw[(position + 1)..<semicolon])
            else {
                out.append(byte)
                position += 1
                continue
            }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
            position = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func scalar(for name: ArraySlice<UInt8>) -> Unicode.Scalar? {
        guard let first = name.first else { return nil }
        if first == UInt8(ascii: "#") {
            let digits = name.dropFirst()
            let text = String(decoding: digits, as: UTF8.self)
            let code: UInt32?
            if let marker = text.first, marker == "x" || marker == "X" {
                code = UInt32(text.dropFirst(), radix: 16)
            } else {
                code = UInt32(text, radix: 10)
            }
            return code.flatMap(Unicode.Scalar.init)
        }
        let entity = (Array(name) + [0]).withUnsafeBufferPointer { htmlEntityLookup($0.baseAddress) }
        guard let entity else { return nil }
        return Unicode.Scalar(entity.pointee.value)
    }
}
