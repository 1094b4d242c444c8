import FolioHTTP
import FolioSync
import FolioTemplate

extension FolioApp {
    /// `GET /`: the index of pagers.
    func indexResponse(for person: Person?) -> HTTPResponse {
        let shown = pagers.filter { (try? visible($0, to: person).get()) != nil }
        let pagers: [TemplateValue] = shown.map { pager in
            .object(
                TemplateObject([
                    ("key", .string(pager.key)), ("title", .string(pager.configuration.title)),
                    ("href", .string(site.pagerURL(pager.key))),
                ]))
        }
        do {
            var output: [UInt8] = []
            try templates.template(named: PagerView.indexTemplate).render(
                ["site": site.templateValue, "pagers": .array(pagers)], into: &output)
            var response = HTTPResponse.html(.ok, output)
            // Who is asking decides what is listed: never from a shared cache.
            if hasAccessRules { response.headers.add(name: "Cache-Control", value: "private, no-cache") }
            return response
        } catch {
            return .text(.internalServerError, "The index template failed: \(error)")
        }
    }

    /// `GET /{pager}/pager.css`: the generated stylesheet, with an ETag.
    func stylesheetResponse(_ pager: ResolvedPager, request: HTTPRequest) -> HTTPResponse {
        let stylesheet = pager.stylesheet
        // A guarded pager's stylesheet is for those let in: no shared cache keeps it.
        let guarded =
            configuration.accessRule(of: pager.configuration) != .everyone
            || pagersByKey[pager.key]?.hasPageRules == true
        let headers: HTTPHeaders = [
            "ETag": stylesheet.etag, "Cache-Control": guarded ? "private, max-age=60" : "public, max-age=60",
        ]
        if let match = request.headers["If-None-Match"],
            match.split(separator: ",").contains(where: {
                $0.trimmingSpacesAndTabs() == stylesheet.etag || $0 == "*"
            })
        {
            return HTTPResponse(status: .notModified, headers: headers)
        }
        var response = HTTPResponse(status: .ok, headers: headers, body: .bytes(stylesheet.bytes))
        response.headers.add(name: "Content-Type", value: "text/css; charset=utf-8")
        return response
    }
}
