/// How the instances of one dashboard share live refreshes, so that only
/// one of them fetches a refreshing source at a time and every instance's
/// open tabs get its result.
///
/// With one instance (memory or SQLite state) it is ``LocalLiveBus``: this
/// instance leads every pager and shares with nobody. On PostgreSQL it is
/// ``PostgreSQLLiveBus``.
protocol LiveBus: Sendable {
    /// Whether this instance refreshes `pager`'s live pages now. Called by
    /// the pager's refresher before each refresh, off the event loop.
    func leads(_ pager: String) -> Bool
    /// Gives up leading `pager` (no tab of this instance shows it any more).
    func resign(_ pager: String)
    /// Hands data this instance loaded for page `name` (`pager/page`) to
    /// the other instances; `body` is made only by a bus that has others.
    func share(_ name: String, body: @autoclosure () -> [UInt8])
    /// Starts delivering what other instances share, once.
    func listen(_ receive: @escaping @Sendable (_ name: String, _ body: [UInt8]) -> Void)
    /// Stops listening and closes the bus's connections, waiting for its
    /// threads, before the process exits.
    func close()
}

/// One instance: it leads everything and shares nothing.
struct LocalLiveBus: LiveBus {
    func leads(_ pager: String) -> Bool { true }
    func resign(_ pager: String) {}
    func share(_ name: String, body: @autoclosure () -> [UInt8]) {}
    func listen(_ receive: @escaping @Sendable (String, [UInt8]) -> Void) {}
    func close() {}
}
