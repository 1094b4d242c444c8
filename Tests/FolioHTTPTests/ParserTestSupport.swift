@testable import FolioHTTP

/// What the parser produced, in a comparable form.
enum Parsed: Equatable {
    case request(method: HTTPMethod, path: String, body: String)
    case sendContinue
    case error(HTTPParserError)
}

/// Feeds `text` to a fresh parser (all at once, or in pieces of `chunkSize`)
/// and collects every output until it needs more data or fails.
func parseAll(_ text: String, limits: HTTPLimits = HTTPLimits(), chunkSize: Int? = nil) -> [Parsed] {
    parseAll(Array(text.utf8), limits: limits, chunkSize: chunkSize).map(\.0)
}

/// Like `parseAll(_:)`, also returning the requests themselves.
func parseAll(_ bytes: [UInt8], limits: HTTPLimits = HTTPLimits(), chunkSize: Int? = nil) -> [(
    Parsed, HTTPRequest?
)] {
    var parser = HTTPRequestParser(limits: limits)
    var results: [(Parsed, HTTPRequest?)] = []
    var offset = 0
    let step = chunkSize ?? max(bytes.count, 1)
    repeat {
        let end = min(bytes.count, offset + step)
        parser.append(contentsOf: bytes[offset..<end])
        offset = end
        drain: while true {
            switch parser.next() {
            case .needMoreData: break drain
            case .sendContinue: results.append((.sendContinue, nil))
            case .request(let request):
                results.append(
                    (
                        .request(
                            method: request.method, path: request.path,
                            body: String(decoding: request.body, as: UTF8.self)), request
                    ))
            case .error(let error):
                results.append((.error(error), nil))
                return results
            }
        }
    } while offset < bytes.count
    return results
}

/// The first output for `text`, or nil when the parser wants more bytes.
func firstOutput(_ text: String, limits: HTTPLimits = HTTPLimits()) -> Parsed? {
    parseAll(text, limits: limits).first
}
