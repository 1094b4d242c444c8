import FolioHTTP
import FolioSync

/// A pager's page or fragment as an answer: the renderer's cached bytes
/// with the form's fields spliced in.
struct PageRendering: Sendable {
    let renderer: PagerRenderer
    let clock: any WallClock

    func rendered(
        _ view: PagerView, _ pager: ResolvedPager, record: PagerRecord, fields: ResponseFormFields,
        notice: PagerNotice? = nil
    ) throws(ClientError) -> HTTPResponse {
        let parts: [[UInt8]]
        do {
            parts = try renderer.render(
                view, pager, record: record, fields: fields, now: clock.now, notice: notice)
        } catch {
            throw ClientError(status: .internalServerError, message: "The page template failed: \(error)")
        }
        return HTTPResponse(
            status: .ok,
            headers: [
                "Content-Type": "text/html; charset=utf-8",
                // Per visitor (token, selection): never shared by caches.
                "Cache-Control": "private, no-cache",
            ],
            body: .parts(parts))
    }
}
