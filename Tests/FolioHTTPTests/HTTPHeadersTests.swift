import Testing

@testable import FolioHTTP

struct HTTPHeadersTests {
    private static let defaults: HTTPHeaders = [
        "Content-Security-Policy": "default-src 'self'", "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
    ]

    @Test func addAbsentAppendsEveryDefaultAHandlerDidNotSet() {
        var headers: HTTPHeaders = ["Content-Type": "text/html"]
        headers.addAbsent(Self.defaults)
        #expect(
            headers.map(\.name) == [
                "Content-Type", "Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy",
            ])
        #expect(headers["x-content-type-options"] == "nosniff")
    }

    @Test func aHandlersOwnFieldIsKeptWhateverTheCaseOfItsName() {
        var headers: HTTPHeaders = ["content-security-policy": "default-src 'none'", "Set-Cookie": "a=1"]
        headers.addAbsent(Self.defaults)
        #expect(headers.values(for: "Content-Security-Policy") == ["default-src 'none'"])
        #expect(
            headers.map(\.name) == [
                "content-security-policy", "Set-Cookie", "X-Content-Type-Options", "Referrer-Policy",
            ])
    }

    @Test func defaultsRepeatingANameAreAllAddedWhenItIsAbsent() {
        var headers = HTTPHeaders()
        headers.addAbsent(["Link": "</a.css>", "Link": "</b.css>"])
        #expect(headers.values(for: "Link") == ["</a.css>", "</b.css>"])
    }
}

extension HTTPHeadersTests {
    @Test func containsAnyFindsANameInAnyCaseAndOnlyANameThatIsThere() {
        let headers: HTTPHeaders = ["Host": "example.test", "x-forwarded-for": "10.0.0.1", "Cookie": "a=b"]
        #expect(headers.containsAny(of: ["X-Forwarded-Proto", "X-Forwarded-For"]))
        #expect(headers.containsAny(of: ["COOKIE"]))
        #expect(!headers.containsAny(of: ["X-Forwarded-Proto", "X-Forwarded-Host", "Remote-User"]))
        // Same length, other letters: not a match.
        #expect(!headers.containsAny(of: ["Hist"]))
        #expect(!headers.containsAny(of: []))
        #expect(!HTTPHeaders().containsAny(of: ["Host"]))
    }
}
