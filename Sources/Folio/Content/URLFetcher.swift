import Dispatch
import FolioSync
import FolioTemplate
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches a page's JSON data from a URL in the background and hands the
/// body to a completion, exactly once.
///
/// Never blocks its caller (`PageDataLoader` decides who waits, and how
/// long). Within `PageDataLimits`:
/// - the body is read up to `maxFeedBytes`; one byte more (or a
///   `Content-Length` or chunk size over it) stops the transfer at once;
/// - a redirect is followed only to the feed's own origin (scheme, host,
///   port) unless `redirects` is `.anyHost`, and at most `maxRedirects` times;
/// - after `timeout` seconds the completion gets a timeout, whatever the
///   server does.
///
/// `http://` feeds are read by `PlainHTTPFeed` on a thread of their own
/// (one per load in flight, so at most one per page), which stops reading
/// at the cap: memory stays bounded by the cap. `https://` feeds go through
/// `URLSession`, which on Linux buffers the whole body before its delegate
/// sees any of it: the cap then bounds what is kept, not the peak.
enum URLFetcher {
    /// Why a fetch gave no data.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    /// Starts a GET of `url`, conditional on `validators`; `completion` gets
    /// the body of a 2xx answer, `.notModified` for a 304, or the reason
    /// there is neither, on a fetch, `URLSession` or timer thread.
    static func start(
        _ url: URL, timeout: Double, limits: PageDataLimits, validators: FeedValidators = .none,
        completion: @escaping @Sendable (Result<FeedAnswer, Failure>) -> Void
    ) {
        let finish = firstCallOnly(completion)
        let seconds = max(0, timeout)
        let timedOut = Failure(description: "no answer within \(seconds.secondsText) s")
        if url.scheme?.lowercased() == "http" {
            // The thread's own polls end at the same deadline.
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { finish(.failure(timedOut)) }
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
            let thread = Thread {
                let feed = PlainHTTPFeed(limits: limits, deadline: deadline)
                do throws(Failure) {
                    finish(.success(try feed.answer(of: url, validators: validators)))
                } catch {
                    finish(.failure(error))
                }
            }
            thread.name = "Folio feed"
            thread.start()
        } else {
            let fetch = SessionFetch.start(
                url, timeout: seconds, limits: limits, validators: validators, completion: finish)
            // Stopped, not only answered, at the timeout: the transfer and
            // its session do not run on after the page gave up on them.
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { fetch.stop(timedOut) }
        }
    }

    /// Whether `a` and `b` have the same scheme, host and port (the default
    /// port of the scheme when none is given).
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int)? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            return (scheme, host, url.port ?? (scheme == "https" ? 443 : 80))
        }
        guard let left = origin(a), let right = origin(b) else { return false }
        return left == right
    }

    /// Why a redirect from the feed `origin` to `target` is not followed, if it is not.
    static func refusal(redirect number: Int, from origin: URL, to target: URL?, limits: PageDataLimits)
        -> Failure?
    {
        if number > limits.maxRedirects {
            return Failure(description: "it redirected more than \(limits.maxRedirects) times")
        }
        guard let target, target.scheme == "http" || target.scheme == "https", target.host != nil else {
            return Failure(
                description: "it redirected to \(target?.absoluteString ?? "nowhere"), not an http(s) URL")
        }
        if limits.redirects == .sameOrigin, !sameOrigin(origin, target) {
            return Failure(
                description: "it redirected to \(target.absoluteString), another origin; page data follows "
                    + "redirects only on the feed's own scheme, host and port")
        }
        return nil
    }

    /// The failure for a body over the cap.
    static func tooLarge(_ limits: PageDataLimits) -> Failure {
        Failure(
            description: "the feed is larger than \(PageDataLimits.describe(bytes: limits.maxFeedBytes)), "
                + "the most page data Folio reads")
    }
}

/// An `https://` fetch through `URLSession`, as its delegate: the body so
/// far and the redirects taken.
private final class SessionFetch: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var body = Data()
        var redirects = 0
        var refusal: URLFetcher.Failure?
        var finished = false
        var session: URLSession?
        var validators = FeedValidators.none
        var notModified = false
    }

    private let url: URL
    private let limits: PageDataLimits
    private let completion: @Sendable (Result<FeedAnswer, URLFetcher.Failure>) -> Void
    private let state = LockedValue(State())

    private init(
        url: URL, limits: PageDataLimits,
        completion: @escaping @Sendable (Result<FeedAnswer, URLFetcher.Failure>) -> Void
    ) {
        self.url = url
        self.limits = limits
        self.completion = completion
    }

    static func start(
        _ url: URL, timeout: Double, limits: PageDataLimits, validators: FeedValidators,
        completion: @escaping @Sendable (Result<FeedAnswer, URLFetcher.Failure>) -> Void
    ) -> SessionFetch {
        let fetch = SessionFetch(url: url, limits: limits, completion: completion)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration, delegate: fetch, delegateQueue: nil)
        fetch.state.withLock { $0.session = session }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in validators.requestFields { request.setValue(value, forHTTPHeaderField: name) }
        session.dataTask(with: request).resume()
        return fetch
    }

    /// Ends the fetch with `failure` unless it has ended: cancels the
    /// transfer and lets the session go.
    func stop(_ failure: URLFetcher.Failure) { finish(.failure(failure)) }

    /// Runs the completion once, stops the transfer and lets the session go.
    private func finish(_ result: Result<FeedAnswer, URLFetcher.Failure>) {
        let (first, session) = state.withLock { state in
            defer {
                state.finished = true
                state.body = Data()
                state.session = nil
            }
            return (!state.finished, state.session)
        }
        guard first else { return }
        session?.invalidateAndCancel()
        completion(result)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let refusal = state.withLock { state -> URLFetcher.Failure? in
            state.redirects += 1
            state.refusal = URLFetcher.refusal(
                redirect: state.redirects, from: url, to: request.url, limits: limits)
            return state.refusal
        }
        if let refusal {
            completionHandler(nil)
            finish(.failure(refusal))
        } else {
            completionHandler(request)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse, http.statusCode == 304 {
            state.withLock { $0.notModified = true }
            completionHandler(.cancel)
            finish(.success(.notModified))
        } else if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            completionHandler(.cancel)
            finish(
                .failure(
                    state.withLock { $0.refusal }
                        ?? URLFetcher.Failure(
                            description: "the server answered \(http.statusCode)")))
        } else if response.expectedContentLength > Int64(limits.maxFeedBytes) {
            completionHandler(.cancel)
            finish(.failure(URLFetcher.tooLarge(limits)))
        } else {
            if let http = response as? HTTPURLResponse {
                let fields = Dictionary(
                    http.allHeaderFields.compactMap { name, value -> (String, String)? in
                        guard let name = name as? String, let value = value as? String else { return nil }
                        return (name.lowercased(), value)
                    }, uniquingKeysWith: { first, _ in first })
                state.withLock { $0.validators = FeedValidators(fields: fields) }
            }
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            if state.body.count + data.count > limits.maxFeedBytes { return true }
            state.body.append(data)
            return false
        }
        if over { finish(.failure(URLFetcher.tooLarge(limits))) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (body, refusal, validators) = state.withLock { ($0.body, $0.refusal, $0.validators) }
        if let refusal {
            finish(.failure(refusal))
        } else if let error {
            finish(.failure(URLFetcher.Failure(description: error.localizedDescription)))
        } else {
            finish(.success(.body(body, validators)))
        }
    }
}

extension Double {
    /// `5` for 5.0, `0.25` for 0.25: seconds as people write them (and
    /// templates show numbers).
    var secondsText: String { TemplateValue.number(self).text }
}
