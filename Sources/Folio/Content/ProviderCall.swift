import Dispatch
import FolioTemplate

/// Calls a `PageDataProvider` as a task of its own and hands its value (or
/// why there is none) to a completion, exactly once: at its answer, or at
/// its timeout, when the task is cancelled and a late answer is dropped.
enum ProviderCall {
    /// Why a call gave no value.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    /// Starts `provider.load`; never blocks the caller.
    static func start(
        _ provider: PageDataProvider, completion: @escaping @Sendable (Result<TemplateValue, Failure>) -> Void
    ) {
        let finish = firstCallOnly(completion)
        let task = Task(executorPreference: ProviderExecutor.shared) {
            do {
                finish(.success(try await provider.load()))
            } catch {
                finish(.failure(Failure(description: "\(error)")))
            }
        }
        let timeout = provider.timeoutSeconds
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, timeout)) {
            finish(.failure(Failure(description: "no answer within \(timeout.secondsText) s")))
            task.cancel()
        }
    }
}
