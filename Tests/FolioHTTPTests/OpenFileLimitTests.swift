import Testing

@testable import FolioHTTP

/// The connection cap stays under the open-file limit, so a client past it
/// gets the cap's quick 503 instead of waiting unanswered in the backlog.
@Suite struct OpenFileLimitTests {
    @Test func aSmallConfiguredCapIsKept() {
        #expect(OpenFileLimit.connectionCap(configured: 5) == 5)
    }

    @Test func aCapAboveTheOpenFileLimitIsLoweredBelowIt() throws {
        let limit = try #require(OpenFileLimit.current)
        let cap = OpenFileLimit.connectionCap(configured: Int.max)
        #expect(cap <= limit - OpenFileLimit.reserved)
        #expect(cap >= 1)
    }

    @Test func raisingNeverLowersTheLimit() throws {
        let before = try #require(OpenFileLimit.current)
        let after = try #require(OpenFileLimit.raiseToHardLimit())
        #expect(after >= before)
    }
}
