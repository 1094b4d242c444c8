import Dispatch
import Foundation

/// A blocking HTTP/1.1 `GET` of an `http://` feed over a plain socket, run
/// on a feed thread (never an HTTP worker): reads the head, then the body
/// (by `Content-Length`, chunks, or to the end) and stops reading the moment
/// it would pass `maxFeedBytes`. Follows redirects as `PageDataLimits` says.
/// Every wait is a `poll` bounded by one deadline.
struct PlainHTTPFeed {
    typealias Failure = URLFetcher.Failure

    let limits: PageDataLimits
    /// Monotonic nanoseconds when the fetch gives up.
    let deadline: UInt64

    /// The most bytes of a response head.
    static let headLimit = 64 << 10

    /// The body of the 2xx answer `url` leads to.
    /// - Throws: `Failure` as ``answer(of:validators:)`` does.
    func body(of url: URL) throws(Failure) -> Data {
        guard case .body(let body, _) = try answer(of: url, validators: .none) else {
            throw Failure(description: "the server answered 304 to an unconditional request")
        }
        return body
    }

    /// The 2xx answer `url` leads to, or `304` when `validators` still match.
    /// - Throws: `Failure` for a refused redirect, another status, a body
    ///   over the cap, a connection error or the deadline.
    func answer(of url: URL, validators: FeedValidators) throws(Failure) -> FeedAnswer {
        var current = url
        var redirects = 0
        while true {
            var connection = try FeedConnection(url: current, deadline: deadline, validators: validators)
            defer { connection.close() }
            let head = try connection.head()
            if [301, 302, 303, 307, 308].contains(head.status), let location = head.fields["location"] {
                redirects += 1
                let target = URL(string: location, relativeTo: current)?.absoluteURL
                if let refusal = URLFetcher.refusal(
                    redirect: redirects, from: url, to: target, limits: limits)
                {
                    throw refusal
                }
                guard let target, target.scheme?.lowercased() == "http" else {
                    throw Failure(description: "it redirected to \(location), which is not plain http")
                }
                current = target
                continue
            }
            if head.status == 304, !validators.requestFields.isEmpty { return .notModified }
            guard (200..<300).contains(head.status) else {
                throw Failure(description: "the server answered \(head.status)")
            }
            let body = try connection.body(
                of: head, limit: limits.maxFeedBytes, tooLarge: URLFetcher.tooLarge(limits))
            return .body(body, FeedValidators(fields: head.fields))
        }
    }
}

/// A response head: status and lowercased field names.
struct FeedHead {
    var status: Int
    var fields: [String: String]
}

extension FeedConnection {
    /// Reads up to the blank line and parses the status and fields.
    mutating func head() throws(URLFetcher.Failure) -> FeedHead {
        let end: Int
        while true {
            if let found = buffer.firstIndex(of: [13, 10, 13, 10]) {
                end = found
                break
            }
            guard buffer.count < PlainHTTPFeed.headLimit else {
                throw URLFetcher.Failure(description: "the answer's head is over 64 KiB")
            }
            guard try readMore() else {
                throw URLFetcher.Failure(description: "the server closed the connection without an answer")
            }
        }
        let lines = String(decoding: buffer[..<end], as: UTF8.self).split(separator: "\r\n")
        buffer.removeSubrange(..<(end + 4))
        let statusLine = lines.first.map(String.init) ?? ""
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw URLFetcher.Failure(description: "the answer is not HTTP/1.x")
        }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            fields[name] = fields[name].map { $0 + "," + value } ?? value
        }
        return FeedHead(status: status, fields: fields)
    }

    /// The body, never holding more than `limit` bytes of it.
    mutating func body(of head: FeedHead, limit: Int, tooLarge: URLFetcher.Failure) throws(URLFetcher.Failure)
        -> Data
    {
        if head.fields["transfer-encoding"]?.lowercased().contains("chunked") == true {
            return try chunkedBody(limit: limit, tooLarge: tooLarge)
        }
        var body = Data()
        if let text = head.fields["content-length"] {
            guard let length = Int(text.trimmingCharacters(in: .whitespaces)), length >= 0 else {
                throw URLFetcher.Failure(description: "the answer's Content-Length is malformed")
            }
            guard length <= limit else { throw tooLarge }
            while buffer.count < length {
                guard try readMore() else {
                    throw URLFetcher.Failure(description: "the server closed the connection mid-body")
                }
            }
            body.append(contentsOf: buffer[..<length])
            return body
        }
        // Delimited by the end of the connection.
        while true {
            guard buffer.count <= limit else { throw tooLarge }
            guard try readMore() else { break }
        }
        guard buffer.count <= limit else { throw tooLarge }
        body.append(contentsOf: buffer)
        return body
    }

    private mutating func chunkedBody(limit: Int, tooLarge: URLFetcher.Failure) throws(URLFetcher.Failure)
        -> Data
    {
        var body = Data()
        let malformed = URLFetcher.Failure(description: "the answer's chunked body is malformed")
        while true {
            var lineEnd = buffer.firstIndex(of: [13, 10])
            while lineEnd == nil {
                guard buffer.count < 1024, try readMore() else { throw malformed }
                lineEnd = buffer.firstIndex(of: [13, 10])
            }
            let line = String(decoding: buffer[..<lineEnd!], as: UTF8.self)
            let sizeText = line.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                throw malformed
            }
            buffer.removeSubrange(..<(lineEnd! + 2))
            if size == 0 { return body }
            // Compared as a difference: a size near `Int.max` must not overflow the sum.
            guard size <= limit - body.count else { throw tooLarge }
            while buffer.count < size + 2 {
                guard try readMore() else { throw malformed }
            }
            body.append(contentsOf: buffer[..<size])
            buffer.removeSubrange(..<(size + 2))
        }
    }
}
