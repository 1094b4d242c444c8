/// What another thread asks of a stream, on its way to the stream's loop
/// through the mailbox.
enum StreamEvent: Sendable {
    /// One chunk to write.
    case send(HTTPStream, [UInt8])
    /// The final chunk: the response is complete.
    case finish(HTTPStream)
    /// A send found the reader stalled: close the connection.
    case drop(HTTPStream)
    /// An end handler registered after the end, run on the loop.
    case run(@Sendable () -> Void)
}
