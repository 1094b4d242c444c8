import FolioSync

/// What a `Range` request (RFC 9110 14) asks of one file version: one
/// `bytes=a-b`, `a-` or `-n` range is answered `206`; several, another unit,
/// a field that does not parse or an `If-Range` that no longer matches get
/// the whole file (`200`), which the RFC allows.
enum ByteRange: Equatable {
    /// Send the whole file.
    case whole
    /// Send these bytes (`206` with `Content-Range`).
    case part(ClosedRange<Int>)
    /// No byte of the range exists (`416` with `Content-Range: bytes */length`).
    case unsatisfiable

    /// The range `request` asks of a file of `length` bytes whose identity
    /// representation has `etag` and was modified at `modifiedSeconds`.
    /// Only `GET` has ranges (RFC 9110 14.2).
    static func requested(by request: HTTPRequest, length: Int, etag: String, modifiedSeconds: Int)
        -> ByteRange
    {
        guard request.method == .get else { return .whole }
        let fields = request.headers.values(for: "Range")
        guard fields.count == 1 else { return .whole }
        if let condition = request.headers["If-Range"],
            !Self.ifRange(condition, matchesETag: etag, modifiedSeconds: modifiedSeconds)
        {
            return .whole
        }
        return parse(fields[0], length: length)
    }

    /// Parses one `Range` value against a file of `length` bytes.
    static func parse(_ value: String, length: Int) -> ByteRange {
        let trimmed = value.trimmingSpacesAndTabs()
        guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals].equalsIgnoringASCIICase("bytes")
        else { return .whole }
        let specs = trimmed[trimmed.index(after: equals)...].split(separator: ",")
            .map { $0.trimmingSpacesAndTabs() }.filter { !$0.isEmpty }
        guard specs.count == 1, let dash = specs[0].firstIndex(of: "-") else { return .whole }
        let first = specs[0][..<dash]
        let last = specs[0][specs[0].index(after: dash)...]
        if first.isEmpty {
            // `-n`: the last n bytes.
            guard let suffix = Self.number(last) else { return .whole }
            guard suffix > 0, length > 0 else { return .unsatisfiable }
            return .part(max(0, length - suffix)...(length - 1))
        }
        guard let start = Self.number(first) else { return .whole }
        var end = Int.max
        if !last.isEmpty {
            guard let given = Self.number(last), given >= start else { return .whole }
            end = given
        }
        guard start < length else { return .unsatisfiable }
        return .part(start...min(end, length - 1))
    }

    /// Whether `If-Range` still names this version: a strong ETag equal to
    /// `etag` (weak ones never match), or the exact `Last-Modified` date.
    static func ifRange(_ condition: String, matchesETag etag: String, modifiedSeconds: Int) -> Bool {
        let value = condition.trimmingSpacesAndTabs()
        if value.hasPrefix("\"") || value.hasPrefix("W/") { return value == etag }
        guard let seconds = DateCache.parse(String(value)) else { return false }
        return seconds == modifiedSeconds
    }

    /// A run of ASCII digits as a number; one too big for `Int` counts as `Int.max`.
    private static func number(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(digits) ?? Int.max
    }
}
