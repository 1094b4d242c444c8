import Foundation

@testable import FolioHTTP

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking test client over a real loopback socket, speaking raw bytes.
final class LoopbackClient {
    private(set) var fd: Int32
    /// Received and not yet consumed.
    var buffered: [UInt8] = []

    /// A parsed response.
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Connects; `receiveBuffer` shrinks the socket's receive buffer (set before
    /// connecting, so the window stays small), to stall a server sooner.
    init(port: Int, host: String = "127.0.0.1", receiveBuffer: Int32? = nil) throws {
        let address = try SocketAddress(host: host, port: port)
        fd = socket(address.family, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let result = address.withSockAddr { connect(fd, $0, $1) }
        guard result == 0 else { throw POSIXCallError(call: "connect", errno: errno) }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Closes abruptly: a reset (`SO_LINGER` 0), which the server sees as a hang-up.
    func reset() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close(fd)
        fd = -1
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Reads more bytes; false on EOF, error or timeout.
    func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffered.append(contentsOf: chunk[..<count])
        return true
    }

    /// Reads one response (`Content-Length` framed, or to EOF); `headRequest` means no body follows.
    func readResponse(headRequest: Bool = false) -> Response? {
        var headEnd: Int?
        while headEnd == nil {
            headEnd = buffered.indices.dropLast(3).first {
                buffered[$0] == 13 && buffered[$0 + 1] == 10 && buffered[$0 + 2] == 13
                    && buffered[$0 + 3] == 10
            }
            if headEnd == nil && !fill() { return nil }
        }
        let head = String(decoding: buffered[..<headEnd!], as: UTF8.self)
        buffered.removeFirst(headEnd! + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body: [UInt8] = []
        if !headRequest, let length = headers["content-length"].flatMap({ Int($0) }) {
            while buffered.count < length { if !fill() { return nil } }
            body = Array(buffered[..<length])
            buffered.removeFirst(length)
        }
        return Response(status: status, headers: headers, body: body)
    }

    /// Whether the server closed the connection (EOF within the receive timeout).
    func isClosedByServer() -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, 0) == 0
    }
}
