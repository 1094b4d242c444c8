import Testing

@testable import Folio

/// The pool that session ids and form nonces are drawn from.
@Suite struct RandomPoolTests {
    /// Bytes are handed out once: draws from several threads at once, over
    /// many refills of the pool, never repeat.
    @Test func drawsFromManyThreadsNeverRepeat() async {
        let draws = await withTaskGroup(of: [[UInt8]].self) { group in
            for _ in 0..<4 {
                group.addTask { (0..<500).map { _ in SystemRandomSource().randomBytes(count: 16) } }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(draws.count == 2_000)
        #expect(Set(draws).count == 2_000)
        #expect(draws.allSatisfy { $0.count == 16 })
    }

    /// Draws of sizes that do not divide the pool, and one larger than a
    /// refill (a server secret may be), are filled whole and differ.
    @Test func drawsOfAnySizeAreFilled() {
        let random = SystemRandomSource()
        for count in [1, 7, 33, 500, RandomPool.refillSize, RandomPool.refillSize + 1, 4_096] {
            // Two draws of one byte are the same one time in 256, so one
            // byte is drawn 32 times and must not always be the same (all
            // alike: far below once in a billion runs); from 7 bytes on, a
            // repeat among 32 draws is as unlikely, and none may repeat.
            let draws = (0..<32).map { _ in random.randomBytes(count: count) }
            #expect(draws.allSatisfy { $0.count == count })
            #expect(Set(draws).count >= (count == 1 ? 2 : 32), "draws of \(count) bytes repeated")
        }
        #expect(random.randomBytes(count: 0).isEmpty)
    }

    /// A long draw is not mostly zeros: a pool handing out wiped bytes
    /// would show here (the chance that 4,096 random bytes hold more than
    /// 64 zeros is far below 1 in a billion).
    @Test func drawnBytesAreNotWipedOnes() {
        let random = SystemRandomSource()
        for _ in 0..<8 {
            let bytes = (0..<256).flatMap { _ in random.randomBytes(count: 16) }
            #expect(bytes.filter { $0 == 0 }.count <= 64)
        }
    }
}
