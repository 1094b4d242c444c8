/// Size limits the request parser enforces; each breach is answered with its
/// status and the connection is then closed.
public struct HTTPLimits: Sendable, Hashable {
    /// Longest request line in bytes, without its CRLF. Default 8 KiB; longer is `414`.
    /// Empty lines before a request line (RFC 9112 2.2) may take as many bytes again;
    /// more is `400`.
    public var requestLineBytes: Int
    /// Most bytes of header fields (all lines after the request line). Default 64 KiB; more is `431`.
    public var headerBytes: Int
    /// Most header lines. Default 100; more is `431`.
    public var headerCount: Int
    /// Largest request body after de-chunking. Default 1 MiB; larger is `413`.
    /// A chunked body may also carry `chunkFramingBytes` of framing, no more.
    public var bodyBytes: Int

    /// Most bytes of framing one chunked body may carry besides its data (chunk
    /// size lines with their extensions, the CRLFs after each chunk): `bodyBytes`,
    /// at least 64 KiB. More is `413`, so however a client cuts its chunks the
    /// body takes at most about twice `bodyBytes` on the wire.
    public var chunkFramingBytes: Int { max(bodyBytes, 64 * 1024) }

    /// Creates limits; every argument has the default documented on its property.
    public init(
        requestLineBytes: Int = 8 * 1024, headerBytes: Int = 64 * 1024, headerCount: Int = 100,
        bodyBytes: Int = 1024 * 1024
    ) {
        self.requestLineBytes = requestLineBytes
        self.headerBytes = headerBytes
        self.headerCount = headerCount
        self.bodyBytes = bodyBytes
    }
}
