import FolioCore
import Foundation
import Testing

@testable import Folio

/// Every click on PostgreSQL reads its session's record, so the store reads
/// the bytes it writes directly instead of through `JSONDecoder`; it must
/// read exactly what `JSONDecoder` reads, and refuse what it refuses.
@Suite struct PagerRecordReadingTests {
    let records = PagerRecordJSONTests()

    @Test func readsWhatItWritesAsTheSameRecordWithoutJSONDecoder() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let record = try records.randomRecord(&random)
            #expect(try PagerRecord(storedJSON: record.storedJSON) == record)
            #expect(try PagerRecord(storedJSON: Array(JSONEncoder().encode(record))) == record)
            if record.pagesChanged == nil {
                #expect(PagerRecord.readDirectly(record.storedJSON) == record)
            }
        }
    }

    @Test func damagedBytesReadAsJSONDecoderReadsThem() throws {
        var random = SystemRandomNumberGenerator()
        let replacements = Array("0123456789{}[]\":,-.e nulltrue\\x\u{0}".utf8) + [0xC3, 0xFF]
        var refused = 0
        for _ in 0..<3_000 {
            var bytes = try records.randomRecord(&random).storedJSON
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0...2, using: &random) {
                case 0: bytes[at] = replacements.randomElement(using: &random)!
                case 1: bytes.remove(at: at)
                default: bytes.insert(replacements.randomElement(using: &random)!, at: at)
                }
                if bytes.isEmpty { bytes = [0x20] }
            }
            let decoded = try? JSONDecoder().decode(PagerRecord.self, from: Data(bytes))
            let read = try? PagerRecord(storedJSON: bytes)
            #expect(read == decoded, "\(String(decoding: bytes, as: UTF8.self))")
            if decoded == nil { refused += 1 }
        }
        #expect(refused > 1_000)  // the damage really breaks records
    }

    @Test func aRecordBreakingAnInvariantIsRefusedWithItsReason() throws {
        let bytes = Array(
            #"{"state":{"pages":[{"key":"a","title":"A"}],"selection":{"shown":{"index":3}},"loadedKeys":["a"],"transition":{"slide":{}}},"shownCounts":{}}"#
                .utf8)
        #expect(PagerRecord.readDirectly(bytes) == nil)
        #expect(throws: DecodingError.self) { try PagerRecord(storedJSON: bytes) }
    }
}
