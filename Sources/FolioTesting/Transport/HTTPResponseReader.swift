import FolioHTTP
import FolioSync

/// Reads a whole HTTP/1.1 answer (status line, headers, body by
/// `Content-Length`, chunks, or to the end) into an `HTTPResponse`.
enum HTTPResponseReader {
    static func parse(_ bytes: [UInt8], method: HTTPMethod) throws(FolioBrowserError) -> HTTPResponse {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let headEnd = firstIndex(of: separator, in: bytes[...]) else {
            throw FolioBrowserError(.malformedResponse("no end of header in \(bytes.count) bytes"))
        }
        let head = String(decoding: bytes[..<headEnd], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")[...]
        let statusParts = (lines.popFirst() ?? "").split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."), let code = Int(statusParts[1])
        else {
            throw FolioBrowserError(.malformedResponse("bad status line"))
        }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(
                name: String(line[..<colon]),
                value: String(line[line.index(after: colon)...].trimmingSpacesAndTabs()))
        }
        var body = Array(bytes[(headEnd + separator.count)...])
        if method == .head || code == 204 || code == 304 {
            body = []
        } else if headers.hasToken("chunked", in: "Transfer-Encoding") {
            body = try dechunked(body)
        } else if let length = headers["Content-Length"].flatMap({ Int($0) }), length <= body.count {
            body = Array(body.prefix(length))
        }
        let reason = statusParts.count > 2 ? String(statusParts[2]) : nil
        return HTTPResponse(
            status: HTTPStatus(code: code, reasonPhrase: reason), headers: headers, body: .bytes(body))
    }

    private static func dechunked(_ bytes: [UInt8]) throws(FolioBrowserError) -> [UInt8] {
        var output: [UInt8] = []
        var rest = bytes[...]
        let crlf: [UInt8] = [13, 10]
        while let lineEnd = firstIndex(of: crlf, in: rest) {
            let sizeText = String(decoding: rest[..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(String(sizeText).trimmingSpacesAndTabs(), radix: 16) else {
                throw FolioBrowserError(.malformedResponse("bad chunk size"))
            }
            let start = lineEnd + 2
            if size == 0 { return output }
            guard start + size <= rest.endIndex else {
                throw FolioBrowserError(.malformedResponse("short chunk"))
            }
            output.append(contentsOf: rest[start..<(start + size)])
            rest = rest[min(rest.endIndex, start + size + 2)...]
        }
        throw FolioBrowserError(.malformedResponse("chunks end early"))
    }

    private static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.startIndex
        while index + needle.count <= haystack.endIndex {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
