import FolioCore
import Foundation
import Testing

@testable import Folio

/// The store writes pager records with its own JSON writer; what it writes
/// must read back as the very record, as `JSONEncoder`'s output does, or a
/// restart would lose (or change) every session's state.
@Suite struct PagerRecordJSONTests {
    /// Titles a dashboard may really have: quotes, backslashes, slashes,
    /// control characters, accents, right-to-left text and emoji.
    static let titles = [
        "Video", "a \"quoted\" tab", "back\\slash", "a/b", "tab\tand\nnewline", "\u{1}\u{1F}", "Café",
        "أخبار", "עברית", "हिन्दी", "👩🏽‍💻 dev", "",
    ]

    func randomRecord(_ random: inout SystemRandomNumberGenerator) throws -> PagerRecord {
        let count = Int.random(in: 1...6, using: &random)
        let pages = (0..<count).map { index in
            Page(
                key: "p\(index)\(index % 2 == 0 ? "" : "-ü")",
                title: Self.titles.randomElement(using: &random)!)
        }
        let transition: Transition =
            Bool.random(using: &random)
            ? .slide : .crossDissolve(duration: Double.random(in: 0...2, using: &random))
        let cacheLimit: Int? = Bool.random(using: &random) ? Int.random(in: 1...3, using: &random) : nil
        var state = try PagerState(
            pages: pages, selectedIndex: Int.random(in: 0..<count, using: &random), cacheLimit: cacheLimit,
            transition: transition)
        var counts: [String: Int] = [:]
        for _ in 0..<Int.random(in: 0...5, using: &random) {
            let effects: [PagerEffect]
            switch Int.random(in: 0...2, using: &random) {
            case 0: effects = (try? state.send(.appeared)) ?? []
            case 1: effects = (try? state.select(index: Int.random(in: 0..<count, using: &random))) ?? []
            default: effects = (try? state.send(.transitionFinished)) ?? []
            }
            for case .pageDidShow(let key) in effects { counts[key, default: 0] += 1 }
        }
        let lastClickAt: Double? =
            Bool.random(using: &random) ? 1.7e12 + Double.random(in: 0...1e9, using: &random) : nil
        var pagesChanged: PagesChange?
        if Bool.random(using: &random) {
            // Stored under an earlier configuration: some pages gone, the rest shuffled, one new.
            let kept = pages.shuffled(using: &random).prefix(Int.random(in: 0..<count, using: &random))
            let newPage = Page(key: "new \"ü\"", title: Self.titles.randomElement(using: &random)!)
            (state, pagesChanged) = try state.adapted(
                to: kept + [newPage], cacheLimit: cacheLimit, transition: transition)
        }
        return PagerRecord(
            state: state, shownCounts: counts, lastClickAt: lastClickAt, pagesChanged: pagesChanged)
    }

    @Test func storedJSONReadsBackAsTheRecordAndAsJSONEncodersDoes() throws {
        var random = SystemRandomNumberGenerator()
        let decoder = JSONDecoder()
        for _ in 0..<500 {
            let record = try randomRecord(&random)
            let written = try decoder.decode(PagerRecord.self, from: Data(record.storedJSON))
            let encoded = try decoder.decode(PagerRecord.self, from: JSONEncoder().encode(record))
            #expect(written == record)
            #expect(written == encoded)
        }
    }

    @Test func storedJSONIsValidJSONWithTheEncodersKeys() throws {
        var random = SystemRandomNumberGenerator()
        let record = try randomRecord(&random)
        let written = try #require(
            try JSONSerialization.jsonObject(with: Data(record.storedJSON)) as? [String: Any])
        let encoded = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(record)) as? [String: Any])
        #expect(Set(written.keys) == Set(encoded.keys))
        let writtenState = try #require(written["state"] as? [String: Any])
        let encodedState = try #require(encoded["state"] as? [String: Any])
        #expect(Set(writtenState.keys) == Set(encodedState.keys))
    }
}
