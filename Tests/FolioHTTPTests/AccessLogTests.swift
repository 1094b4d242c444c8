import Dispatch
import Foundation
import Testing

@testable import FolioHTTP

#if canImport(Glibc)
    import Glibc
#endif

/// The access log never blocks its caller (issue 11, item 10).
@Suite struct AccessLogTests {
    /// A pipe nobody reads until the test says so.
    private final class Pipe {
        let read: Int32
        let write: Int32

        init() {
            var ends: [Int32] = [0, 0]
            pipe(&ends)
            read = ends[0]
            write = ends[1]
            _ = fcntl(read, F_SETFL, fcntl(read, F_GETFL) | O_NONBLOCK)
        }

        deinit {
            close(read)
            close(write)
        }

        /// Reads until `marker` arrives or `seconds` pass.
        func readUntil(_ marker: String, seconds: Double) -> String {
            readUntil(seconds: seconds) { $0.contains(marker) }
        }

        /// Reads until what arrived satisfies `done` or `seconds` pass.
        func readUntil(seconds: Double, _ done: (String) -> Bool) -> String {
            var text: [UInt8] = []
            let deadline = Date().addingTimeInterval(seconds)
            var chunk = [UInt8](repeating: 0, count: 65536)
            while Date() < deadline && !done(String(decoding: text, as: UTF8.self)) {
                var poller = pollfd(fd: read, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                let count = chunk.withUnsafeMutableBytes { Glibc.read(read, $0.baseAddress, $0.count) }
                if count > 0 { text.append(contentsOf: chunk[..<count]) }
            }
            return String(decoding: text, as: UTF8.self)
        }
    }

    @Test func recordingNeverWaitsForAStuckReaderAndDropsAreReported() {
        let pipe = Pipe()
        let log = AccessLog(enabled: true, fd: pipe.write, capacity: 4096)
        log.startIfNeeded()
        defer { log.stop() }
        let total = 50_000  // about 1.2 MB: far past the pipe's 64 KiB and the log's 4 KiB
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            for index in 0..<total {
                log.record(method: "GET", target: "/n\(index % 10)", status: 200, bytes: 3, microseconds: 9)
            }
            done.signal()
        }
        thread.start()
        #expect(done.wait(timeout: .now() + 5) == .success)
        // Every line is either written or counted in a report that follows it.
        let text = pipe.readUntil(seconds: 5) { Self.accounted($0) == total }
        #expect(Self.dropped(text) > 0)
        #expect(Self.accounted(text) == total)
    }

    /// The lines dropped, summed over every `access log: N lines dropped` in `text`.
    private static func dropped(_ text: String) -> Int {
        text.components(separatedBy: "access log: ").dropFirst().reduce(0) { sum, report in
            sum + (Int(report.prefix { $0.isNumber }) ?? 0)
        }
    }

    /// Lines written plus lines reported dropped.
    private static func accounted(_ text: String) -> Int {
        text.components(separatedBy: "GET /n").count - 1 + dropped(text)
    }

    @Test func linesArriveWholeAndInOrder() {
        let pipe = Pipe()
        let log = AccessLog(enabled: true, fd: pipe.write)
        log.startIfNeeded()
        defer { log.stop() }
        log.record(method: "GET", target: "/a", status: 200, bytes: 10, microseconds: 87)
        log.record(method: "-", target: "-", status: 400, bytes: 5, microseconds: 0)
        let text = pipe.readUntil("400 5 0us\n", seconds: 5)
        #expect(text == "GET /a 200 10 87us\n- - 400 5 0us\n")
    }

    @Test func theHandlersNoteEndsTheLineAndCannotStartAnother() {
        let pipe = Pipe()
        let log = AccessLog(enabled: true, fd: pipe.write)
        log.startIfNeeded()
        defer { log.stop() }
        log.record(
            method: "GET", target: "/ops", status: 404, bytes: 9, microseconds: 5,
            note: "user=eve\nGET /forged 200 1 1us")
        let text = pipe.readUntil("1us\n", seconds: 5)
        #expect(text == "GET /ops 404 9 5us user=eve?GET /forged 200 1 1us\n")
    }

    @Test func aDisabledLogWritesNothing() {
        let pipe = Pipe()
        let log = AccessLog(enabled: false, fd: pipe.write)
        log.startIfNeeded()
        log.record(method: "GET", target: "/a", status: 200, bytes: 10, microseconds: 87)
        log.stop()
        #expect(pipe.readUntil("\n", seconds: 0.2).isEmpty)
    }
}
