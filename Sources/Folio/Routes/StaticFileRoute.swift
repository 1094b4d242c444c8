import FolioHTTP

/// `GET /public/...`: a static file of the public folder.
struct StaticFileRoute: Sendable {
    /// `nil` when the folder cannot be opened (a warning at start).
    let files: StaticFiles?

    func plan(_ request: HTTPRequest, file: String) throws(ClientError) -> RoutePlan {
        guard let files else { throw .notFound("There is no static file \(file).") }
        let response = files.response(for: request, path: file)
        return .answered(response)
    }
}
