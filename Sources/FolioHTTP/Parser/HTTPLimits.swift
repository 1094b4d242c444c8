/// Size limits the request parser enforces; each breach is answered with its
/// status and the connection is then closed.
public struct HTTPLimits: Sendable, Hashable {
    /// Longest request line in bytes, without its CRLF. Default 8 KiB; longer is `414`.
    public var requestLineBytes: Int
    /// Most bytes of header fields (all lines after the request line). Default 64 KiB; more is `431`.
    public var headerBytes: Int
    /// Most header lines. Default 100; more is `431`.
    public var headerCount: Int
    /// Largest request body after de-chunking. Default 1 MiB; larger is `413`.
    public var bodyBytes: Int

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
