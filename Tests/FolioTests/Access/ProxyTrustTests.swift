import FolioHTTP
import Testing

@testable import Folio

/// Identity and forwarded headers are believed from trusted proxies only
/// (issue 18, item 1).
@Suite struct ProxyTrustTests {
    static let signedHeaders: HTTPHeaders = [
        "X-Forwarded-User": "ann", "X-Forwarded-Email": "ann@example.com",
        "X-Forwarded-Groups": "ops, sre", "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "dash.example.com",
    ]

    static func request(from address: String?) -> HTTPRequest {
        var request = HTTPRequest(method: .get, target: "/", headers: signedHeaders)
        request.remoteAddress = address
        return request
    }

    @Test func addressRangesMatchTheirOwnFamilyAndPrefixOnly() throws {
        let loopback = try #require(AddressRange("127.0.0.0/8"))
        #expect(loopback.contains("127.0.0.2") && !loopback.contains("128.0.0.1"))
        let one = try #require(AddressRange("127.0.0.1"))
        #expect(one.contains("127.0.0.1") && !one.contains("127.0.0.2"))
        let odd = try #require(AddressRange("10.1.2.0/23"))
        #expect(odd.contains("10.1.3.255") && !odd.contains("10.1.4.0"))
        let v6 = try #require(AddressRange("fd00::/8"))
        #expect(v6.contains("fd12::1") && !v6.contains("fe80::1") && !v6.contains("127.0.0.1"))
        #expect(try #require(AddressRange("::1/128")).contains("::1"))
        #expect(try #require(AddressRange("0.0.0.0/0")).contains("203.0.113.9"))
        for bad in [
            "127.0.0.1/33", "::1/129", "localhost", "10.0.0.0/", "10.0.0.0/+8", "1.2.3/8", "",
            "10.9.9.9/-0", "10.9.9.9/-8", "::1/-0", "10.0.0.0/ 8", "10.0.0.0/8 ", "10.0.0.0/0008",
            "10.0.0.0/٨",
        ] {
            #expect(AddressRange(bad) == nil, "\(bad)")
        }
    }

    @Test func aTrustedProxyIsBelievedAndAnyOtherPeerIsNot() throws {
        let trust = ProxyTrust(
            proxies: [try #require(AddressRange("127.0.0.1/32"))], identity: IdentityHeaders())
        let believed = trust.believed(Self.request(from: "127.0.0.1"))
        #expect(
            trust.person(in: believed)
                == Person(user: "ann", email: "ann@example.com", groups: ["ops", "sre"]))
        #expect(CookiePolicy.isHTTPS(believed))
        let stranger = trust.believed(Self.request(from: "127.0.0.2"))
        #expect(trust.person(in: stranger) == nil)
        #expect(!CookiePolicy.isHTTPS(stranger))
        #expect(stranger.headers["X-Forwarded-Host"] == nil && stranger.headers["X-Forwarded-Groups"] == nil)
    }

    @Test func withoutTrustedProxiesNobodyIsSignedInAndTheSchemeIsBelievedAsBefore() {
        let trust = ProxyTrust(proxies: [], identity: IdentityHeaders())
        let request = trust.believed(Self.request(from: "127.0.0.1"))
        #expect(trust.person(in: request) == nil)
        #expect(CookiePolicy.isHTTPS(request))
    }

    @Test func theHeaderNamesCanBeChanged() throws {
        var names = IdentityHeaders()
        names.user = "Remote-User"
        let trust = ProxyTrust(proxies: [try #require(AddressRange("::1/128"))], identity: names)
        var request = HTTPRequest(
            method: .get, target: "/", headers: ["Remote-User": "bob", "X-Forwarded-User": "ann"])
        request.remoteAddress = "::1"
        #expect(trust.person(in: trust.believed(request))?.user == "bob")
        request.remoteAddress = "::2"
        #expect(trust.person(in: trust.believed(request)) == nil)
    }

    @Test func anIdentityHeaderSentTwiceNamesNobody() throws {
        let trust = ProxyTrust(
            proxies: [try #require(AddressRange("127.0.0.1"))], identity: IdentityHeaders())
        var request = Self.request(from: "127.0.0.1")
        request.headers.add(name: "x-forwarded-groups", value: "admins")
        #expect(trust.person(in: trust.believed(request)) == nil)
        var unknown = Self.request(from: "unknown")
        unknown.headers.add(name: "Host", value: "x")
        #expect(trust.person(in: trust.believed(unknown)) == nil)
    }

    @Test func aPersonNeedsAUserOrAnEmail() {
        let names = IdentityHeaders()
        #expect(Person(["X-Forwarded-Groups": "ops"], names: names) == nil)
        #expect(Person(["X-Forwarded-User": "  "], names: names) == nil)
        #expect(Person(["X-Forwarded-Email": "a@example.com"], names: names)?.stableName == "a@example.com")
    }
}

/// The client a stream counts against (issue 24, item 5).
@Suite struct ProxyTrustClientAddressTests {
    static func request(from address: String?, forwardedFor: String?) -> HTTPRequest {
        var request = HTTPRequest(method: .get, target: "/")
        if let forwardedFor { request.headers.add(name: "X-Forwarded-For", value: forwardedFor) }
        request.remoteAddress = address
        return request
    }

    @Test func aTrustedProxyNamesTheClientAndAnyOtherPeerIsItself() throws {
        let trust = ProxyTrust(
            proxies: [try #require(AddressRange("127.0.0.0/8"))], identity: IdentityHeaders())
        #expect(
            trust.clientAddress(of: Self.request(from: "127.0.0.1", forwardedFor: "203.0.113.9"))
                == "203.0.113.9")
        // The nearest hop that is not a trusted proxy: the left ones are the client's to write.
        #expect(
            trust.clientAddress(
                of: Self.request(from: "127.0.0.1", forwardedFor: "1.2.3.4, 198.51.100.7,127.0.0.2"))
                == "198.51.100.7")
        #expect(trust.clientAddress(of: Self.request(from: "127.0.0.1", forwardedFor: nil)) == "127.0.0.1")
        #expect(
            trust.clientAddress(of: Self.request(from: "192.0.2.1", forwardedFor: "203.0.113.9"))
                == "192.0.2.1")
        let noProxies = ProxyTrust(proxies: [], identity: IdentityHeaders())
        #expect(
            noProxies.clientAddress(of: Self.request(from: "192.0.2.1", forwardedFor: "203.0.113.9"))
                == "192.0.2.1")
        #expect(noProxies.clientAddress(of: Self.request(from: nil, forwardedFor: nil)) == nil)
    }
}
