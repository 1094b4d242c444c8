import Foundation
import Testing

@testable import Folio

/// Lowercase hex, as the form tokens, their cookie and the secret file spell bytes.
struct SecurityHexTests {
    @Test func everyByteIsSpelledAsPrintfSpellsIt() {
        let bytes = (0...255).map(UInt8.init)
        let expected = bytes.map { String(format: "%02x", $0) }.joined()
        #expect(Hex.encode(bytes) == expected)
        var appended: [UInt8] = []
        Hex.append(bytes, to: &appended)
        #expect(String(decoding: appended, as: UTF8.self) == expected)
        #expect(Hex.decode(Array(expected.utf8)) == bytes)
    }

    @Test func nothingIsSpelledAsNothing() {
        #expect(Hex.encode([UInt8]()) == "")
        #expect(Hex.encode([0xAB]) == "ab")
        #expect(Hex.encode(ArraySlice([1, 2, 0xFF])[1...]) == "02ff")
    }
}
