import FolioHTTP
import Glibc

/// Sends each request over a new TCP connection to a running Folio
/// (`folio serve`), HTTP/1.1 with `Connection: close`, blocking.
public struct LiveTransport: FolioTransport {
    /// The server's host name or address.
    public let host: String
    /// The server's port.
    public let port: Int
    /// How long one exchange may take, in seconds. Default 10.
    public var timeout: Double = 10

    /// Creates a transport to `host:port`.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Connects, writes the request, reads the whole answer.
    /// - Throws: ``FolioBrowserError`` when connecting, writing or reading
    ///   fails, or the answer is not HTTP.
    public func send(_ request: HTTPRequest) throws(FolioBrowserError) -> HTTPResponse {
        let socket = try connect()
        defer { close(socket) }
        try writeAll(socket, serialized(request))
        let bytes = try readToEnd(socket)
        return try HTTPResponseReader.parse(bytes, method: request.method)
    }

    func serialized(_ request: HTTPRequest) -> [UInt8] {
        var head = "\(request.method.rawValue) \(request.target) HTTP/1.1\r\n"
        var headers = request.headers
        if !headers.contains("Host") { head += "Host: \(host):\(port)\r\n" }
        headers.remove("Connection")
        headers.remove("Content-Length")
        for field in headers { head += "\(field.name): \(field.value)\r\n" }
        if !request.body.isEmpty || request.method == .post {
            head += "Content-Length: \(request.body.count)\r\n"
        }
        head += "Connection: close\r\n\r\n"
        return Array(head.utf8) + request.body
    }

    private func connect() throws(FolioBrowserError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw FolioBrowserError(.connection("cannot resolve \(host)"))
        }
        defer { freeaddrinfo(list) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        var lastError = ECONNREFUSED
        while let current = entry {
            let socket = Glibc.socket(current.pointee.ai_family, current.pointee.ai_socktype, 0)
            if socket >= 0 {
                var limit = timeval(tv_sec: Int(timeout), tv_usec: 0)
                setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
                setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
                if Glibc.connect(socket, current.pointee.ai_addr, current.pointee.ai_addrlen) == 0 {
                    return socket
                }
                lastError = errno
                close(socket)
            }
            entry = current.pointee.ai_next
        }
        throw FolioBrowserError(
            .connection("connect to \(host):\(port): \(String(cString: strerror(lastError)))"))
    }

    private func writeAll(_ socket: Int32, _ bytes: [UInt8]) throws(FolioBrowserError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw FolioBrowserError(.connection("write: \(String(cString: strerror(errno)))"))
            }
            offset += written
        }
    }

    private func readToEnd(_ socket: Int32) throws(FolioBrowserError) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { return result }
            if count < 0 {
                if errno == EINTR { continue }
                throw FolioBrowserError(.connection("read: \(String(cString: strerror(errno)))"))
            }
            result.append(contentsOf: chunk[..<count])
        }
    }
}
