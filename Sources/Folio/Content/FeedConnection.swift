import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One TCP connection to a feed that sent a `GET` and reads its answer,
/// every wait a `poll` bounded by the fetch's deadline. The answer's
/// framing (head, body, chunks) is in `PlainHTTPFeed.swift`.
struct FeedConnection {
    private(set) var fd: Int32
    private let deadline: UInt64
    /// Bytes read and not consumed yet.
    var buffer: [UInt8] = []

    /// Connects to `url`'s host and sends the `GET`, with `validators`'
    /// conditional fields.
    init(url: URL, deadline: UInt64, validators: FeedValidators = .none) throws(URLFetcher.Failure) {
        self.deadline = deadline
        guard let host = url.host else { throw URLFetcher.Failure(description: "the URL names no host") }
        let port = url.port ?? 80
        fd = try Self.connect(host: host, port: port, deadline: deadline)
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? "/"
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        let hostField = host.contains(":") ? "[\(host)]" : host
        let request =
            "GET \(target) HTTP/1.1\r\nHost: \(hostField)\(url.port.map { ":\($0)" } ?? "")\r\n"
            + "Accept: application/json\r\nUser-Agent: Folio\r\nConnection: close\r\n"
            + validators.requestFields.map { "\($0): \($1)\r\n" }.joined() + "\r\n"
        do {
            try send(Array(request.utf8))
        } catch {
            // No connection is handed out to close it: close the socket here.
            close()
            throw error
        }
    }

    mutating func close() {
        if fd >= 0 { _ = Glibc.close(fd) }
        fd = -1
    }

    /// Reads what arrives within the deadline; false at the end of the stream.
    mutating func readMore() throws(URLFetcher.Failure) -> Bool {
        try wait(for: Int16(POLLIN))
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return true
            }
            if count == 0 { return false }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK {
                try wait(for: Int16(POLLIN))
                continue
            }
            throw Self.failure("recv")
        }
    }

    private func send(_ bytes: [UInt8]) throws(URLFetcher.Failure) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count >= 0 {
                sent += count
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                try wait(for: Int16(POLLOUT))
            } else if errno != EINTR {
                throw Self.failure("send")
            }
        }
    }

    /// Polls the socket for `events` until the deadline.
    private func wait(for events: Int16) throws(URLFetcher.Failure) {
        try Self.poll(fd, events, deadline: deadline)
    }

    private static func poll(_ fd: Int32, _ events: Int16, deadline: UInt64) throws(URLFetcher.Failure) {
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { throw URLFetcher.Failure(description: "no answer in time") }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let milliseconds = Int32(min((deadline - now) / 1_000_000 + 1, 60_000))
            let ready = Glibc.poll(&entry, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw failure("poll") }
        }
    }

    /// A non-blocking socket connected to one of `host`'s addresses.
    private static func connect(host: String, port: Int, deadline: UInt64) throws(URLFetcher.Failure) -> Int32
    {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw URLFetcher.Failure(
                description: "cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var lastError = URLFetcher.Failure(description: "\(host) has no address")
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let info = next {
            next = info.pointee.ai_next
            let fd = socket(
                info.pointee.ai_family,
                Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
                    | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else {
                lastError = failure("socket")
                continue
            }
            if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
            guard errno == EINPROGRESS else {
                lastError = failure("connect")
                _ = Glibc.close(fd)
                continue
            }
            do {
                try poll(fd, Int16(POLLOUT), deadline: deadline)
            } catch {
                _ = Glibc.close(fd)
                throw error
            }
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
            if code == 0 { return fd }
            lastError = URLFetcher.Failure(description: "connect: \(String(cString: strerror(code)))")
            _ = Glibc.close(fd)
        }
        throw lastError
    }

    private static func failure(_ call: String) -> URLFetcher.Failure {
        URLFetcher.Failure(description: "\(call): \(String(cString: strerror(errno)))")
    }
}
