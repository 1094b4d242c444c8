// libFuzzer entry for FolioHTTP's request parser, built by scripts/fuzz-http
// together with Sources/FolioHTTP/{Parser,Message}. Besides "never crash", it
// checks one property: feeding the bytes at once or split at a fuzzer-chosen
// point gives the same requests and the same verdict.

/// Small limits so the fuzzer reaches every limit branch quickly.
let fuzzLimits = HTTPLimits(requestLineBytes: 200, headerBytes: 600, headerCount: 12, bodyBytes: 2000)

/// A comparable summary of one parser output.
enum FuzzOutcome: Equatable {
    case request(HTTPMethod, String, String, [UInt8], Bool)
    case error(HTTPParserError)
}

/// Runs the parser over `pieces` in order, touching every derived value.
func run(_ pieces: [ArraySlice<UInt8>]) -> [FuzzOutcome] {
    var parser = HTTPRequestParser(limits: fuzzLimits)
    var outcomes: [FuzzOutcome] = []
    for piece in pieces {
        parser.append(contentsOf: piece)
        while true {
            switch parser.next() {
            case .needMoreData:
                break
            case .sendContinue:
                continue
            case .request(let request):
                _ = request.cookies
                _ = try? request.form()
                outcomes.append(
                    .request(request.method, request.target, request.path, request.body, request.keepAlive))
                continue
            case .error(let error):
                outcomes.append(.error(error))
                return outcomes
            }
            break
        }
    }
    return outcomes
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = run([bytes[...]])
    let split = size > 0 ? Int(bytes[0]) % (size + 1) : 0
    let pieces = run([bytes[..<split], bytes[split...]])
    precondition(whole == pieces, "split at \(split) changed the outcome: \(whole) vs \(pieces)")
    return 0
}
