extension FolioApp {
    /// Ends what the app runs besides requests, once the server has stopped
    /// and before the process exits: the live bus's listener thread is
    /// joined and its connections closed, so PostgreSQL sees them end
    /// rather than break, and no thread of Folio's is inside libpq.
    public func close() {
        parts.bus.close()
    }
}
