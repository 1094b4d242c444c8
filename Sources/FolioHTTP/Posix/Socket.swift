import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// Thin wrappers over the socket calls FolioHTTP makes, all through `syscall`.
enum Socket {
    /// Creates a listening TCP socket bound to `host:port` (IPv4 or IPv6 literal,
    /// or `localhost`), with `SO_REUSEADDR`, non-blocking and close-on-exec.
    ///
    /// - Returns: the descriptor and the bound port (useful when `port` is 0).
    static func listen(host: String, port: Int, backlog: Int32) throws(HTTPServerError) -> (
        fd: Int32, port: Int
    ) {
        let address = try SocketAddress(host: host, port: port)
        let fd: Int32
        do {
            fd = try syscallRetrying("socket") {
                socket(
                    address.family,
                    Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
                        | Int32(SOCK_CLOEXEC.rawValue), 0)
            }
        } catch { throw .bindFailed(host: host, port: port, error) }
        do {
            var one: Int32 = 1
            _ = try syscallRetrying("setsockopt(SO_REUSEADDR)") {
                setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            }
            _ = try syscallRetrying("bind") {
                address.withSockAddr { bind(fd, $0, $1) }
            }
            _ = try syscallRetrying("listen") { Glibc.listen(fd, backlog) }
            return (fd, try boundPort(fd))
        } catch {
            close(fd)
            throw .bindFailed(host: host, port: port, error)
        }
    }

    /// The local port a bound socket ended up on.
    static func boundPort(_ fd: Int32) throws(POSIXCallError) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = try withUnsafeMutablePointer(to: &storage) { (pointer) throws(POSIXCallError) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                (address) throws(POSIXCallError) in
                try syscallRetrying("getsockname") { getsockname(fd, address, &length) }
            }
        }
        switch Int32(storage.ss_family) {
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
        default:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin_port))
                }
            }
        }
    }

    /// The numeric address of the socket's peer (`127.0.0.1`, `::1`), an
    /// IPv4-mapped IPv6 address given as IPv4; `nil` when it cannot be read.
    static func peerAddress(_ fd: Int32) -> String? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let read = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) }
        }
        guard read == 0 else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let written: UnsafePointer<CChar>? = withUnsafePointer(to: &storage) { pointer in
            switch Int32(pointer.pointee.ss_family) {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    var address = v4.pointee.sin_addr
                    return inet_ntop(AF_INET, &address, &text, socklen_t(text.count))
                }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    var address = v6.pointee.sin6_addr
                    return inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
                }
            default: return nil
            }
        }
        guard written != nil else { return nil }
        let address = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let mapped = "::ffff:"
        if address.hasPrefix(mapped), address.contains(".") { return String(address.dropFirst(mapped.count)) }
        return address
    }

    /// Accepts one connection as a non-blocking, close-on-exec socket with `TCP_NODELAY`.
    ///
    /// - Returns: `.wouldBlock` when no connection is waiting.
    static func accept(_ listener: Int32) throws(POSIXCallError) -> IOResult<Int32> {
        let result = try syscall("accept4") {
            accept4(listener, nil, nil, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
        }
        if case .processed(let fd) = result {
            var one: Int32 = 1
            // Responses go out in one writev; Nagle would only delay them.
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        return result
    }

    /// Reads into `buffer`; `.processed(0)` means the peer closed its side.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(POSIXCallError)
        -> IOResult<Int>
    {
        try syscall("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// Whether the socket holds bytes not read yet (peeked, so nothing is consumed).
    /// False on EOF, on an error and when nothing has arrived.
    static func hasPendingInput(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) > 0
    }

    /// Writes the iovecs in one `sendmsg` with `MSG_NOSIGNAL`, so a closed peer
    /// gives `EPIPE` instead of killing the process.
    static func writev(_ fd: Int32, _ vectors: UnsafeMutableBufferPointer<iovec>) throws(POSIXCallError)
        -> IOResult<Int>
    {
        var message = msghdr()
        message.msg_iov = vectors.baseAddress
        message.msg_iovlen = vectors.count
        return try syscall("sendmsg") { sendmsg(fd, &message, Int32(MSG_NOSIGNAL)) }
    }

    /// Sends up to `count` bytes of file `source` from `offset` with `sendfile`,
    /// kernel to kernel: nothing is read into memory. `.processed(0)` means the
    /// file ended before `offset + count`. A closed peer gives `EPIPE` (the
    /// server ignores `SIGPIPE`).
    static func sendfile(_ fd: Int32, from source: Int32, at offset: Int, count: Int) throws(POSIXCallError)
        -> IOResult<Int>
    {
        var position = off_t(offset)
        return try syscall("sendfile") { Glibc.sendfile(fd, source, &position, count) }
    }

    /// Bytes written to the socket that the kernel still holds: not yet
    /// acknowledged by the peer, or not yet sent (`SIOCOUTQ`, `ss`'s Send-Q).
    /// 0 when it cannot be read.
    static func kernelQueuedBytes(_ fd: Int32) -> Int {
        max(0, Int(folio_kernel_queued_bytes(fd)))
    }

    /// Makes the next `close` reset the connection (`SO_LINGER` of 0), so
    /// the kernel frees what it holds for a peer that stopped reading at
    /// once, instead of keeping it while it probes a closed window.
    static func resetOnClose(_ fd: Int32) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    }

    /// Closes a descriptor; `EINTR` on close must not be retried on Linux.
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}
