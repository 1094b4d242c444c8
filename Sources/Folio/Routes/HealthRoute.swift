import FolioHTTP

/// `GET /healthz`: `200 ok` while the process answers; with `?ready`, for
/// a load balancer, `200 ready` while the state store answers, `503` with
/// the reason once it could not be reached within its bound (a check that
/// may wait for the database).
struct HealthRoute: Sendable {
    let readiness: StoreReadiness

    func plan(_ request: HTTPRequest) -> RoutePlan {
        guard request.query["ready"] != nil else { return .act(waitsFor: .nothing) { .text(.ok, "ok") } }
        return .act(waitsFor: .store) { [readiness] in
            guard let problem = readiness.problem() else { return .text(.ok, "ready") }
            var response = HTTPResponse.text(.serviceUnavailable, "not ready: \(problem)")
            response.headers.add(name: "Retry-After", value: "5")
            return response
        }
    }
}
