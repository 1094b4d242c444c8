extension FolioApp {
    /// Ends what the app runs besides requests, once the server has stopped
    /// and before the process exits: the live bus's listener thread is
    /// joined and its connections closed, so no thread is inside libpq
    /// while `exit` tears down OpenSSL's state.
    public func close() {
        parts.bus.close()
    }
}
