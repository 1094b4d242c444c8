import FolioCore
import Foundation
import Testing

@testable import Folio

/// The state JSON is written directly (`PagerProjection.jsonBytes`), not by
/// `JSONEncoder`: it must say exactly what `JSONEncoder` says, keys sorted
/// the same way, whatever the titles hold and whatever changed.
extension AppTests {
    @Test func theStateJSONSaysWhatJSONEncoderSaysWithTheSameKeysInTheSameOrder() throws {
        let store = MemorySessionStore()
        let hostile = [
            ("a", #"Quote " and back\slash"#), ("b", "精华 / 视频"), ("c", "</script><b>tab</b>"),
            ("d", "tab\there"),
        ]
        let old = try generation(hostile, store: store)
        let id = try firstClick(old, "/p", page: "b").session
        #expect(try click(old, "c", id).status == .seeOther)
        // Page c removed and the rest moved and retitled: every part of
        // `pagesChanged` is there, the selection's move too.
        let new = try generation(
            [("new", "Nëw"), ("d", "D"), ("b", #"B "2""#), ("a", "A")], store: store, withQ: false)
        let session = try store.session(id: id)
        let answers = [
            (new, "p", session), (old, "p", session), (old, "q", session), (new, "p", nil),
        ].map { app, pager, session in
            (app, pager, session, get(app, "/\(pager)/state", cookie: session?.id))
        }
        for (app, key, session, answer) in answers {
            #expect(answer.status == .ok)
            let written = Data(try #require(answer.body.collectedBytes()))
            let projection = try JSONDecoder().decode(PagerProjection.self, from: written)
            // What the state route projects, computed here.
            let pager = try app.site.access.visible(key, to: nil).get()
            let steps = app.site.routes.state.steps
            let record =
                try
                (pager.storedRecord(in: session)
                ?? steps.outcome(of: .appear, on: pager, session: nil, startIndex: 0).after)
            #expect(projection == PagerProjection(pager, record: record, site: app.site.routes.state.site))
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let encoded = try encoder.encode(projection)
            #expect(Self.keys(in: written) == Self.keys(in: encoded))
            let ours = try JSONSerialization.jsonObject(with: written) as? NSDictionary
            let theirs = try JSONSerialization.jsonObject(with: encoded) as? NSDictionary
            #expect(ours != nil && ours == theirs)
        }
        let moved = try JSONDecoder().decode(
            PagerProjection.self, from: Data(try #require(answers[0].3.body.collectedBytes())))
        #expect(moved.pagesChanged?.selectionMoved?.from == "c")
        #expect(moved.pages.map(\.title) == ["Nëw", "D", #"B "2""#, "A"])
    }

    /// Every object key of a JSON text, in the order written.
    static func keys(in json: Data) -> [String] {
        var keys: [String] = []
        var index = json.startIndex
        while index < json.endIndex {
            guard json[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            var end = index + 1
            while json[end] != UInt8(ascii: "\"") { end += json[end] == UInt8(ascii: "\\") ? 2 : 1 }
            if end + 1 < json.endIndex, json[end + 1] == UInt8(ascii: ":") {
                keys.append(String(decoding: json[(index + 1)..<end], as: UTF8.self))
            }
            index = end + 1
        }
        return keys
    }
}
