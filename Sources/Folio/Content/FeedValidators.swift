import Foundation

/// What a feed said identifies its answer (`ETag`, `Last-Modified`), sent
/// back on the next fetch (`If-None-Match`, `If-Modified-Since`) so an
/// unchanged feed answers `304` without a body.
struct FeedValidators: Sendable, Hashable {
    var etag: String?
    var lastModified: String?

    static let none = FeedValidators()

    /// The validators of an answer whose fields (lowercased names) are `fields`.
    init(fields: [String: String]) {
        etag = fields["etag"]
        lastModified = fields["last-modified"]
    }

    init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// The conditional request fields, as `(name, value)` pairs. A value with
    /// a line break is left out: it would split the request.
    var requestFields: [(String, String)] {
        let fields = [("If-None-Match", etag), ("If-Modified-Since", lastModified)]
        return fields.compactMap { name, value in
            // By bytes: "\r\n" is one Character, equal to neither "\r" nor "\n".
            guard let value, !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                return nil
            }
            return (name, value)
        }
    }
}

/// A feed's answer to a fetch.
enum FeedAnswer: Sendable {
    /// A 2xx answer's body, and the validators to send next time.
    case body(Data, FeedValidators)
    /// `304 Not Modified`: the data kept is still current.
    case notModified
}
