import Folio
import FolioHTTP
import Foundation

/// Drives Folio the way a browser does, for users' own tests: keeps the
/// session cookie between steps, posts the pager's form with its CSRF
/// token, follows `303` redirects, and hands back each new page to query
/// with XPath.
///
/// In process (no sockets) over a `FolioApp`:
/// ```swift
/// let browser = try FolioBrowser.demo()
/// try browser.open("/essence")
/// let page = try browser.select("video")          // posts the form, follows the 303
/// #expect(try page.pager().selectedKey == "video")
/// ```
/// or live, against a running `folio serve`: `try FolioBrowser(liveURL: "http://127.0.0.1:8080")`.
///
/// One browser is one user: make a second one for a second session. Not
/// `Sendable`: use it on one task.
public final class FolioBrowser {
    /// Where requests go.
    public let transport: any FolioTransport
    /// The base path every route lives under (`""` or `/tools/pager`);
    /// ``open(_:)`` puts it in front of the paths it is given.
    public let basePath: String
    /// Header fields sent with every request (`Accept: text/html` by default,
    /// as browsers send).
    public var defaultHeaders: HTTPHeaders = ["Accept": "text/html,application/xhtml+xml"]
    /// The page shown now: the last answer, after redirects.
    public private(set) var page: FolioPage?
    /// Every path shown, in order (redirect targets included, not the posts).
    public private(set) var history: [String] = []
    var jar = CookieJar()

    /// Creates a browser over any transport.
    /// - Parameters:
    ///   - transport: ``InProcessTransport`` or ``LiveTransport``.
    ///   - basePath: The prefix of every route. Default none.
    public init(transport: any FolioTransport, basePath: String = "") {
        self.transport = transport
        self.basePath = FolioAppOptions.normalizedBasePath(basePath)
    }

    /// Creates a browser that calls `app` in this process.
    public convenience init(app: FolioApp) {
        self.init(transport: InProcessTransport(app: app), basePath: app.options.basePath)
    }

    /// Creates a browser for a running server, `http://host:port[/base/path]`.
    /// - Throws: ``FolioBrowserError`` when the URL is not `http://` with a host.
    public convenience init(liveURL: String) throws(FolioBrowserError) {
        guard let components = URLComponents(string: liveURL), components.scheme == "http",
            let host = components.host, !host.isEmpty
        else { throw FolioBrowserError(.connection("not an http:// URL: \(liveURL)")) }
        self.init(
            transport: LiveTransport(host: host, port: components.port ?? 80), basePath: components.path)
    }

    /// The value of the cookie `name` this browser holds (`folio_session`).
    public func cookie(_ name: String) -> String? { jar[name] }

    /// Forgets every cookie: the next page starts a new session.
    public func clearCookies() { jar.removeAll() }

    /// `GET` a path under the base path (`"/essence/video"`) and shows the
    /// answer, following redirects.
    /// - Returns: The page shown, whatever its status (a `404` page too).
    /// - Throws: ``FolioBrowserError`` when the server cannot be reached.
    @discardableResult
    public func open(_ path: String) throws(FolioBrowserError) -> FolioPage {
        try request(.get, basePath + (path.hasPrefix("/") ? path : "/" + path))
    }

    /// Sends any request to a full path (base path included), with the
    /// cookies, and shows the answer.
    /// - Parameters:
    ///   - form: Fields sent as `application/x-www-form-urlencoded`.
    ///   - headers: Extra header fields for this request.
    ///   - followRedirects: Follow `3xx` with `Location` (a `303` as `GET`). Default true.
    /// - Throws: ``FolioBrowserError`` when the server cannot be reached or
    ///   redirects more than 10 times.
    @discardableResult
    public func request(
        _ method: HTTPMethod, _ path: String, form: [(String, String)]? = nil, headers: HTTPHeaders = [:],
        followRedirects: Bool = true
    ) throws(FolioBrowserError) -> FolioPage {
        var method = method
        var path = path
        var body = form.map { Array(FormEncoding.encode($0).utf8) } ?? []
        var extra = headers
        if form != nil {
            extra.replaceOrAdd(name: "Content-Type", value: "application/x-www-form-urlencoded")
            extra.replaceOrAdd(name: "Sec-Fetch-Site", value: "same-origin")
        }
        for _ in 0...10 {
            let response = try exchange(method, path, headers: extra, body: body)
            let status = response.status.code
            guard followRedirects, (300..<400).contains(status), status != 304,
                let location = response.headers["Location"]
            else {
                let shown = FolioPage(method: method, path: path, response: response)
                page = shown
                if method == .get { history.append(path) }
                return shown
            }
            path = Self.pathOf(location)
            if status == 303 || ((status == 301 || status == 302) && method == .post) {
                method = .get
                body = []
                extra = [:]
            }
        }
        throw FolioBrowserError(.tooManyRedirects(path))
    }

    /// One request and answer, cookies in and out, no redirects.
    func exchange(_ method: HTTPMethod, _ path: String, headers: HTTPHeaders, body: [UInt8])
        throws(FolioBrowserError) -> HTTPResponse
    {
        var all = defaultHeaders
        for field in headers { all.replaceOrAdd(name: field.name, value: field.value) }
        if let cookie = jar.header { all.replaceOrAdd(name: "Cookie", value: cookie) }
        let response = try transport.send(HTTPRequest(method: method, target: path, headers: all, body: body))
        jar.store(from: response.headers)
        return response
    }

    /// The path (and query) of a `Location`, which may be a full URL.
    static func pathOf(_ location: String) -> String {
        guard location.hasPrefix("http://") || location.hasPrefix("https://"),
            let components = URLComponents(string: location)
        else { return location }
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        return (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath) + query
    }
}

/// `application/x-www-form-urlencoded`, as browsers write it.
enum FormEncoding {
    static func encode(_ fields: [(String, String)]) -> String {
        fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    private static func escape(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                UInt8(ascii: "."),
                UInt8(ascii: "*"):
                output.append(Character(Unicode.Scalar(byte)))
            case UInt8(ascii: " "):
                output.append("+")
            default:
                output += String(format: "%%%02X", byte)
            }
        }
        return output
    }
}
