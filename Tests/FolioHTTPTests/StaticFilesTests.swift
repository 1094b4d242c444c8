import Foundation
import Testing

@testable import FolioHTTP

@Suite struct StaticFilesTests {
    let root: String
    let files: StaticFiles

    init() throws {
        root = NSTemporaryDirectory() + "folio-static-\(UUID().uuidString)"
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/css", withIntermediateDirectories: true)
        let html =
            "<!DOCTYPE html><title>t</title>" + String(repeating: "<p>repeated paragraph</p>", count: 40)
        try html.write(toFile: root + "/index.html", atomically: true, encoding: .utf8)
        for name in [
            "css/site.css", "app.js", "logo.svg", "data.json", "font.ttf", "pic.png", "font.woff2", ".secret",
        ] {
            try String(repeating: "content of \(name) ", count: 30).write(
                toFile: root + "/" + name, atomically: true, encoding: .utf8)
        }
        try manager.createSymbolicLink(atPath: root + "/escape", withDestinationPath: "/etc/hostname")
        try manager.createSymbolicLink(atPath: root + "/inside", withDestinationPath: root + "/app.js")
        files = try StaticFiles(root: root)
    }

    func get(_ path: String, _ headers: HTTPHeaders = [:], method: HTTPMethod = .get) -> HTTPResponse {
        files.response(for: HTTPRequest(method: method, target: "/" + path, headers: headers), path: path)
    }

    @Test(arguments: [
        ("index.html", "text/html; charset=utf-8"), ("css/site.css", "text/css; charset=utf-8"),
        ("app.js", "text/javascript; charset=utf-8"), ("logo.svg", "image/svg+xml"),
        ("data.json", "application/json"),
        ("font.ttf", "font/ttf"), ("pic.png", "image/png"), ("font.woff2", "font/woff2"),
    ])
    func servesEachTypeWithItsContentType(path: String, type: String) {
        let response = get(path)
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == type)
        #expect(response.headers["Cache-Control"] == "public, max-age=3600")
        #expect(response.headers["ETag"] != nil)
        #expect(response.headers["Last-Modified"] != nil)
    }

    @Test func answers304WhenTheETagMatches() throws {
        let etag = try #require(get("app.js").headers["ETag"])
        #expect(get("app.js", ["If-None-Match": "\"other\", \(etag)"]).status == .notModified)
        #expect(get("app.js", ["If-None-Match": "W/\(etag)"]).status == .notModified)
        #expect(get("app.js", ["If-None-Match": "\"other\""]).status == .ok)
    }

    @Test func answers304WhenNotModifiedSince() throws {
        let modified = try #require(get("app.js").headers["Last-Modified"])
        #expect(get("app.js", ["If-Modified-Since": modified]).status == .notModified)
        #expect(get("app.js", ["If-Modified-Since": "Mon, 01 Jan 2001 00:00:00 GMT"]).status == .ok)
        #expect(get("app.js", ["If-Modified-Since": "garbage"]).status == .ok)
    }

    @Test func gzipsCompressibleFilesOnlyWhenAccepted() throws {
        let plain = get("index.html")
        let zipped = get("index.html", ["Accept-Encoding": "br, gzip;q=0.8"])
        #expect(zipped.headers["Content-Encoding"] == "gzip")
        #expect(zipped.headers["Vary"] == "Accept-Encoding")
        guard case .bytes(let bytes) = zipped.body, case .bytes(let original) = plain.body else {
            Issue.record("expected bytes")
            return
        }
        #expect(bytes.starts(with: [0x1F, 0x8B]))
        #expect(bytes.count < original.count)
        #expect(get("index.html", ["Accept-Encoding": "gzip;q=0"]).headers["Content-Encoding"] == nil)
        #expect(get("pic.png", ["Accept-Encoding": "gzip"]).headers["Content-Encoding"] == nil)
    }

    @Test func givesGzipItsOwnETagAndAnswers304OnlyForTheRepresentationChosen() throws {
        let gzip: HTTPHeaders = ["Accept-Encoding": "gzip"]
        let zipped = try #require(get("index.html", gzip).headers["ETag"])
        let plain = try #require(get("index.html").headers["ETag"])
        #expect(zipped != plain)
        #expect(zipped.hasSuffix("-gzip\""))
        // The identity copy's tag does not validate the gzip answer, nor the other way round.
        let upgraded = get("index.html", ["Accept-Encoding": "gzip", "If-None-Match": plain])
        #expect(upgraded.status == .ok && upgraded.headers["Content-Encoding"] == "gzip")
        let downgraded = get("index.html", ["If-None-Match": zipped])
        #expect(downgraded.status == .ok && downgraded.headers["Content-Encoding"] == nil)
        let current = get("index.html", ["Accept-Encoding": "gzip", "If-None-Match": "W/\(zipped)"])
        #expect(current.status == .notModified && current.headers["ETag"] == zipped)
        #expect(current.headers["Vary"] == "Accept-Encoding")
        #expect(get("index.html", ["If-None-Match": plain]).status == .notModified)
    }

    @Test(arguments: ["../etc/passwd", "css/../../x", "a\u{0}b", "a\\b", ".."])
    func rejectsTraversalNulAndBackslash(path: String) {
        #expect(get(path).status == .badRequest)
    }

    @Test(arguments: ["missing.html", "css", ".secret", ""])
    func refusesFoldersHiddenAndMissingFiles(path: String) {
        #expect(get(path).status == .notFound)
    }

    @Test func servesASymlinkThatStaysInsideAndRefusesOneLeadingOut() {
        #expect(get("inside").status == .ok && get("inside").body == get("app.js").body)
        #expect(get("escape").status == .forbidden)
    }

    @Test func refusesOtherMethodsWithAllow() {
        let response = get("app.js", method: .post)
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, HEAD")
    }

    @Test func servesAFileTooLargeToCacheWholeAndUncompressed() throws {
        let size = FileCache.maximumCachedSize + 1
        try Data(repeating: UInt8(ascii: "a"), count: size).write(to: URL(fileURLWithPath: root + "/big.txt"))
        let response = get("big.txt", ["Accept-Encoding": "gzip"])
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(response.body.count == size)
    }

    @Test func rereadsAFileThatChanged() throws {
        try "first version".write(toFile: root + "/changing.txt", atomically: false, encoding: .utf8)
        #expect(get("changing.txt").body == .bytes(Array("first version".utf8)))
        try "second, longer version".write(toFile: root + "/changing.txt", atomically: false, encoding: .utf8)
        #expect(get("changing.txt").body == .bytes(Array("second, longer version".utf8)))
    }

    @Test func refusesAMissingRoot() {
        #expect(throws: StaticFilesError.self) { try StaticFiles(root: "/nonexistent/folio") }
    }

    @Test func roundTripsHTTPDates() {
        #expect(DateCache.format(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(DateCache.parse("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
    }
}
