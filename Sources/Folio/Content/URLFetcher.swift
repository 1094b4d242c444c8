import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches a page's JSON data from a URL, waiting at most a timeout.
///
/// Synchronous on purpose: the page is rendered in the request that first
/// shows it, and the result is cached for `cacheSeconds`, so only that one
/// request (per cache period) waits.
enum URLFetcher {
    /// Why a fetch gave no data.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    /// Unchecked: written once by the completion handler before `done` is
    /// signalled, read only after waiting on it.
    private final class Outcome: @unchecked Sendable {
        var result: Result<Data, Failure> = .failure(Failure(description: "no answer"))
        let done = DispatchSemaphore(value: 0)
    }

    /// GETs `url` and returns the body of a 2xx answer.
    /// - Throws: `Failure` for a timeout, a connection error or another status.
    static func fetch(_ url: URL, timeout: Double) throws(Failure) -> Data {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let outcome = Outcome()
        let task = session.dataTask(with: request) { data, response, error in
            if let error {
                outcome.result = .failure(Failure(description: error.localizedDescription))
            } else if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                outcome.result = .failure(Failure(description: "the server answered \(http.statusCode)"))
            } else {
                outcome.result = .success(data ?? Data())
            }
            outcome.done.signal()
        }
        task.resume()
        if outcome.done.wait(timeout: .now() + timeout + 0.25) == .timedOut {
            task.cancel()
            throw Failure(description: "no answer within \(timeout) s")
        }
        return try outcome.result.get()
    }
}
