import Testing

@testable import Folio

/// What every `SessionStore` does, checked on each kind by its own suite.
enum SessionStoreBehaviour {
    /// Five sessions seen at 0...4: those idle before 2 expire, then the
    /// least recently seen goes, leaving s3 and s4.
    static func expiresAndEvictsOldestFirst(_ store: any SessionStore) throws {
        for index in 0..<5 {
            try store.insert(SessionRecord(id: "s\(index)", csrfToken: "t", lastSeen: Double(index)))
        }
        #expect(try store.removeSessions(idleBefore: 2) == 2)
        try store.removeLeastRecentlySeen(count: 1)
        #expect(try store.session(id: "s2") == nil)
        #expect(try store.session(id: "s3") != nil)
        #expect(try store.count() == 2)
    }

    /// Ten sessions in ties of four: eviction removes exactly the count
    /// asked, 0 removes none, more than there are removes all.
    static func evictsExactlyTheCountAskedEvenAmongEqualTimes(_ store: any SessionStore) throws {
        for index in 0..<10 {
            try store.insert(SessionRecord(id: "s\(index)", csrfToken: "t", lastSeen: Double(index / 4)))
        }
        try store.removeLeastRecentlySeen(count: 6)
        #expect(try store.count() == 4)
        #expect(try store.session(id: "s8") != nil && store.session(id: "s9") != nil)
        #expect(try store.session(id: "s0") == nil && store.session(id: "s3") == nil)
        try store.removeLeastRecentlySeen(count: 0)
        #expect(try store.count() == 4)
        try store.removeLeastRecentlySeen(count: 50)
        #expect(try store.count() == 0)
    }
}
