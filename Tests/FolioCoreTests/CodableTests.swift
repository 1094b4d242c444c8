import FolioCore
import Foundation
import Testing

/// Folio stores each browser session's pager state, so it round-trips
/// through JSON exactly, and a corrupted record is refused, never trusted.
@Suite struct CodableTests {
    @Test func aStateMidTransitionRoundTripsExactly() throws {
        var state = try News.shown(cacheLimit: 2)
        _ = try state.send(.titleTapped(index: 2))
        let data = try encoded(state)
        var restored = try JSONDecoder().decode(PagerState.self, from: data)
        #expect(restored == state)
        #expect(try encoded(restored) == data)
        #expect(try restored.send(.transitionFinished) == state.send(.transitionFinished))
    }

    @Test func theEncodingIsReadable() throws {
        var state = try PagerState(pages: [Page(key: "a", title: "A"), Page(key: "b", title: "B")])
        _ = try state.send(.appeared)
        let json = String(decoding: try encoded(state), as: UTF8.self)
        #expect(
            json
                == #"{"loadedKeys":["a"],"pages":[{"key":"a","title":"A"},{"key":"b","title":"B"}],"#
                + #""selection":{"shown":{"index":0}},"transition":{"slide":{}}}"#)
    }

    @Test func effectsAndGeometryAreCodableToo() throws {
        let effects: [PagerEffect] = [.load("a"), .willMove("b", toParent: false)]
        #expect(try JSONDecoder().decode([PagerEffect].self, from: JSONEncoder().encode(effects)) == effects)
        let bar = TitleBar.geometry(
            titles: Essence.titles, layout: .fit(padding: 8), style: .underline, fontSize: 14,
            selectedIndex: 1,
            viewportWidth: 100, measurer: FakeMeasurer())
        #expect(try JSONDecoder().decode(TitleBarGeometry.self, from: JSONEncoder().encode(bar)) == bar)
    }

    static let corrupted = [
        #"{"loadedKeys":[],"pages":[],"selection":{"shown":{"index":0}},"transition":{"slide":{}}}"#,
        #"{"loadedKeys":["a"],"pages":[{"key":"a","title":"A"}],"selection":{"shown":{"index":3}},"transition":{"slide":{}}}"#,
        #"{"loadedKeys":["zzz"],"pages":[{"key":"a","title":"A"}],"selection":{"shown":{"index":0}},"transition":{"slide":{}}}"#,
        #"{"loadedKeys":[],"pages":[{"key":"a","title":"A"}],"selection":{"shown":{"index":0}},"transition":{"slide":{}}}"#,
        #"{"loadedKeys":["a"],"pages":[{"key":"a","title":"A"}],"selection":{"notAppeared":{"index":0}},"transition":{"slide":{}}}"#,
        #"{"loadedKeys":["a"],"pages":[{"key":"a","title":"A"},{"key":"a","title":"B"}],"selection":{"shown":{"index":0}},"transition":{"slide":{}}}"#,
        #"{"cacheLimit":0,"loadedKeys":["a"],"pages":[{"key":"a","title":"A"}],"selection":{"shown":{"index":0}},"transition":{"slide":{}}}"#,
        #"{"cacheLimit":1,"loadedKeys":["a","b"],"pages":[{"key":"a","title":"A"},{"key":"b","title":"B"}],"selection":{"shown":{"index":0}},"transition":{"slide":{}}}"#,
        #"{"loadedKeys":["a"],"pages":[{"key":"a","title":"A"}],"selection":{"transitioning":{"from":0,"to":0}},"transition":{"slide":{}}}"#,
    ]

    @Test(arguments: corrupted)
    func aStateThatBreaksAnInvariantIsRefused(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PagerState.self, from: Data(json.utf8))
        }
    }
}
