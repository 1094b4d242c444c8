import Foundation
import Testing

@testable import FolioHTTP

#if canImport(Glibc)
    import Glibc
#endif

/// Serves `files` under `/static/` for loopback tests.
struct StaticHandler: HTTPHandler {
    let files: StaticFiles

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        guard request.path.hasPrefix("/static/") else { return .text(.ok, "ok") }
        return files.response(for: request, path: String(request.path.dropFirst("/static/".count)))
    }
}

/// A repeating pattern whose period (251) is no power of two, so a shifted body differs.
func patterned(_ count: Int) -> [UInt8] {
    let period = (0..<251).map { UInt8($0) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count + period.count)
    while bytes.count < count { bytes.append(contentsOf: period) }
    return Array(bytes.prefix(count))
}

/// Files over `FileCache.maximumCachedSize` are streamed from an open
/// descriptor, never read into memory (issue 11, item 4).
@Suite struct StaticFileStreamingTests {
    let root: String
    let files: StaticFiles
    let bigSize = FileCache.maximumCachedSize + 4099
    let big: [UInt8]

    init() throws {
        root = NSTemporaryDirectory() + "folio-streaming-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        big = patterned(bigSize)
        try Data(big).write(to: URL(fileURLWithPath: root + "/big.bin"))
        try Data(patterned(1000)).write(to: URL(fileURLWithPath: root + "/small.bin"))
        files = try StaticFiles(root: root)
    }

    func get(_ path: String, _ headers: HTTPHeaders = [:], method: HTTPMethod = .get) -> HTTPResponse {
        files.response(for: HTTPRequest(method: method, target: "/" + path, headers: headers), path: path)
    }

    @Test func answersABigFileWithARegionOfTheOpenFileNotItsBytes() throws {
        let response = get("big.bin")
        #expect(response.status == .ok)
        #expect(response.headers["Accept-Ranges"] == "bytes")
        guard case .file(let region) = response.body else {
            Issue.record("expected a file region, got \(response.body.count) bytes in memory")
            return
        }
        #expect(region.offset == 0)
        #expect(region.count == bigSize)
        #expect(region.readAll() == big)
    }

    @Test func answersHeadOfABigFileFromMetadataAlone() {
        let response = get("big.bin", method: .head)
        #expect(response.status == .ok)
        #expect(response.body.count == bigSize)
        // A region, not bytes: the file was opened and stat'ed, never read.
        guard case .file = response.body else {
            Issue.record("HEAD read the file")
            return
        }
    }

    @Test func keepsSmallFilesInMemory() {
        guard case .bytes(let bytes) = get("small.bin").body else {
            Issue.record("a small file should come from the cache")
            return
        }
        #expect(bytes == patterned(1000))
    }

    @Test func streamsABigFileBetweenPipelinedAnswersInOrder() throws {
        let server = HTTPServer(configuration: configured(), handler: StaticHandler(files: files))
        let port = try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        let client = try LoopbackClient(port: port)
        client.send(
            "GET /static/small.bin HTTP/1.1\r\nHost: t\r\n\r\nGET /static/big.bin HTTP/1.1\r\nHost: t\r\n\r\n"
                + "HEAD /static/big.bin HTTP/1.1\r\nHost: t\r\n\r\nGET /static/small.bin HTTP/1.1\r\nHost: t\r\n\r\n"
        )
        #expect(client.readResponse()?.body == patterned(1000))
        let streamed = try #require(client.readResponse())
        #expect(streamed.headers["content-length"] == String(bigSize))
        #expect(streamed.body == big)
        let head = try #require(client.readResponse(headRequest: true))
        #expect(head.headers["content-length"] == String(bigSize))
        #expect(client.readResponse()?.body == patterned(1000))
    }

    @Test(.timeLimit(.minutes(1)))
    func aSlowReaderGetsAllOfABigFileThoughItTakesLongerThanTheWriteTimeout() throws {
        let configuration = configured { $0.timeouts.write = .milliseconds(300) }
        let server = HTTPServer(configuration: configuration, handler: StaticHandler(files: files))
        let port = try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        let client = try LoopbackClient(port: port)
        var small: Int32 = 32 * 1024
        setsockopt(client.fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        client.send("GET /static/big.bin HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        // About 8 MiB at 8 MiB/s: a second, past three write timeouts.
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let started = Date()
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received.append(contentsOf: chunk[..<count])
            let due = Double(received.count) / Double(8 * 1024 * 1024)
            let ahead = due - Date().timeIntervalSince(started)
            if ahead > 0 { usleep(UInt32(ahead * 1_000_000)) }
        }
        #expect(Date().timeIntervalSince(started) > 0.6)
        let headEnd = try #require(
            received.indices.dropLast(3).first { received[$0...].starts(with: [13, 10, 13, 10]) })
        #expect(Array(received[(headEnd + 4)...]) == big)
    }
}
