import FolioHTTP

/// `GET /{pager}/pager.css`: the pager's generated stylesheet, with an ETag.
struct StylesheetRoute: Sendable {
    let access: PagerAccess

    func plan(_ context: RequestContext) -> RoutePlan {
        let stylesheet = context.pager.stylesheet
        // A guarded pager's stylesheet is for those let in: no shared cache keeps it.
        let guarded = access.isGuarded(context.pager.key)
        let headers: HTTPHeaders = [
            "ETag": stylesheet.etag, "Cache-Control": guarded ? "private, max-age=60" : "public, max-age=60",
        ]
        var response: HTTPResponse
        if let match = context.request.headers["If-None-Match"],
            match.split(separator: ",").contains(where: {
                $0.trimmingSpacesAndTabs() == stylesheet.etag || $0 == "*"
            })
        {
            response = HTTPResponse(status: .notModified, headers: headers)
        } else {
            response = HTTPResponse(status: .ok, headers: headers, body: .bytes(stylesheet.bytes))
            response.headers.add(name: "Content-Type", value: "text/css; charset=utf-8")
        }
        return .answered(response)
    }
}
