/// The byte budgets one server's loops share.
struct ServerBudgets: Sendable {
    /// Request bodies being received or waiting for their answer.
    let body: ByteBudget
    /// Request heads not yet complete, and empty lines before them.
    let head: ByteBudget
}
