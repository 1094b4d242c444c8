import Foundation
import Testing

@testable import FolioHTTP

/// `Range` and `If-Range` (RFC 9110 14, 13.1.5) on static files, small
/// (cached) and big (streamed) alike.
@Suite struct RangeTests {
    @Test(arguments: [
        ("bytes=0-99", ByteRange.part(0...99)),
        ("bytes=100-", .part(100...999)),
        ("bytes=-100", .part(900...999)),
        ("bytes=-5000", .part(0...999)),
        ("bytes=990-5000", .part(990...999)),
        ("BYTES = 5-5", .whole),
        ("Bytes=5-5", .part(5...5)),
        (" bytes=5-5 , ", .part(5...5)),
        ("bytes=1000-", .unsatisfiable),
        ("bytes=1000-2000", .unsatisfiable),
        ("bytes=-0", .unsatisfiable),
        ("bytes=99999999999999999999999-", .unsatisfiable),
        ("bytes=5-1", .whole),
        ("bytes=0-1, 5-9", .whole),
        ("bytes=a-b", .whole),
        ("bytes=-", .whole),
        ("bytes=+5-9", .whole),
        ("items=0-9", .whole),
        ("bytes 0-9", .whole),
    ])
    func parsesOneRangeAgainstTheLength(value: String, expected: ByteRange) {
        #expect(ByteRange.parse(value, length: 1000) == expected)
    }

    @Test func anEmptyFileHasNoSatisfiableRange() {
        #expect(ByteRange.parse("bytes=0-", length: 0) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=-5", length: 0) == .unsatisfiable)
    }

    @Test func ifRangeMatchesOnlyTheStrongETagOrTheExactDate() {
        let etag = "\"3e8-1\""
        #expect(ByteRange.ifRange(etag, matchesETag: etag, modifiedSeconds: 0))
        #expect(!ByteRange.ifRange("W/\(etag)", matchesETag: etag, modifiedSeconds: 0))
        #expect(!ByteRange.ifRange("\"other\"", matchesETag: etag, modifiedSeconds: 0))
        let date = DateCache.format(784_111_777)
        #expect(ByteRange.ifRange(date, matchesETag: etag, modifiedSeconds: 784_111_777))
        #expect(!ByteRange.ifRange(date, matchesETag: etag, modifiedSeconds: 784_111_778))
        #expect(!ByteRange.ifRange("garbage", matchesETag: etag, modifiedSeconds: 0))
    }

    let root: String
    let files: StaticFiles
    let bigSize = FileCache.maximumCachedSize + 1000

    init() throws {
        root = NSTemporaryDirectory() + "folio-range-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data(patterned(1000)).write(to: URL(fileURLWithPath: root + "/small.bin"))
        try Data(patterned(bigSize)).write(to: URL(fileURLWithPath: root + "/big.bin"))
        try String(repeating: "body { margin: 0 }\n", count: 100).write(
            toFile: root + "/site.css", atomically: true, encoding: .utf8)
        files = try StaticFiles(root: root)
    }

    func get(_ path: String, _ headers: HTTPHeaders = [:], method: HTTPMethod = .get) -> HTTPResponse {
        files.response(for: HTTPRequest(method: method, target: "/" + path, headers: headers), path: path)
    }

    @Test func answers206WithContentRangeForASmallFile() {
        let response = get("small.bin", ["Range": "bytes=10-19"])
        #expect(response.status == .partialContent)
        #expect(response.headers["Content-Range"] == "bytes 10-19/1000")
        #expect(response.headers["Accept-Ranges"] == "bytes")
        #expect(response.body.collectedBytes() == Array(patterned(1000)[10...19]))
    }

    @Test func answers206WithARegionOfTheOpenFileForABigOne() {
        let response = get("big.bin", ["Range": "bytes=-10"])
        #expect(response.status == .partialContent)
        #expect(response.headers["Content-Range"] == "bytes \(bigSize - 10)-\(bigSize - 1)/\(bigSize)")
        guard case .file(let region) = response.body else {
            Issue.record("a range of a big file should be streamed")
            return
        }
        #expect(region.offset == bigSize - 10 && region.count == 10)
        #expect(region.readAll() == Array(patterned(bigSize).suffix(10)))
    }

    @Test func answers416WithTheLengthForAnUnsatisfiableRange() {
        for name in ["small.bin", "big.bin"] {
            let length = name == "big.bin" ? bigSize : 1000
            let response = get(name, ["Range": "bytes=\(length)-"])
            #expect(response.status == .rangeNotSatisfiable)
            #expect(response.headers["Content-Range"] == "bytes */\(length)")
        }
    }

    @Test func ifRangeWithTheCurrentETagGetsThePartAndAStaleOneTheWholeFile() throws {
        let etag = try #require(get("small.bin").headers["ETag"])
        #expect(get("small.bin", ["Range": "bytes=0-9", "If-Range": etag]).status == .partialContent)
        let stale = get("small.bin", ["Range": "bytes=0-9", "If-Range": "\"stale\""])
        #expect(stale.status == .ok && stale.body.count == 1000)
    }

    @Test func headAndSeveralRangesGetTheWholeFile() {
        #expect(get("small.bin", ["Range": "bytes=0-9"], method: .head).status == .ok)
        let several = get("small.bin", ["Range": "bytes=0-9, 20-29"])
        #expect(several.status == .ok && several.body.count == 1000)
    }

    @Test func aMatchingIfNoneMatchStillAnswers304BeforeTheRange() throws {
        let etag = try #require(get("small.bin").headers["ETag"])
        #expect(get("small.bin", ["Range": "bytes=0-9", "If-None-Match": etag]).status == .notModified)
    }

    @Test func aRangeOfACompressibleFileIsOfTheIdentityBytes() {
        let response = get("site.css", ["Range": "bytes=0-3", "Accept-Encoding": "gzip"])
        #expect(response.status == .partialContent)
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(response.body.collectedBytes() == Array("body".utf8))
    }

    @Test func servesVideoAndAudioWithTheirTypes() {
        #expect(MediaType(path: "a/clip.mp4").contentType == "video/mp4")
        #expect(MediaType(path: "clip.webm").contentType == "video/webm")
        #expect(MediaType(path: "song.mp3").contentType == "audio/mpeg")
        #expect(!MediaType(path: "clip.mp4").compressible)
    }
}
