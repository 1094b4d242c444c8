import Testing

@testable import FolioHTTP

@Suite struct FormAndCookieTests {
    @Test func decodesUrlEncodedFormsAsUTF8WithPlusAsSpace() throws {
        let request = HTTPRequest(
            method: .post, target: "/",
            headers: ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"],
            body: Array("page=%E7%B2%BE%E5%8D%8E&q=a+b%2Bc&empty=&flag".utf8))
        let form = try request.form()
        #expect(form["page"] == "精华")
        #expect(form["q"] == "a b+c")
        #expect(form["empty"] == "")
        #expect(form["flag"] == "")
    }

    @Test func rejectsMalformedEscapesAndInvalidUTF8() {
        #expect(throws: FormDecodingError.self) { try FormFields(urlEncoded: Array("a=%4".utf8)) }
        #expect(throws: FormDecodingError.self) { try FormFields(urlEncoded: Array("a=%FF".utf8)) }
    }

    @Test func refusesAFormWithAnotherContentType() {
        let request = HTTPRequest(
            method: .post, target: "/", headers: ["Content-Type": "application/json"], body: [1])
        #expect(throws: FormDecodingError.self) { try request.form() }
    }

    @Test(arguments: [
        ("application/x-www-form-urlencoded", true),
        ("Application/X-WWW-Form-URLEncoded", true),
        (" \tapplication/x-www-form-urlencoded \t; charset=utf-8", true),
        ("application/x-www-form-urlencoded;", true),
        ("application/x-www-form-urlencodedx", false),
        ("application/x-www-form", false),
        ("text/application/x-www-form-urlencoded", false),
        ("", false),
        ("; application/x-www-form-urlencoded", false),
    ])
    func acceptsTheFormTypeWhateverItsCaseBlanksAndParameters(type: String, accepted: Bool) {
        let request = HTTPRequest(
            method: .post, target: "/", headers: ["Content-Type": type], body: Array("a=1".utf8))
        #expect((try? request.form())?["a"] == (accepted ? "1" : nil))
    }

    @Test func skipsEmptyPairsAndKeepsTheRest() throws {
        let form = try FormFields(urlEncoded: Array("&&a=1&&b=&=2&c&".utf8))
        #expect(form.fields.map(\.name) == ["a", "b", "", "c"])
        #expect(form.fields.map(\.value) == ["1", "", "2", ""])
        #expect(try FormFields(urlEncoded: Array("".utf8)).isEmpty)
        #expect(try FormFields(urlEncoded: Array("&".utf8)).isEmpty)
    }

    @Test func keepsRepeatedNamesInOrder() throws {
        let form = try FormFields(urlEncoded: Array("a=1&b=2&a=3".utf8))
        #expect(form.values(for: "a") == ["1", "3"])
    }

    @Test func parsesCookiesFromEveryCookieHeader() {
        let request = HTTPRequest(
            method: .get, target: "/",
            headers: HTTPHeaders([("Cookie", "a=1; b=\"two\""), ("Cookie", "c=3;a=9; junk")]))
        #expect(request.cookies == ["a": "1", "b": "two", "c": "3"])
    }

    @Test func decodesThePathOnceLeavingPlusAlone() {
        let request = HTTPRequest(method: .get, target: "/a%2520b+c?x=%2520")
        #expect(request.path == "/a%20b+c")
        #expect(request.query["x"] == "%20")
    }

    @Test func buildsAMethodNotAllowedWithAllow() {
        let response = HTTPResponse.methodNotAllowed(allowed: [.get, .head])
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, HEAD")
    }
}
