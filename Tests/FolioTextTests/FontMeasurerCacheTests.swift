import Testing

@testable import FolioText

/// Caching changes speed, never answers, and is safe across tasks.
struct FontMeasurerCacheTests {
    static let texts = ExpectedWidths.latin + ExpectedWidths.fallback

    @Test func measuringTwiceGivesTheSameAnswer() throws {
        let measurer = try Fixtures.withoutCJKFont()
        for (text, _) in Self.texts {
            let first = measurer.width(of: text, fontSize: 14)
            let second = measurer.width(of: text, fontSize: 14)
            #expect(first == second, "\(text)")
        }
    }

    @Test func oneCachedTextServesEverySize() throws {
        let measurer = try Fixtures.withoutCJKFont()
        let at14 = measurer.width(of: "Hello, world", fontSize: 14)
        #expect(agree(measurer.width(of: "Hello, world", fontSize: 7), at14 / 2))
    }

    @Test func uncachedAndCachedMeasurersAgree() throws {
        let cached = try Fixtures.withoutCJKFont()
        let uncached = try Fixtures.withoutCJKFont(cacheLimit: 0)
        for (text, expected) in Self.texts {
            let width = uncached.width(of: text, fontSize: 14)
            #expect(width == cached.width(of: text, fontSize: 14), "\(text)")
            #expect(agree(width, expected), "\(text)")
        }
    }

    @Test func aFullCacheIsEmptiedAndStillAnswersRight() throws {
        let measurer = try Fixtures.withoutCJKFont(cacheLimit: 2)
        for _ in 0..<3 {
            for (text, expected) in Self.texts {
                let width = measurer.width(of: text, fontSize: 14)
                #expect(agree(width, expected), "\(text)")
            }
        }
    }

    @Test func manyTasksMeasuringAtOnceGetTheExpectedWidths() async throws {
        let measurer = try Fixtures.withoutCJKFont(cacheLimit: 8)
        let texts = Self.texts
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<32 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<50 {
                        let (text, expected) = texts[(task + round) % texts.count]
                        if !agree(measurer.width(of: text, fontSize: 14), expected) { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
