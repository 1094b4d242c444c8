import FolioHTTP

/// `GET /healthz`: `200 ok` while the process answers; with `?ready`, for
/// a load balancer, `200 ready` while the state store answers, `503` with
/// the reason once it could not be reached within its bound (a check that
/// may wait for the database).
///
/// Every answer names the generation of the configuration served
/// (`Folio-Generation`, 1 at start, one more per reload) and, when the last
/// reload was refused, its problems (`Folio-Reload-Error`).
struct HealthRoute: Sendable {
    let readiness: StoreReadiness
    let generation: Int
    let reloads: ReloadRecord

    func plan(_ request: HTTPRequest) -> RoutePlan {
        guard request.query["ready"] != nil else {
            return .answered(described(.text(.ok, "ok")))
        }
        return .act(waitsFor: .store) { [self] in
            guard let problem = readiness.problem() else { return described(.text(.ok, "ready")) }
            var response = HTTPResponse.text(.serviceUnavailable, "not ready: \(problem)")
            response.headers.add(name: "Retry-After", value: "5")
            return described(response)
        }
    }

    private func described(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.add(name: "Folio-Generation", value: String(generation))
        if let failure = reloads.lastFailure {
            response.headers.add(name: "Folio-Reload-Error", value: Self.headerSafe(failure))
        }
        return response
    }

    /// Printable ASCII only: a header value carries no control bytes, and
    /// the problems' file names may hold anything.
    private static func headerSafe(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F ? $0 : "?" }))
    }
}
