import Foundation

/// Hides database passwords in text meant for people (startup errors,
/// libpq's messages, logs): every form a PostgreSQL address may carry one
/// in becomes `***`.
///
/// - `scheme://user:PASSWORD@host` (a URL's userinfo, any scheme);
/// - `password=PASSWORD` and `sslpassword=PASSWORD`, any casing: a URL's
///   query parameter (ending at `&`, `#` or a space) or a key=value
///   conninfo setting (ending at a space; `'quoted \' values'` whole;
///   spaces around `=` allowed);
/// - any `known` password (one read from a file, or a URL's, raw and
///   percent-decoded) wherever else it appears: libpq quotes a bad
///   percent-encoded token as it was given.
public enum PasswordMasking {
    public static let mask = "***"

    /// `text` with every password in it replaced by `***`.
    /// - Parameter known: Passwords to hide wherever they appear. Ones
    ///   shorter than 4 bytes are left out: hiding them would garble the
    ///   message around them.
    public static func masked(_ text: String, hiding known: [String] = []) -> String {
        var bytes = Array(text.utf8)
        bytes = maskedUserInfo(bytes)
        bytes = maskedKeywordValues(bytes)
        var result = String(decoding: bytes, as: UTF8.self)
        for password in known where password.utf8.count >= 4 {
            result = result.replacingOccurrences(of: password, with: mask)
        }
        return result
    }

    /// The passwords `url` spells (userinfo and `password=` parameters),
    /// raw and percent-decoded, to hide where a message quotes them.
    public static func passwords(in url: String) -> [String] {
        var found: [String] = []
        if let scheme = url.range(of: "://") {
            let authority = url[scheme.upperBound...].prefix { $0 != "/" }
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                found.append(String(authority[authority.index(after: colon)..<at]))
            }
        }
        if let question = url.firstIndex(of: "?") {
            for parameter in url[url.index(after: question)...].split(separator: "&") {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, ["password", "sslpassword"].contains(pair[0].lowercased()) else {
                    continue
                }
                found.append(String(pair[1]))
            }
        }
        return found.flatMap { [$0, $0.removingPercentEncoding ?? $0] }.filter { !$0.isEmpty }
    }

    /// Whether `url` carries a password itself (userinfo or `password=`).
    public static func hasPassword(_ url: String) -> Bool {
        masked(url) != url
    }

    private static let separators: Set<UInt8> = Set(" \t\r\n\"'<>".utf8)

    /// Masks the password of each `://user:PASSWORD@` in `bytes`.
    private static func maskedUserInfo(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard starts(bytes, at: index, with: Array("://".utf8)) else {
                result.append(bytes[index])
                index += 1
                continue
            }
            let start = index + 3
            // libpq ends the userinfo-and-host part at the first `/`.
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "/"), !separators.contains(bytes[end]) {
                end += 1
            }
            result += bytes[index..<start]
            let authority = bytes[start..<end]
            if let at = authority.lastIndex(of: UInt8(ascii: "@")),
                let colon = authority[..<at].firstIndex(of: UInt8(ascii: ":"))
            {
                result += bytes[start...colon] + Array(mask.utf8) + bytes[at..<end]
            } else {
                result += authority
            }
            index = end
        }
        return result
    }

    /// Masks the value of each `password=` and `sslpassword=` in `bytes`.
    private static func maskedKeywordValues(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let valueStart = valueStart(bytes, keywordAt: index) else {
                result.append(bytes[index])
                index += 1
                continue
            }
            result += bytes[index..<valueStart]
            let inURL =
                index > 0 && (bytes[index - 1] == UInt8(ascii: "?") || bytes[index - 1] == UInt8(ascii: "&"))
            let valueEnd = end(ofValueIn: bytes, from: valueStart, inURL: inURL)
            let quoted = valueStart < bytes.count && bytes[valueStart] == UInt8(ascii: "'") && !inURL
            result += quoted ? Array("'\(mask)'".utf8) : Array(mask.utf8)
            index = valueEnd
        }
        return result
    }

    /// Where the value starts when a password keyword and its `=` begin at
    /// `index` (after a boundary), else `nil`.
    private static func valueStart(_ bytes: [UInt8], keywordAt index: Int) -> Int? {
        let boundaries = Set("?&;,( \t\r\n\"'".utf8)
        guard index == 0 || boundaries.contains(bytes[index - 1]) else { return nil }
        for keyword in ["password", "sslpassword"] {
            let word = Array(keyword.utf8)
            guard index + word.count <= bytes.count,
                zip(bytes[index..<index + word.count], word).allSatisfy({ lowercased($0) == $1 })
            else { continue }
            var cursor = index + word.count
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else { return nil }
            cursor += 1
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
            return cursor
        }
        return nil
    }

    /// The end of a value starting at `start`: a quoted conninfo value up
    /// to its closing quote, a URL parameter up to `&` or `#`, and either
    /// up to white space.
    private static func end(ofValueIn bytes: [UInt8], from start: Int, inURL: Bool) -> Int {
        var cursor = start
        if !inURL, cursor < bytes.count, bytes[cursor] == UInt8(ascii: "'") {
            cursor += 1
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "'") {
                cursor += bytes[cursor] == UInt8(ascii: "\\") ? 2 : 1
            }
            return min(cursor + 1, bytes.count)
        }
        let stops = inURL ? Set(" \t\r\n&#\"".utf8) : Set(" \t\r\n\"".utf8)
        while cursor < bytes.count, !stops.contains(bytes[cursor]) { cursor += 1 }
        return cursor
    }

    private static func starts(_ bytes: [UInt8], at index: Int, with prefix: [UInt8]) -> Bool {
        index + prefix.count <= bytes.count && Array(bytes[index..<index + prefix.count]) == prefix
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
