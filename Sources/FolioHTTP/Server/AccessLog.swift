import Dispatch
import FolioSync
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes one line per request, `GET /path 200 10240 87us`, to stderr without
/// ever blocking an event loop.
///
/// Lines go into a bounded buffer that one writer thread drains. When the
/// buffer is full (whoever reads stderr is slower than the server, or reads
/// nothing) a line is dropped and counted; once the writer has caught up it
/// writes `access log: N lines dropped` after the lines that came before them.
/// One server has one log, shared by its loops.
final class AccessLog: Sendable {
    private struct Pending {
        var bytes: [UInt8] = []
        var dropped = 0
        var started = false
        var stopping = false
    }

    /// Bytes of lines waiting for the writer, past which lines are dropped. Default 256 KiB.
    static let defaultCapacity = 256 * 1024

    /// Whether lines are written at all.
    let enabled: Bool
    private let fd: Int32
    private let capacity: Int
    private let pending = LockedValue(Pending())
    /// Signalled when the buffer stops being empty, and at stop.
    private let wakeup = DispatchSemaphore(value: 0)
    /// Signalled once by the writer thread as it exits.
    private let finished = DispatchSemaphore(value: 0)

    /// Creates a log writing to `fd` (default stderr); nothing is written until `startIfNeeded()`.
    init(enabled: Bool, fd: Int32 = 2, capacity: Int = AccessLog.defaultCapacity) {
        self.enabled = enabled
        self.fd = fd
        self.capacity = capacity
    }

    /// Starts the writer thread once (not at all when disabled).
    func startIfNeeded() {
        guard enabled else { return }
        let start = pending.withLock { pending -> Bool in
            defer { pending.started = true }
            return !pending.started && !pending.stopping
        }
        guard start else { return }
        let thread = Thread { [self] in drain() }
        thread.name = "FolioHTTP access log"
        thread.start()
    }

    /// Lets the writer finish what is buffered and exit, waiting for it until
    /// `deadline` (monotonic nanoseconds) at most: a writer stuck on a stderr
    /// nobody reads must not hold up a shutdown.
    ///
    /// - Returns: whether everything buffered was written.
    @discardableResult
    func stop(deadline: UInt64 = 0) -> Bool {
        let started = pending.withLock { pending -> Bool in
            pending.stopping = true
            return pending.started
        }
        guard started else { return true }
        wakeup.signal()
        return finished.wait(timeout: .monotonic(deadline)) == .success
    }

    /// Logs one answered request; never blocks on the output.
    ///
    /// - Parameters:
    ///   - method: the method, or `-` when the request was rejected before one was known.
    ///   - target: the request target as sent (visible ASCII only, so safe in a log).
    ///   - bytes: the body bytes sent.
    ///   - microseconds: from the parsed request to the queued response.
    ///   - note: the handler's `HTTPResponse.accessLogNote`, appended with
    ///     anything but visible ASCII and spaces replaced by `?`, so a
    ///     header value the note quotes cannot forge a line.
    func record(
        method: String, target: String, status: Int, bytes: Int, microseconds: UInt64, note: String? = nil
    ) {
        guard enabled else { return }
        var line = "\(method) \(target) \(status) \(bytes) \(microseconds)us"
        if let note, !note.isEmpty { line += " " + Self.printable(note) }
        line += "\n"
        let wasEmpty = line.withUTF8 { utf8 in
            pending.withLock { pending -> Bool in
                guard pending.bytes.count + utf8.count <= capacity else {
                    pending.dropped += 1
                    return false
                }
                defer { pending.bytes.append(contentsOf: utf8) }
                return pending.bytes.isEmpty
            }
        }
        if wasEmpty { wakeup.signal() }
    }

    /// `text` with every byte that is not visible ASCII or a space as `?`.
    static func printable(_ text: String) -> String {
        String(decoding: text.utf8.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }

    /// The writer thread: takes everything buffered, writes it, reports drops, repeats.
    /// It swaps its emptied buffer for the loops' one, so nothing is allocated
    /// (nor freed) while the loops' lock is held.
    private func drain() {
        var bytes: [UInt8] = []
        while true {
            wakeup.wait()
            bytes.removeAll(keepingCapacity: true)
            let (dropped, stopping) = pending.withLock { pending in
                defer { pending.dropped = 0 }
                swap(&pending.bytes, &bytes)
                return (pending.dropped, pending.stopping)
            }
            writeAll(bytes)
            if dropped > 0 { writeAll(Array("access log: \(dropped) lines dropped\n".utf8)) }
            if stopping {
                finished.signal()
                return
            }
        }
    }

    /// Writes all of `bytes`, waiting for a non-blocking descriptor; gives up on an error.
    private func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let result: IOResult<Int>
            do {
                result = try bytes.withUnsafeBytes { raw throws(POSIXCallError) in
                    try syscall("write") { write(fd, raw.baseAddress! + offset, raw.count - offset) }
                }
            } catch {
                return
            }
            switch result {
            case .processed(let count): offset += count
            case .wouldBlock:
                var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&poller, 1, -1)
            }
        }
    }
}
