import Folio
import FolioHTTP
import Testing

@testable import FolioTesting

@Suite struct LiveTransportTests {
    @Test func aLiveBrowserDrivesARunningServerOverHTTP() throws {
        let demo = try FolioBrowser.demo()
        let app = try #require((demo.transport as? InProcessTransport)?.app)
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(port: 0, eventLoopCount: 1, accessLog: false), handler: app
        )
        let port = try server.start()
        defer {
            server.shutdown(gracePeriod: .seconds(1))
            server.waitUntilStopped()
        }
        let browser = try FolioBrowser(liveURL: "http://127.0.0.1:\(port)")
        let first = try browser.open("/essence")
        #expect(first.status.code == 200)
        #expect(first.headers["Content-Length"] != nil)
        let page = try browser.select("picture")
        #expect(page.path == "/essence/picture")
        #expect(try page.pager().selectedKey == "picture")
        #expect(try browser.state(of: "essence").selected.key == "picture")
    }

    @Test func aClosedPortIsAConnectionError() throws {
        let browser = try FolioBrowser(liveURL: "http://127.0.0.1:9")
        let error = #expect(throws: FolioBrowserError.self) { try browser.open("/") }
        #expect(error?.description.hasPrefix("cannot reach Folio: connect to 127.0.0.1:9") == true)
    }

    @Test func aURLThatIsNotHTTPIsRefused() {
        #expect(throws: FolioBrowserError.self) { try FolioBrowser(liveURL: "ftp://example") }
    }

    @Test func chunkedAnswersAreJoined() throws {
        let raw = Array(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n".utf8)
        let response = try HTTPResponseReader.parse(raw, method: .get)
        #expect(response.body == .bytes(Array("abcde".utf8)))
        #expect(response.status.code == 200)
    }
}
