import FolioHTTP

extension FolioApp {
    /// `GET /healthz?ready`, for a load balancer: `200 ready` while the state
    /// store answers, `503` with the reason once it could not be reached
    /// within its bound. On a worker: a check may wait for the database.
    func readinessDisposition() -> HTTPDisposition {
        .blocking { [readiness] in
            guard let problem = readiness.problem() else { return .text(.ok, "ready") }
            var response = HTTPResponse.text(.serviceUnavailable, "not ready: \(problem)")
            response.headers.add(name: "Retry-After", value: "5")
            return response
        }
    }
}
