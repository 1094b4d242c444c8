import FolioHTTP
import Foundation
import Testing

@testable import Folio

/// The `http://` feed reader's limits, against a FolioHTTP server on
/// loopback: the body cap, and redirects kept on the feed's origin.
@Suite struct PlainHTTPFeedTests {
    /// Feeds by path: `/fits` is exactly the cap, `/over` one byte more,
    /// `/here` and `/away` redirect on and off the origin, `/loop` for ever.
    struct Feeds: HTTPHandler {
        static let cap = 1_000

        func handle(_ request: HTTPRequest) -> HTTPResponse {
            let json = { (count: Int) in
                HTTPResponse(
                    body: .bytes(Array(("{\"v\":\"" + String(repeating: "x", count: count - 8) + "\"}").utf8))
                )
            }
            switch request.path {
            case "/fits": return json(Self.cap)
            case "/over": return json(Self.cap + 1)
            case "/here": return .redirect(to: "/fits", status: .found)
            case "/away": return .redirect(to: "http://127.0.0.2:9/fits", status: .found)
            case "/loop": return .redirect(to: "/loop", status: 307)
            default: return .text(.notFound, "no")
            }
        }
    }

    func fetch(_ path: String, redirects: FeedRedirects = .sameOrigin) throws -> Result<
        Data, URLFetcher.Failure
    > {
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, accessLog: false), handler: Feeds())
        let port = try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        var limits = PageDataLimits()
        limits.maxFeedBytes = Feeds.cap
        limits.redirects = redirects
        let feed = PlainHTTPFeed(
            limits: limits, deadline: DispatchTime.now().uptimeNanoseconds + 5_000_000_000)
        let url = try #require(URL(string: "http://127.0.0.1:\(port)\(path)"))
        return Result { () throws(URLFetcher.Failure) in try feed.body(of: url) }
    }

    func failure(_ result: Result<Data, URLFetcher.Failure>) -> String? {
        if case .failure(let failure) = result { return failure.description }
        return nil
    }

    @Test func aBodyOfExactlyTheCapIsRead() throws {
        #expect(try fetch("/fits").get().count == Feeds.cap)
    }

    @Test func oneByteOverTheCapIsRefusedNamingTheCap() throws {
        #expect(failure(try fetch("/over"))?.contains("larger than 1000 bytes") == true)
    }

    @Test func aRedirectOnTheOriginIsFollowed() throws {
        #expect(try fetch("/here").get().count == Feeds.cap)
    }

    @Test func aRedirectToAnotherHostIsNotFollowedAndNamed() throws {
        let message = failure(try fetch("/away"))
        #expect(
            message?.contains("http://127.0.0.2:9/fits") == true
                && message?.contains("another origin") == true)
    }

    @Test func anyHostFollowsIt() throws {
        // 127.0.0.2:9 has no server: the failure is the connection's, not the policy's.
        let message = failure(try fetch("/away", redirects: .anyHost))
        #expect(message != nil && message?.contains("another origin") == false)
    }

    @Test func redirectsAreBounded() throws {
        #expect(failure(try fetch("/loop")) == "it redirected more than 5 times")
    }

    /// A chunk size near `Int.max` after a first chunk is refused as over
    /// the cap, not added to the body's count (which would overflow and trap).
    @Test func aHugeChunkSizeAfterAChunkIsRefusedAsTooLarge() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 1) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let answer = Array(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n7fffffffffffffff\r\n".utf8)
        let served = Thread {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            var request = [UInt8](repeating: 0, count: 4096)
            _ = recv(connection, &request, request.count, 0)
            _ = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            usleep(200_000)
            close(connection)
        }
        served.start()
        let feed = PlainHTTPFeed(
            limits: PageDataLimits(), deadline: DispatchTime.now().uptimeNanoseconds + 5_000_000_000)
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/"))
        let result = Result { () throws(URLFetcher.Failure) in try feed.body(of: url) }
        #expect(failure(result)?.contains("larger than 4 MiB") == true)
    }

    @Test func originsCompareSchemeHostAndDefaultPort() throws {
        let url = { (text: String) in URL(string: text)! }
        #expect(URLFetcher.sameOrigin(url("http://A.example/x"), url("http://a.example:80/y")))
        #expect(!URLFetcher.sameOrigin(url("http://a.example/x"), url("https://a.example/x")))
        #expect(!URLFetcher.sameOrigin(url("http://a.example/x"), url("http://a.example:8080/x")))
        #expect(!URLFetcher.sameOrigin(url("http://a.example/x"), url("http://b.example/x")))
    }
}
