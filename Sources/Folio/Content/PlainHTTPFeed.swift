import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking HTTP/1.1 `GET` of an `http://` feed over a plain socket, run
/// on a feed thread (never an HTTP worker): reads the head, then the body
/// (by `Content-Length`, chunks, or to the end) and stops reading the moment
/// it would pass `maxFeedBytes`. Follows redirects as `PageDataLimits` says.
/// Every wait is a `poll` bounded by one deadline.
struct PlainHTTPFeed {
    typealias Failure = URLFetcher.Failure

    let limits: PageDataLimits
    /// Monotonic nanoseconds when the fetch gives up.
    let deadline: UInt64

    /// The most bytes of a response head.
    static let headLimit = 64 << 10

    /// The body of the 2xx answer `url` leads to.
    /// - Throws: `Failure` for a refused redirect, another status, a body
    ///   over the cap, a connection error or the deadline.
    func body(of url: URL) throws(Failure) -> Data {
        var current = url
        var redirects = 0
        while true {
            var connection = try Connection(url: current, deadline: deadline)
            defer { connection.close() }
            let head = try connection.head()
            if [301, 302, 303, 307, 308].contains(head.status), let location = head.fields["location"] {
                redirects += 1
                let target = URL(string: location, relativeTo: current)?.absoluteURL
                if let refusal = URLFetcher.refusal(
                    redirect: redirects, from: url, to: target, limits: limits)
                {
                    throw refusal
                }
                guard let target, target.scheme?.lowercased() == "http" else {
                    throw Failure(description: "it redirected to \(location), which is not plain http")
                }
                current = target
                continue
            }
            guard (200..<300).contains(head.status) else {
                throw Failure(description: "the server answered \(head.status)")
            }
            return try connection.body(
                of: head, limit: limits.maxFeedBytes, tooLarge: URLFetcher.tooLarge(limits))
        }
    }
}

/// A response head: status and lowercased field names.
private struct Head {
    var status: Int
    var fields: [String: String]
}

/// One TCP connection that sent a `GET` and reads its answer.
private struct Connection {
    private var fd: Int32
    private let deadline: UInt64
    /// Bytes read and not consumed yet.
    private var buffer: [UInt8] = []

    init(url: URL, deadline: UInt64) throws(URLFetcher.Failure) {
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
            + "Accept: application/json\r\nUser-Agent: Folio\r\nConnection: close\r\n\r\n"
        try send(Array(request.utf8))
    }

    mutating func close() {
        if fd >= 0 { _ = Glibc.close(fd) }
        fd = -1
    }

    /// Reads up to the blank line and parses the status and fields.
    mutating func head() throws(URLFetcher.Failure) -> Head {
        let end: Int
        while true {
            if let found = Self.find([13, 10, 13, 10], in: buffer) {
                end = found
                break
            }
            guard buffer.count < PlainHTTPFeed.headLimit else {
                throw URLFetcher.Failure(description: "the answer's head is over 64 KiB")
            }
            guard try readMore() else {
                throw URLFetcher.Failure(description: "the server closed the connection without an answer")
            }
        }
        let lines = String(decoding: buffer[..<end], as: UTF8.self).split(separator: "\r\n")
        buffer.removeSubrange(..<(end + 4))
        let statusLine = lines.first.map(String.init) ?? ""
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw URLFetcher.Failure(description: "the answer is not HTTP/1.x")
        }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            fields[name] = fields[name].map { $0 + "," + value } ?? value
        }
        return Head(status: status, fields: fields)
    }

    /// The body, never holding more than `limit` bytes of it.
    mutating func body(of head: Head, limit: Int, tooLarge: URLFetcher.Failure) throws(URLFetcher.Failure)
        -> Data
    {
        if head.fields["transfer-encoding"]?.lowercased().contains("chunked") == true {
            return try chunkedBody(limit: limit, tooLarge: tooLarge)
        }
        var body = Data()
        if let text = head.fields["content-length"] {
            guard let length = Int(text.trimmingCharacters(in: .whitespaces)), length >= 0 else {
                throw URLFetcher.Failure(description: "the answer's Content-Length is malformed")
            }
            guard length <= limit else { throw tooLarge }
            while buffer.count < length {
                guard try readMore() else {
                    throw URLFetcher.Failure(description: "the server closed the connection mid-body")
                }
            }
            body.append(contentsOf: buffer[..<length])
            return body
        }
        // Delimited by the end of the connection.
        while true {
            guard buffer.count <= limit else { throw tooLarge }
            guard try readMore() else { break }
        }
        guard buffer.count <= limit else { throw tooLarge }
        body.append(contentsOf: buffer)
        return body
    }

    private mutating func chunkedBody(limit: Int, tooLarge: URLFetcher.Failure) throws(URLFetcher.Failure)
        -> Data
    {
        var body = Data()
        let malformed = URLFetcher.Failure(description: "the answer's chunked body is malformed")
        while true {
            var lineEnd = Self.find([13, 10], in: buffer)
            while lineEnd == nil {
                guard buffer.count < 1024, try readMore() else { throw malformed }
                lineEnd = Self.find([13, 10], in: buffer)
            }
            let line = String(decoding: buffer[..<lineEnd!], as: UTF8.self)
            let sizeText = line.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                throw malformed
            }
            buffer.removeSubrange(..<(lineEnd! + 2))
            if size == 0 { return body }
            guard body.count + size <= limit else { throw tooLarge }
            while buffer.count < size + 2 {
                guard try readMore() else { throw malformed }
            }
            body.append(contentsOf: buffer[..<size])
            buffer.removeSubrange(..<(size + 2))
        }
    }

    /// Reads what arrives within the deadline; false at the end of the stream.
    private mutating func readMore() throws(URLFetcher.Failure) -> Bool {
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

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }
}
