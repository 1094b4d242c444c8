/// Where a live channel writes one open tab's events: an event stream.
/// FolioHTTP's `HTTPStream` is one; tests use a recorder.
protocol LiveSink: AnyObject, Sendable {
    /// Queues `bytes`; false once the sink has ended.
    @discardableResult func send(_ bytes: [UInt8]) -> Bool
    /// Ends the stream once what was queued is written.
    func finish()
}
