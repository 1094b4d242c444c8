import COpenSSL
import FolioSync

/// Secure random bytes drawn ahead, a few hundred at a time, and handed out
/// once each.
///
/// Every view without a session needs a fresh 16-byte form nonce. One
/// `RAND_bytes` call costs about a microsecond whatever its size (OpenSSL
/// takes its DRBG's locks and asks the kernel for the process id, to notice
/// a fork), so drawing 512 bytes at once makes a nonce cost a copy.
/// Bytes handed out are wiped from the pool, so none is given twice and none
/// stays behind. Folio never forks, so a child cannot share a parent's pool.
///
/// Each thread draws from a pool of its own: one shared behind a lock had
/// both event loops waiting on each other for it.
final class RandomPool {
    /// The calling thread's pool, which `SystemRandomSource` draws from.
    static var forThisThread: RandomPool { pools.value }
    private static let pools = ThreadLocal { RandomPool() }

    /// How many bytes one refill draws; a request larger than this goes to
    /// the generator directly.
    static let refillSize = 512

    private var bytes = [UInt8](repeating: 0, count: RandomPool.refillSize)
    /// Bytes before this index were handed out (and wiped).
    private var used = RandomPool.refillSize

    /// Fills `output` with bytes nobody else is given.
    func fill(_ output: UnsafeMutableRawBufferPointer) {
        let count = output.count
        guard count <= Self.refillSize else {
            Self.generate(output)
            return
        }
        if Self.refillSize - used < count {
            bytes.withUnsafeMutableBytes { Self.generate($0) }
            used = 0
        }
        let start = used
        bytes.withUnsafeMutableBytes { pool in
            let taken = UnsafeMutableRawBufferPointer(rebasing: pool[start..<start + count])
            output.copyMemory(from: UnsafeRawBufferPointer(taken))
            taken.initializeMemory(as: UInt8.self, repeating: 0)
        }
        used += count
    }

    /// OpenSSL's DRBG (seeded and reseeded from `getrandom(2)`); the
    /// system's generator if it ever fails.
    private static func generate(_ output: UnsafeMutableRawBufferPointer) {
        guard let base = output.baseAddress, !output.isEmpty else { return }
        if RAND_bytes(base.assumingMemoryBound(to: UInt8.self), Int32(output.count)) == 1 { return }
        var generator = SystemRandomNumberGenerator()
        for index in output.indices { output[index] = generator.next() }
    }
}
