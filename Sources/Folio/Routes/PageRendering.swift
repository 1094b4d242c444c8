import FolioHTTP
import FolioSync

/// A pager's page or fragment as an answer: the renderer's cached bytes
/// with the form's fields spliced in.
///
/// A class: the routes that answer with pages hold one reference to it, so
/// answering copies none of its fields (each a retain and a release).
final class PageRendering: Sendable {
    let renderer: PagerRenderer
    /// A page answer's fields, made once with the headers every answer
    /// carries already among them: an answer that adds no field of its own
    /// (a returning session's view) shares this very array on its way out,
    /// and the server writes the bytes it wrote for the last such answer.
    private let headers: HTTPHeaders

    init(renderer: PagerRenderer, securityHeaders: HTTPHeaders) {
        self.renderer = renderer
        var headers: HTTPHeaders = [
            "Content-Type": "text/html; charset=utf-8",
            // Per visitor (token, selection): never shared by caches.
            "Cache-Control": "private, no-cache",
        ]
        headers.addAbsent(securityHeaders)
        self.headers = headers
    }

    func rendered(
        _ view: PagerView, _ pager: ResolvedPager, record: PagerRecord, fields: ResponseFormFields,
        now: Double, notice: PagerNotice? = nil
    ) throws(ClientError) -> HTTPResponse {
        let parts: [[UInt8]]
        do {
            parts = try renderer.render(view, pager, record: record, fields: fields, now: now, notice: notice)
        } catch {
            throw ClientError(status: .internalServerError, message: "The page template failed: \(error)")
        }
        return HTTPResponse(status: .ok, headers: headers, body: .parts(parts))
    }
}
