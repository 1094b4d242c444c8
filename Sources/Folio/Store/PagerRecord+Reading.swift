import FolioCore
import FolioTemplate
import Foundation

extension PagerRecord {
    /// Reads a record as the `pagers` table stores it. The bytes Folio
    /// writes (``storedJSON``) are read directly, since every click on
    /// PostgreSQL reads its session's record and `JSONDecoder` cost more
    /// than the rest of the click (BENCHMARKS.md); anything else (an
    /// older Folio's bytes, a change description, a corrupted row) goes
    /// through `JSONDecoder`, which decides and words what is wrong.
    init(storedJSON bytes: [UInt8]) throws {
        if let record = Self.readDirectly(bytes) {
            self = record
        } else {
            self = try JSONDecoder().decode(PagerRecord.self, from: Data(bytes))
        }
    }

    /// The record if the bytes are the shape ``storedJSON`` writes, with
    /// no change description; `nil` leaves them to `JSONDecoder`.
    static func readDirectly(_ bytes: [UInt8]) -> PagerRecord? {
        // JSONDecoder refuses text that is not UTF-8; the reader would repair it.
        guard bytes.allSatisfy({ $0 < 0x80 }) || String(validating: bytes, as: UTF8.self) != nil,
            let root = try? JSONReader.parse(bytes), let members = root.members
        else { return nil }
        var state: PagerState?
        var shownCounts: [String: Int]?
        var lastClickAt: Double?
        for member in members {
            switch (member.key, member.value.value) {
            case ("state", _) where state == nil:
                guard let read = PagerState(storedNode: member.value) else { return nil }
                state = read
            case ("shownCounts", .object(let counts)) where shownCounts == nil:
                var read: [String: Int] = [:]
                for count in counts {
                    guard let value = count.value.integer, read.updateValue(value, forKey: count.key) == nil
                    else { return nil }
                }
                shownCounts = read
            case ("lastClickAt", .number(let value)) where lastClickAt == nil: lastClickAt = value
            case ("lastClickAt", .null), ("pagesChanged", .null): continue
            case ("state", _), ("shownCounts", _), ("lastClickAt", _), ("pagesChanged", _): return nil
            default: continue  // JSONDecoder ignores keys it does not know
            }
        }
        guard let state, let shownCounts else { return nil }
        return PagerRecord(state: state, shownCounts: shownCounts, lastClickAt: lastClickAt)
    }
}

extension PagerState {
    /// The state `init(from:)` would decode from this node, or `nil` when
    /// the node is not plainly that shape (left to `JSONDecoder`).
    fileprivate init?(storedNode node: JSONNode) {
        guard let members = node.members, Set(members.map(\.key)).count == members.count else { return nil }
        var pages: [Page]?
        var selection: PagerSelection?
        var loadedKeys: [String]?
        var cacheLimit: Int?
        var transition: Transition?
        for member in members {
            switch member.key {
            case "pages":
                guard case .array(let items) = member.value.value else { return nil }
                var read: [Page] = []
                read.reserveCapacity(items.count)
                for item in items {
                    guard let fields = item.fields(["key", "title"]), let key = fields[0].string,
                        let title = fields[1].string
                    else { return nil }
                    read.append(Page(key: key, title: title))
                }
                pages = read
            case "selection":
                guard let (phase, fields) = member.value.singleCase else { return nil }
                switch phase {
                case "notAppeared", "shown":
                    guard let index = fields.fields(["index"])?[0].integer else { return nil }
                    selection = phase == "shown" ? .shown(index: index) : .notAppeared(index: index)
                case "transitioning":
                    guard let both = fields.fields(["from", "to"]), let from = both[0].integer,
                        let to = both[1].integer
                    else { return nil }
                    selection = .transitioning(from: from, to: to)
                default: return nil
                }
            case "loadedKeys":
                guard case .array(let items) = member.value.value else { return nil }
                var read: [String] = []
                read.reserveCapacity(items.count)
                for item in items {
                    guard let key = item.string else { return nil }
                    read.append(key)
                }
                loadedKeys = read
            case "cacheLimit":
                if case .null = member.value.value { continue }
                guard let limit = member.value.integer else { return nil }
                cacheLimit = limit
            case "transition":
                guard let (kind, fields) = member.value.singleCase else { return nil }
                switch kind {
                case "slide":
                    guard fields.members != nil else { return nil }
                    transition = .slide
                case "crossDissolve":
                    guard case .number(let duration)? = fields.fields(["duration"])?[0].value else {
                        return nil
                    }
                    transition = .crossDissolve(duration: duration)
                default: return nil
                }
            default: continue
            }
        }
        guard let pages, let selection, let loadedKeys, let transition,
            let state = try? PagerState(
                restoringPages: pages, selection: selection, loadedKeys: loadedKeys, cacheLimit: cacheLimit,
                transition: transition)
        else { return nil }
        self = state
    }
}

extension JSONNode {
    fileprivate var members: [JSONMember]? {
        if case .object(let members) = value { members } else { nil }
    }

    fileprivate var string: String? {
        if case .string(let text) = value { text } else { nil }
    }

    /// A whole number that fits an `Int`, as `JSONDecoder` reads one.
    fileprivate var integer: Int? {
        guard case .number(let number) = value, number == number.rounded(.towardZero),
            abs(number) < 0x1p53
        else { return nil }
        return Int(number)
    }

    /// The values of exactly these keys, in this order: an object with no
    /// other key and none twice.
    fileprivate func fields(_ keys: [String]) -> [JSONNode]? {
        guard let members, members.count == keys.count else { return nil }
        var values: [JSONNode] = []
        for key in keys {
            guard let member = members.first(where: { $0.key == key }) else { return nil }
            values.append(member.value)
        }
        return values
    }

    /// An enum case as `Codable` writes one: an object of one key holding
    /// an object of the case's values.
    fileprivate var singleCase: (String, JSONNode)? {
        guard let members, members.count == 1, members[0].value.members != nil else { return nil }
        return (members[0].key, members[0].value)
    }
}
