import Testing

@testable import Folio

/// Which cookie values name a session, and for whom (`SessionBinding`).
struct SessionBindingTests {
    private let binding = SessionBinding(secret: .random())
    private static let id = "0123456789abcdef0123456789abcdef"
    private static let ada = Person(user: "ada")

    @Test func anAnonymousVisitorsCookieIsTheBareId() {
        #expect(binding.cookieValue(id: Self.id, for: nil) == Self.id)
        #expect(binding.sessionID(fromCookie: Self.id, for: nil) == Self.id)
    }

    @Test func aSignedInPersonsCookieNamesTheSessionForThemOnly() {
        let value = binding.cookieValue(id: Self.id, for: Self.ada)
        #expect(value.hasPrefix(Self.id + "."))
        #expect(binding.sessionID(fromCookie: value, for: Self.ada) == Self.id)
        #expect(binding.sessionID(fromCookie: value, for: Person(user: "grace")) == nil)
        #expect(binding.sessionID(fromCookie: value, for: nil) == nil)
    }

    @Test func aCookieWithItsTagRemovedOrChangedNamesNothing() {
        let value = binding.cookieValue(id: Self.id, for: Self.ada)
        #expect(binding.sessionID(fromCookie: Self.id, for: Self.ada) == nil)
        #expect(binding.sessionID(fromCookie: Self.id + ".", for: Self.ada) == nil)
        #expect(binding.sessionID(fromCookie: String(value.dropLast()), for: Self.ada) == nil)
        let changedLastDigit = String(value.dropLast()) + (value.hasSuffix("0") ? "1" : "0")
        #expect(binding.sessionID(fromCookie: changedLastDigit, for: Self.ada) == nil)
        #expect(binding.sessionID(fromCookie: value + "0", for: Self.ada) == nil)
        // Another secret's tag for the same id and person.
        let other = SessionBinding(secret: .random()).cookieValue(id: Self.id, for: Self.ada)
        #expect(binding.sessionID(fromCookie: other, for: Self.ada) == nil)
    }

    @Test func anIdThatCannotBeOneNamesNothing() {
        for value in [
            "", ".", "0123456789ABCDEF0123456789ABCDEF", String(Self.id.dropLast()), Self.id + "0",
            "é" + Self.id.dropFirst(2),
        ] {
            #expect(binding.sessionID(fromCookie: value, for: nil) == nil, "\(value)")
            let tagged = binding.cookieValue(id: value, for: Self.ada)
            #expect(binding.sessionID(fromCookie: tagged, for: Self.ada) == nil, "\(tagged)")
        }
    }
}
